// CloneSet ControllerRevisions named and hashed exactly as Kruise names them (docs/behaviour/cloneset.md#revisions): the data is
// {"spec":{"template":{"$patch":"replace",…}}} as Go marshals it, the hash is FNV-1 32-bit over the data followed
// by the decimal collision count, rendered through Kubernetes' SafeEncodeString, and the name is <parent>-<hash>.

import { withoutConversionStash } from '@kruise-ts/api';
import { newControllerReference } from './claim.ts';
import { fnv1_32, newFnv1 } from './fnv.ts';
import { type JsonObject, marshalGoJson } from './go-json.ts';
import type { ControllerRevision } from './kube-types.ts';
import { type NormaliseOptions, normalisePodTemplate } from './pod-template-normalise.ts';

export const CONTROLLER_REVISION_HASH_LABEL = 'controller.kubernetes.io/hash';
export const VOLUME_CLAIM_TEMPLATE_HASH_ANNOTATION = 'kruise.io/cloneset-volumeclaimtemplate-hash';
export const CLONESET_API_VERSION = 'apps.kruise.io/v1beta1';
export const CLONESET_KIND = 'CloneSet';

// The alphabet has no vowels so that encoded hashes cannot spell words.
const SAFE_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
// Revision names must fit 253 characters: prefix, a dash and up to 10 hash characters (plus slack).
const MAX_PREFIX_LENGTH = 223;

/** Kubernetes rand.SafeEncodeString: each character maps to the alphabet by its code point modulo 27. */
export function safeEncodeString(s: string): string {
  let out = '';
  for (const ch of s) out += SAFE_ALPHABET[(ch.codePointAt(0) as number) % SAFE_ALPHABET.length];
  return out;
}

/**
 * history.HashControllerRevision: FNV-1 32 over the data bytes, then — only when a collision count is given — its
 * decimal digits (so a count of 0 still adds "0"); the decimal value of the sum is then SafeEncoded.
 * Kruise always passes a count (status.collisionCount, 0 when unset).
 */
export function hashControllerRevision(data: string | Uint8Array, collisionCount?: number): string {
  let sum: number;
  if (collisionCount === undefined) {
    sum = fnv1_32(data);
  } else {
    if (!Number.isInteger(collisionCount))
      throw new RangeError(`collisionCount must be an integer, got ${collisionCount}`);
    const h = newFnv1();
    h.write(data);
    h.write(String(collisionCount));
    sum = h.sum32();
  }
  return safeEncodeString(String(sum));
}

/** history.ControllerRevisionName: the prefix is cut to 223 characters. */
export function controllerRevisionName(prefix: string, hash: string): string {
  return `${prefix.length > MAX_PREFIX_LENGTH ? prefix.slice(0, MAX_PREFIX_LENGTH) : prefix}-${hash}`;
}

/** The revision data tree: the Go-normalised template with "$patch": "replace" (keys get sorted on marshal). */
export function cloneSetRevisionPatch(template: unknown, options?: NormaliseOptions): JsonObject {
  const normalised = normalisePodTemplate(template, options);
  return { spec: { template: { ...normalised, $patch: 'replace' } } };
}

/** The exact revision data text Kruise stores and hashes for a CloneSet with this `spec.template`. */
export function cloneSetRevisionData(template: unknown, options?: NormaliseOptions): string {
  return marshalGoJson(cloneSetRevisionPatch(template, options));
}

export interface CloneSetForRevision {
  metadata: { name: string; namespace?: string; uid: string; annotations?: Record<string, string> };
  spec: { template?: unknown };
}

export interface NewRevisionOptions extends NormaliseOptions {
  /**
   * Value for the volume-claim-template hash annotation. Kruise writes "" when the CloneSet has no
   * volumeClaimTemplates; computing the non-empty hash is left to the caller (see README of this package).
   */
  volumeClaimTemplatesHash?: string;
}

export interface NewRevision {
  /** Ready to create; `data` is the parsed form of `dataJson`. */
  revision: ControllerRevision;
  /** The exact bytes Kruise would store; send these verbatim to keep the stored data byte-identical. */
  dataJson: string;
  hash: string;
}

/**
 * Kruise's revision.NewRevision + history.NewControllerRevision for a CloneSet: name, hash label, template labels,
 * a controller reference to the CloneSet, every CloneSet annotation and the volume-claim-template hash annotation.
 */
export function newCloneSetRevision(
  cloneSet: CloneSetForRevision,
  revisionNumber: number,
  collisionCount: number,
  options: NewRevisionOptions = {},
): NewRevision {
  const patch = cloneSetRevisionPatch(cloneSet.spec.template, options);
  const dataJson = marshalGoJson(patch);
  const hash = hashControllerRevision(dataJson, collisionCount);
  const template = (patch.spec as JsonObject).template as JsonObject;
  const templateLabels = ((template.metadata as JsonObject).labels ?? {}) as Record<string, string>;
  const owner = newControllerReference({
    apiVersion: CLONESET_API_VERSION,
    kind: CLONESET_KIND,
    name: cloneSet.metadata.name,
    uid: cloneSet.metadata.uid,
  });
  const revision: ControllerRevision = {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name: controllerRevisionName(cloneSet.metadata.name, hash),
      ...(cloneSet.metadata.namespace === undefined ? {} : { namespace: cloneSet.metadata.namespace }),
      labels: { ...templateLabels, [CONTROLLER_REVISION_HASH_LABEL]: hash },
      annotations: {
        ...withoutConversionStash(cloneSet.metadata.annotations),
        [VOLUME_CLAIM_TEMPLATE_HASH_ANNOTATION]: options.volumeClaimTemplatesHash ?? '',
      },
      ownerReferences: [owner],
    },
    data: JSON.parse(dataJson),
    revision: revisionNumber,
  };
  return { revision, dataJson, hash };
}
