// Ownership writes before scaling (docs/behaviour/cloneset.md#reconcile-steps steps 5–6): releasing pods whose labels stopped matching the
// selector, and — when PVC reuse is off — handing PVCs of inactive pods to those pods (garbage collection then
// removes them together) and deleting PVCs whose pod is gone.
import { NotFoundError } from '@kruise-ts/runtime';
import type { ClaimResult } from '../sync/claim.ts';
import type { PvcCleanupPlan } from '../sync/pvc-cleanup.ts';
import type { CloneSetPod, PersistentVolumeClaim } from '../types.ts';
import { deletePvc } from './scale-executor.ts';
import { recordEvent, type SyncContext } from './sync-context.ts';

export async function releasePods(
  ctx: SyncContext,
  release: ClaimResult<CloneSetPod>['release'],
): Promise<void> {
  for (const { pod, ownerReferences } of release) {
    try {
      await ctx.writer.setPodOwners(pod, ownerReferences);
      ctx.span.addEvent('pod released', { 'k8s.pod.name': pod.metadata.name ?? '' });
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err;
    }
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
  for (const pvc of plan.delete) await deletePvc(ctx, pvc);
}
