// The ownership and storage writes of a round before scaling: adopting and releasing pods
// (docs/behaviour/advanced-statefulset.md#claiming; applyClaim of @kruise-ts/runtime re-reads the set, uncached,
// before the first adoption) and growing the PVCs of a pod the rolling update reached (#volume-resize). Decisions are claimSetPods and
// planClaimResizes; this file only reads what they need and writes what they decide.
import type { ResourceVersionExpectations } from '@kruise-ts/core';
import { applyClaim, type ObjectCache } from '@kruise-ts/runtime';
import type { Span } from '@opentelemetry/api';
import { claimSetPods } from '../claim.ts';
import type { PersistentVolumeClaim, StatefulSet, StatefulSetPod } from '../types.ts';
import {
  OTHER_DIFF_REASON,
  OWNED_BY_ASTS_ANNOTATION,
  planClaimResizes,
  type StorageClassInfo,
} from '../volume-resize.ts';
import { POD } from './kinds.ts';
import type { SetWriter } from './set-writer.ts';

type StoredSet = StatefulSet & { metadata: { name: string; namespace: string; uid: string } };

export type PodClaim =
  | { pods: StatefulSetPod[]; requeueAfterMs?: undefined }
  /** Ownership changed (or a change of ours is not in the cache yet): decide again once the cache has it. */
  | { pods?: undefined; requeueAfterMs: number };

const OWNERSHIP_SETTLE_MS = 1000;

export async function claimPods(o: {
  set: StoredSet;
  cache: ObjectCache;
  writer: SetWriter;
  versions: ResourceVersionExpectations;
  span: Span;
}): Promise<PodClaim> {
  const { set, cache, writer, span } = o;
  const owned = cache.ownedBy(set.metadata.uid, POD).map((p) => p.object);
  const orphans = cache
    .list(POD, set.metadata.namespace)
    .filter((p) => p.controllerUid === '')
    .map((p) => p.object);
  const plan = claimSetPods(set, [...owned, ...orphans]);
  if (plan.adopt.length === 0 && plan.release.length === 0) return { pods: plan.claimed };
  // An ownership write of ours still on its way to the cache: the plan is built on the old version.
  const changing = [...plan.adopt, ...plan.release].map((c) => c.object);
  if (changing.some((p) => !o.versions.isSatisfied(p).satisfied))
    return { requeueAfterMs: OWNERSHIP_SETTLE_MS };
  const outcome = await applyClaim(set.metadata.uid, plan, {
    setOwners: ({ object, ownerReferences }) => writer.setPodOwners(object, ownerReferences),
    readOwner: async () => (await writer.readSet(set.metadata.name)).metadata ?? {},
  });
  for (const p of outcome.released) span.addEvent('pod released', { 'k8s.pod.name': p.metadata.name ?? '' });
  for (const p of outcome.adopted) span.addEvent('pod adopted', { 'k8s.pod.name': p.metadata.name ?? '' });
  if (outcome.adoptionRefused !== undefined) {
    span.addEvent('adoption refused', { 'kruise.adoption.reason': outcome.adoptionRefused });
  }
  if (outcome.adopted.length + outcome.released.length > 0) return { requeueAfterMs: OWNERSHIP_SETTLE_MS };
  return { pods: outcome.claimed };
}

/** A claim write that failed, naming the claim (Kruise's `FailedResize` Event names it). */
export class ClaimResizeError extends Error {
  readonly claim: string;
  constructor(claim: string, cause: unknown) {
    super(`could not update claim ${claim}: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.claim = claim;
  }
}

/** What growing one pod's claims did: the claims grown, or why the first refused one cannot grow. */
export interface ClaimResizeOutcome {
  resized: string[];
  refused?: { claim: string; reason: string; otherDiff: boolean };
}

/**
 * TryPatchPVC for one pod the rolling update reached: reads the storage classes the plan needs, then grows the
 * claims smaller than their templates. Stops at the first refused claim, as Kruise does (the round then fails).
 */
export async function resizePodClaims(o: {
  set: StoredSet;
  pod: StatefulSetPod;
  pvcs: readonly PersistentVolumeClaim[];
  writer: SetWriter;
  span: Span;
}): Promise<ClaimResizeOutcome> {
  const classes = new Map<string, StorageClassInfo | undefined>();
  const input = { set: o.set, pods: [o.pod], pvcs: o.pvcs, storageClasses: classes };
  let plan = planClaimResizes(input);
  if (plan.unknownClasses.length > 0) {
    for (const name of plan.unknownClasses) classes.set(name, await o.writer.readStorageClass(name));
    plan = planClaimResizes(input);
  }
  const refused = plan.refused[0];
  if (refused !== undefined) {
    return {
      resized: [],
      refused: {
        claim: refused.claim.metadata?.name ?? '',
        reason: refused.reason,
        otherDiff: refused.reason === OTHER_DIFF_REASON,
      },
    };
  }
  const resized: string[] = [];
  for (const { claim, resources } of plan.resize) {
    try {
      await o.writer.resizeClaim(claim, resources, {
        key: OWNED_BY_ASTS_ANNOTATION,
        value: o.set.metadata.name,
      });
    } catch (err) {
      throw new ClaimResizeError(claim.metadata?.name ?? '', err);
    }
    resized.push(claim.metadata?.name ?? '');
    o.span.addEvent('pvc resized', {
      'k8s.pvc.name': claim.metadata?.name ?? '',
      'k8s.pod.name': o.pod.metadata.name ?? '',
    });
  }
  return { resized };
}
