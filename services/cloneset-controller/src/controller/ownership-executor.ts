// Ownership writes before scaling (docs/behaviour/cloneset.md#reconcile-steps steps 5–6, #orphan-adoption):
// releasing pods and PVCs whose labels stopped matching the selector, adopting matching orphans (after an
// uncached recheck of the CloneSet), and — when PVC reuse is off — handing PVCs of inactive pods to those pods
// (garbage collection then removes them together) and deleting PVCs whose pod is gone.
import type { ClaimPlan } from '@kruise-ts/core';
import { applyClaim, type ClaimOutcome, NotFoundError } from '@kruise-ts/runtime';
import type { PvcCleanupPlan } from '../sync/pvc-cleanup.ts';
import type { CloneSetPod, PersistentVolumeClaim } from '../types.ts';
import { deletePvc } from './scale-executor.ts';
import { recordEvent, type SyncContext } from './sync-context.ts';

function readOwner(ctx: SyncContext) {
  return async () => (await ctx.writer.readCloneSet(ctx.cs.metadata.name)).metadata ?? {};
}

/**
 * Whether an object the plan would adopt or release still waits for our own earlier write to reach the cache:
 * the plan was then made from an old version, and writing it would only conflict.
 */
export function ownershipPending(ctx: SyncContext, plan: ClaimPlan<{ metadata: { uid?: string } }>): boolean {
  return [...plan.adopt, ...plan.release].some(
    ({ object }) =>
      !ctx.versions.isSatisfied(object as { metadata: { uid?: string; resourceVersion?: string } }).satisfied,
  );
}

export async function claimPodsOf(
  ctx: SyncContext,
  plan: ClaimPlan<CloneSetPod>,
): Promise<ClaimOutcome<CloneSetPod>> {
  const outcome = await applyClaim(ctx.cs.metadata.uid, plan, {
    setOwners: ({ object, ownerReferences }) => ctx.writer.setPodOwners(object, ownerReferences),
    readOwner: readOwner(ctx),
  });
  report(ctx, 'pod', outcome);
  return outcome;
}

export async function claimPvcsOf(
  ctx: SyncContext,
  plan: ClaimPlan<PersistentVolumeClaim>,
): Promise<ClaimOutcome<PersistentVolumeClaim>> {
  const outcome = await applyClaim(ctx.cs.metadata.uid, plan, {
    setOwners: ({ object, ownerReferences }) => ctx.writer.setPvcOwners(object, ownerReferences),
    readOwner: readOwner(ctx),
  });
  report(ctx, 'pvc', outcome);
  return outcome;
}

function report(
  ctx: SyncContext,
  kind: 'pod' | 'pvc',
  outcome: ClaimOutcome<{ metadata: { name?: string } }>,
) {
  const attr = kind === 'pod' ? 'k8s.pod.name' : 'k8s.pvc.name';
  for (const o of outcome.released) ctx.span.addEvent(`${kind} released`, { [attr]: o.metadata.name ?? '' });
  for (const o of outcome.adopted) ctx.span.addEvent(`${kind} adopted`, { [attr]: o.metadata.name ?? '' });
  if (outcome.adoptionRefused !== undefined) {
    ctx.span.addEvent('adoption refused', { 'kruise.adoption.reason': outcome.adoptionRefused });
  }
}

export async function cleanupPvcs(
  ctx: SyncContext,
  plan: PvcCleanupPlan<CloneSetPod, PersistentVolumeClaim>,
): Promise<void> {
  for (const { pvc, pod, ownerReferences } of plan.handToPod) {
    try {
      await ctx.writer.setPvcOwners(pvc, ownerReferences);
    } catch (err) {
      if (err instanceof NotFoundError) continue;
      recordEvent(
        ctx,
        'Warning',
        'FailedUpdate',
        `failed to update the owner of pvc ${pvc.metadata.name ?? ''} to pod ${pod.metadata.name ?? ''}: ${(err as Error).message}`,
      );
      throw err;
    }
  }
  for (const plan_ of plan.delete) await deletePvc(ctx, plan_);
}
