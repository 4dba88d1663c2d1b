// The SidecarSet hashes Kruise's mutating webhook writes as annotations on the SidecarSet (docs/behaviour/sidecarset.md#defaults,
// pkg/control/sidecarcontrol/hash.go): sha256 over the JSON of {"containers": …} (plus all initContainers when
// one of them is a native sidecar), hex, then SafeEncoded to 64 characters. The JSON here is Go-style with
// sorted keys over the stored object, not Go's struct order, so values differ from Kruise's; only equality
// between hashes computed by kruise-ts matters (the controller compares pod annotations with the SidecarSet's).
import { createHash } from 'node:crypto';
import { type JsonValue, marshalGoJson, safeEncodeString } from '@kruise-ts/core';
import { SIDECARSET_HASH_ANNOTATION, SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION } from './keys.ts';
import type { SidecarContainer, SidecarSet } from './types.ts';

export const isNativeSidecar = (c: { restartPolicy?: string }): boolean => c.restartPolicy === 'Always';

/** What the hashes read of a SidecarSet (of either version). */
export type HashedSidecarSet = { spec: Pick<SidecarSet['spec'], 'containers' | 'initContainers'> };

function encode(spec: HashedSidecarSet['spec'], withImages: boolean): string {
  const strip = (list: readonly SidecarContainer[] | undefined): SidecarContainer[] =>
    (list ?? []).map((c) => (withImages ? c : { ...c, image: '' }));
  const data: Record<string, unknown> = { containers: strip(spec.containers) };
  if ((spec.initContainers ?? []).some(isNativeSidecar)) data.initContainers = strip(spec.initContainers);
  // A JSON round trip drops undefined members, as the apiserver would.
  return marshalGoJson(JSON.parse(JSON.stringify(data)) as JsonValue);
}

const digest = (text: string) => safeEncodeString(createHash('sha256').update(text).digest('hex'));

export function computeSidecarSetHash(sidecarSet: HashedSidecarSet): string {
  return digest(encode(sidecarSet.spec, true));
}

export function computeSidecarSetHashWithoutImage(sidecarSet: HashedSidecarSet): string {
  return digest(encode(sidecarSet.spec, false));
}

/** The hash annotations to write on a SidecarSet (Kruise overwrites user values on every write). */
export function sidecarSetHashAnnotations(sidecarSet: HashedSidecarSet): Record<string, string> {
  return {
    [SIDECARSET_HASH_ANNOTATION]: computeSidecarSetHash(sidecarSet),
    [SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION]: computeSidecarSetHashWithoutImage(sidecarSet),
  };
}

/**
 * GetSidecarSetRevision: the SidecarSet's hash annotation. A SidecarSet written while no webhook ran has none;
 * then the hash is computed, so that the webhook and the controller still agree.
 */
export function sidecarSetRevision(sidecarSet: SidecarSet): string {
  return sidecarSet.metadata?.annotations?.[SIDECARSET_HASH_ANNOTATION] || computeSidecarSetHash(sidecarSet);
}

export function sidecarSetRevisionWithoutImage(sidecarSet: SidecarSet): string {
  return (
    sidecarSet.metadata?.annotations?.[SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION] ||
    computeSidecarSetHashWithoutImage(sidecarSet)
  );
}
