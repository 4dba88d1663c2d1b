// Claims the apiserver holds for a CloneSet but its cache does not show, when they matter for new instance ids
// (issue #12, docs/adr/0019-nothing-lost-under-faults.md). With PVC reuse on, a claim whose pod is gone is
// reused by the next pod created (getOrGenAvailableIDs in Kruise's pkg/controller/cloneset/sync/cloneset_scale.go),
// and nothing else ever deletes it. A claim created just before an apiserver restart (its create answered
// with an error although it was stored, or its expectation dropped with a lost partition) may still be missing
// from the cache when the next pod is created: a fresh id would then be minted, and the claim would stay
// behind with no pod for good. So before minting fresh ids the claims are listed from the apiserver once.

import { instanceId } from '../pod-state.ts';
import type { CloneSet, PersistentVolumeClaim } from '../types.ts';

type Claim = Pick<PersistentVolumeClaim, 'metadata'>;

/**
 * Whether a scale-up that creates pods with these ids should first look for claims the cache does not show:
 * PVC reuse is on, the CloneSet has volumeClaimTemplates, and at least one id is fresh (no cached claim has it).
 */
export function shouldLookForUncachedClaims(
  cs: Pick<CloneSet, 'spec'>,
  createIds: readonly string[],
  cachedClaims: readonly Claim[],
): boolean {
  if (cs.spec.scaleStrategy?.enablePVCReuse !== true) return false;
  if ((cs.spec.volumeClaimTemplates ?? []).length === 0) return false;
  const known = new Set(cachedClaims.map(instanceId));
  return createIds.some((id) => !known.has(id));
}

/**
 * Claims from the apiserver (`live`) controlled by the CloneSet, not being deleted, with an instance id, that
 * the cache (`cached`, by name) does not hold: they join the claims the ids are chosen from.
 */
export function uncachedClaims<C extends Claim>(
  csUid: string,
  cached: readonly Claim[],
  live: readonly C[],
): C[] {
  const names = new Set(cached.map((c) => c.metadata.name));
  return live.filter((c) => {
    const meta = c.metadata;
    if (names.has(meta.name)) return false;
    if (meta.deletionTimestamp !== undefined && meta.deletionTimestamp !== null) return false;
    if (instanceId(c) === '') return false;
    return (meta.ownerReferences ?? []).some((r) => r.controller === true && r.uid === csUid);
  });
}
