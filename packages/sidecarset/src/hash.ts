// The SidecarSet hashes Kruise's mutating webhook writes as annotations on the SidecarSet (docs/behaviour/sidecarset.md#defaults,
// pkg/control/sidecarcontrol/hash.go): sha256 over the JSON of {"containers": …} (plus all initContainers when
// one of them is a native sidecar), hex, then SafeEncoded to 64 characters. Kruise marshals its Go structs, so the
// containers are first read as Go would decode them into SidecarContainer (unknown fields dropped, empty omitempty
// fields left out, zero structs such as "resources": {} written) and then written with the struct fields in Go's
// declaration order and only map keys sorted; the values equal Kruise's byte for byte.
import { createHash } from 'node:crypto';
import {
  GoDecodeError,
  type JsonObject,
  marshalGoJsonInOrder,
  normaliseAsGoStruct,
  safeEncodeString,
} from '@kruise-ts/core';
import { SIDECARSET_HASH_ANNOTATION, SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION } from './keys.ts';
import { SIDECAR_CONTAINER_LAYOUT, SIDECAR_CONTAINER_ROOT } from './sidecar-container-layout.ts';
import type { SidecarSet } from './types.ts';

export const isNativeSidecar = (c: { restartPolicy?: string | null }): boolean =>
  c.restartPolicy === 'Always';

/** What the hashes read of a SidecarSet (of either version). */
export type HashedSidecarSet = { spec: Pick<SidecarSet['spec'], 'containers' | 'initContainers'> };

/**
 * A SidecarContainer as Go encodes it after decoding: the core/v1 Container fields (embedded, so first), then
 * Kruise's own fields in declaration order (sidecar-container-layout.ts).
 */
export function goSidecarContainer(raw: unknown, path = SIDECAR_CONTAINER_ROOT): JsonObject {
  return normaliseAsGoStruct(raw, { layout: SIDECAR_CONTAINER_LAYOUT, path }, SIDECAR_CONTAINER_ROOT);
}

/** A list of SidecarContainers as Go holds it: absent or null is a nil slice (null), [] stays []. */
export function goSidecarContainers(raw: unknown, path: string): JsonObject[] | null {
  if (raw === undefined || raw === null) return null;
  if (!Array.isArray(raw)) throw new GoDecodeError(path, 'cannot unmarshal into a Go slice');
  return raw.map((c: unknown, i) => goSidecarContainer(c, `${path}[${i}]`));
}

/** SidecarSetHashWithoutImage blanks Image before marshalling; the tag's omitempty then leaves it out. */
const withoutImage = (c: JsonObject): JsonObject =>
  Object.fromEntries(Object.entries(c).filter(([key]) => key !== 'image'));

function goHashedContainers(raw: unknown, path: string, withImages: boolean): JsonObject[] | null {
  const containers = goSidecarContainers(raw, path);
  return withImages || containers === null ? containers : containers.map(withoutImage);
}

function encode(spec: HashedSidecarSet['spec'], withImages: boolean): string {
  const containers = goHashedContainers(spec.containers, 'spec.containers', withImages);
  // The map Kruise marshals has sorted keys: "containers" before "initContainers".
  let text = `{"containers":${containers === null ? 'null' : marshalGoJsonInOrder(containers)}`;
  const initContainers = goHashedContainers(spec.initContainers, 'spec.initContainers', withImages);
  if (initContainers?.some((c) => c.restartPolicy === 'Always'))
    text += `,"initContainers":${marshalGoJsonInOrder(initContainers)}`;
  return `${text}}`;
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
