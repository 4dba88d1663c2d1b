// Whether a pod can move between two revisions in place, and what the in-place update changes (docs/behaviour/cloneset.md#in-place-able,
// defaultCalculateInPlaceUpdateSpec): only replaced container images and template metadata. Any other change —
// env, ports, resources, added containers, initContainers, volumes — needs a recreate.

import {
  type ControllerRevision,
  type JsonObject,
  type JsonValue,
  marshalGoJson,
  VOLUME_CLAIM_TEMPLATE_HASH_ANNOTATION,
} from '@kruise-ts/core';
import { createJsonPatch } from './json-diff.ts';
import { metadataPatch } from './metadata-patch.ts';

/** Kruise's UpdateSpec, limited to what this port supports (no env-from-metadata, no vertical scaling). */
export interface InPlaceUpdateSpec {
  /** Target revision name. */
  revision: string;
  /** Container name → new image. */
  containerImages: Record<string, string>;
  /** {"metadata": {...}} strategic-merge patch for the pod, when the template metadata changed. */
  metadataPatch?: JsonObject;
  /** inPlaceUpdateStrategy.gracePeriodSeconds. */
  graceSeconds: number;
}

export interface InPlaceSpecOptions {
  gracePeriodSeconds?: number;
  /** Kruise ignores the volumeClaimTemplates hash for InPlaceOnly. */
  ignoreVolumeClaimTemplatesHashDiff?: boolean;
  /** RecreatePodWhenChangeVCTInCloneSetGate. */
  recreatePodWhenChangeVCT?: boolean;
}

const CONTAINER_IMAGE_PATH = /^\/spec\/containers\/(\d+)\/image$/;

function revisionData(rev: ControllerRevision): unknown {
  const data = rev.data;
  if (typeof data === 'string') return JSON.parse(data);
  if (data instanceof Uint8Array) return JSON.parse(new TextDecoder().decode(data));
  return data ?? null;
}

interface TemplateShape {
  metadata?: Record<string, JsonValue>;
  spec?: { containers?: Array<{ name?: string }> };
}

function templateOf(data: unknown): TemplateShape {
  const spec = (data as { spec?: { template?: TemplateShape } } | null)?.spec;
  return spec?.template ?? {};
}

/** Both revisions carry the volume-claim-template hash and it differs. */
function volumeClaimTemplatesChanged(oldRev: ControllerRevision, newRev: ControllerRevision): boolean {
  const oldHash = oldRev.metadata.annotations?.[VOLUME_CLAIM_TEMPLATE_HASH_ANNOTATION];
  const newHash = newRev.metadata.annotations?.[VOLUME_CLAIM_TEMPLATE_HASH_ANNOTATION];
  return oldHash !== undefined && newHash !== undefined && oldHash !== newHash;
}

/**
 * The in-place update from `oldRevision` to `newRevision`, or undefined when the pod must be recreated (also when
 * the old revision is unknown, e.g. garbage-collected, or the data cannot be parsed).
 */
export function calculateInPlaceUpdateSpec(
  oldRevision: ControllerRevision | undefined,
  newRevision: ControllerRevision | undefined,
  opts: InPlaceSpecOptions = {},
): InPlaceUpdateSpec | undefined {
  if (oldRevision === undefined || newRevision === undefined) return undefined;
  let oldData: unknown;
  let newData: unknown;
  try {
    oldData = revisionData(oldRevision);
    newData = revisionData(newRevision);
  } catch {
    return undefined;
  }
  if (
    opts.recreatePodWhenChangeVCT === true &&
    opts.ignoreVolumeClaimTemplatesHashDiff !== true &&
    volumeClaimTemplatesChanged(oldRevision, newRevision)
  ) {
    return undefined;
  }

  const oldTemplate = templateOf(oldData);
  const newTemplate = templateOf(newData);
  const spec: InPlaceUpdateSpec = {
    revision: newRevision.metadata.name ?? '',
    containerImages: {},
    graceSeconds: opts.gracePeriodSeconds ?? 0,
  };
  let metadataChanged = false;
  for (const op of createJsonPatch(oldData, newData)) {
    const path = op.path.replace('/spec/template', '');
    if (!path.startsWith('/spec/')) {
      if (path.startsWith('/metadata/')) {
        metadataChanged = true;
        continue;
      }
      return undefined;
    }
    if (op.op !== 'replace') return undefined;
    const m = CONTAINER_IMAGE_PATH.exec(path);
    if (m === null) return undefined;
    const container = oldTemplate.spec?.containers?.[Number(m[1])];
    if (container === undefined || typeof op.value !== 'string') return undefined;
    spec.containerImages[container.name ?? ''] = op.value;
  }
  if (metadataChanged) {
    const patch = metadataPatch(oldTemplate.metadata, newTemplate.metadata);
    if (patch !== undefined) spec.metadataPatch = patch;
  }
  return spec;
}

/** CanUpdateInPlace. */
export function canUpdateInPlace(
  oldRevision: ControllerRevision | undefined,
  newRevision: ControllerRevision | undefined,
  opts: InPlaceSpecOptions = {},
): boolean {
  return calculateInPlaceUpdateSpec(oldRevision, newRevision, opts) !== undefined;
}

/**
 * The grace-period annotation (apps.kruise.io/inplace-update-grace) as Kruise writes it: the UpdateSpec as Go
 * JSON, empty fields omitted, the metadata patch as base64 bytes.
 */
export function serializeUpdateSpec(spec: InPlaceUpdateSpec): string {
  const parts = [`"revision":${marshalGoJson(spec.revision)}`];
  if (Object.keys(spec.containerImages).length > 0)
    parts.push(`"containerImages":${marshalGoJson(spec.containerImages)}`);
  if (spec.metadataPatch !== undefined) {
    const bytes = Buffer.from(marshalGoJson(spec.metadataPatch), 'utf8').toString('base64');
    parts.push(`"metaDataPatch":${marshalGoJson(bytes)}`);
  }
  if (spec.graceSeconds !== 0) parts.push(`"graceSeconds":${spec.graceSeconds}`);
  return `{${parts.join(',')}}`;
}

/** Reads a grace-period annotation back. Throws on malformed JSON. */
export function parseUpdateSpec(text: string): InPlaceUpdateSpec {
  const raw = JSON.parse(text) as {
    revision?: string;
    containerImages?: Record<string, string>;
    metaDataPatch?: string;
    graceSeconds?: number;
  };
  const spec: InPlaceUpdateSpec = {
    revision: raw.revision ?? '',
    containerImages: raw.containerImages ?? {},
    graceSeconds: raw.graceSeconds ?? 0,
  };
  if (typeof raw.metaDataPatch === 'string' && raw.metaDataPatch !== '') {
    spec.metadataPatch = JSON.parse(Buffer.from(raw.metaDataPatch, 'base64').toString('utf8')) as JsonObject;
  }
  return spec;
}
