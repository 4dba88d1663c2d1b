// What the SidecarSet webhooks add to @kruise-ts/api's defaulting: the hash annotations Kruise's mutating webhook
// writes (docs/behaviour/sidecarset.md#defaults).
import { type SidecarSet, sidecarSetHashAnnotations } from '@kruise-ts/sidecarset';

/** Writes (overwrites) kruise.io/sidecarset-hash and -hash-without-image on a defaulted SidecarSet. */
export function withSidecarSetHashes<T extends { metadata?: SidecarSet['metadata']; spec: object }>(
  obj: T,
): T {
  const hashes = sidecarSetHashAnnotations(obj as unknown as SidecarSet);
  obj.metadata = { ...obj.metadata, annotations: { ...obj.metadata?.annotations, ...hashes } };
  return obj;
}
