// Carrying out a scale plan (docs/behaviour/cloneset.md#scale-steps, #pod-creation): lifecycle patches, pod (and PVC) creation in slow-start batches,
// deletions of pods with their PVCs. Every create/delete is announced to the scale expectations first and
// withdrawn when the call fails, so the reconcile waits exactly for what is in flight.
import { type ControllerRevision, doItSlowly, LifecycleState, lifecycleStatePatch } from '@kruise-ts/core';
import { AlreadyExistsError, ConflictError, NotFoundError } from '@kruise-ts/runtime';
import { newVersionedPod } from '../pods/new-pod.ts';
import type { ScalePlan } from '../sync/scale.ts';
import type { CloneSetPod, PersistentVolumeClaim } from '../types.ts';
import { errorText } from './error-text.ts';
import { POD, PVC } from './kinds.ts';
import { writeTransition } from './lifecycle-write.ts';
import { recordEvent, revisionTemplate, type SyncContext } from './sync-context.ts';

export interface ScaleRevisions {
  current: ControllerRevision;
  update: ControllerRevision;
}

/** What the deletion of an object that is already gone (or replaced by a namesake) means: nothing to do. */
const isGone = (err: unknown): boolean => err instanceof NotFoundError || err instanceof ConflictError;

export async function executeScale(
  ctx: SyncContext,
  plan: ScalePlan<CloneSetPod, PersistentVolumeClaim>,
  pvcs: readonly PersistentVolumeClaim[],
  revisions: ScaleRevisions,
): Promise<void> {
  if (plan.scaleUpLimited !== undefined) {
    recordEvent(
      ctx,
      'Warning',
      'ScaleUpLimited',
      `scaleUp is limited because of scaleStrategy.maxUnavailable, limit: ${plan.scaleUpLimited.limit}`,
    );
  }
  ctx.span.addEvent('scale', {
    'kruise.scale.step': plan.step,
    'kruise.scale.create': plan.create.currentRevision.length + plan.create.updateRevision.length,
    'kruise.scale.delete': plan.deletions.length,
  });
  for (const pod of plan.cancelPreparingDelete) {
    await ctx.writer.patchPod(
      pod.metadata.name ?? '',
      lifecycleStatePatch(LifecycleState.PreparingNormal, ctx.now),
    );
  }
  for (const { pod, markPodNotReady } of plan.markPreparingDelete) {
    await writeTransition(ctx, pod, { to: LifecycleState.PreparingDelete, markPodNotReady });
  }
  await createPods(ctx, plan.create, pvcs, revisions);
  await deletePods(ctx, plan.deletions);
}

/**
 * Each pod, then its claims (as Kruise's deletePods). The claims are owed from before the first pod's delete
 * leaves until their own deletes succeed, and recorded with one liveness beat for the batch: a replica frozen
 * between a pod's delete and its claims' leaves them to its successor instead of orphaning them.
 */
async function deletePods(
  ctx: SyncContext,
  deletions: ScalePlan<CloneSetPod, PersistentVolumeClaim>['deletions'],
): Promise<void> {
  const claimsOf = deletions.map(({ pvcs }) =>
    pvcs.map((c) => c.metadata.name ?? '').filter((n) => n !== ''),
  );
  for (const claims of claimsOf) for (const claim of claims) ctx.pendingClaims.add(ctx.key, claim);
  // Pods whose own delete is done (gone or going): their claims stay owed until deleted.
  let podsGone = 0;
  try {
    if (claimsOf.some((claims) => claims.length > 0)) await ctx.recordOwed();
    for (const { pod, pvcs } of deletions) {
      await deletePod(ctx, pod);
      podsGone++;
      for (const pvc of pvcs) {
        await deletePvc(ctx, pvc);
        ctx.pendingClaims.remove(ctx.key, pvc.metadata.name ?? '');
      }
    }
  } finally {
    // A pod not deleted owes nothing for its claims.
    for (const claims of claimsOf.slice(podsGone))
      for (const c of claims) ctx.pendingClaims.remove(ctx.key, c);
  }
}

async function createPods(
  ctx: SyncContext,
  ids: ScalePlan<CloneSetPod, PersistentVolumeClaim>['create'],
  pvcs: readonly PersistentVolumeClaim[],
  revisions: ScaleRevisions,
): Promise<void> {
  const jobs = [
    ...ids.currentRevision.map((id) => ({ id, revision: revisions.current })),
    ...ids.updateRevision.map((id) => ({ id, revision: revisions.update })),
  ];
  if (jobs.length === 0) return;
  const existingPvcs = new Set(pvcs.map((c) => c.metadata.name));
  const templates = new Map<string, ReturnType<typeof revisionTemplate>>();
  const templateOf = (rev: ControllerRevision) => {
    const name = rev.metadata.name ?? '';
    let t = templates.get(name);
    if (t === undefined) {
      t = revisionTemplate(rev);
      templates.set(name, t);
    }
    return t;
  };
  const result = await doItSlowly(jobs.length, async (i) => {
    const job = jobs[i];
    if (job === undefined) return;
    const { pod, pvcs: claims } = newVersionedPod({
      cloneSet: ctx.cs,
      template: templateOf(job.revision),
      revisionName: job.revision.metadata.name ?? '',
      instanceId: job.id,
      now: ctx.now,
      shortHash: ctx.gates.cloneSetShortHash === true,
    });
    for (const pvc of claims) {
      const name = pvc.metadata.name ?? '';
      if (existingPvcs.has(name)) continue;
      ctx.scale.expect(ctx.key, 'create', name);
      try {
        await ctx.writer.createPvc(pvc);
      } catch (err) {
        ctx.scale.observe(ctx.key, 'create', name);
        // Already there (an earlier attempt): the pod mounts it as is.
        if (!(err instanceof AlreadyExistsError)) {
          recordEvent(
            ctx,
            'Warning',
            'FailedCreate',
            `failed to create pvc: ${errorText(err)}, pvc: ${name}`,
          );
          throw err;
        }
      }
    }
    const name = pod.metadata.name;
    ctx.scale.expect(ctx.key, 'create', name);
    try {
      await ctx.writer.createPod(pod);
      recordEvent(ctx, 'Normal', 'SuccessfulCreate', `succeed to create pod ${name}`);
    } catch (err) {
      // A namesake the cache does not show yet is ours and in flight (created just before a restart): keep
      // waiting for it. One the cache shows is an inactive pod holding the name: a real failure (docs/behaviour/cloneset.md#pod-creation).
      if (
        err instanceof AlreadyExistsError &&
        ctx.cache.get(POD, ctx.cs.metadata.namespace, name) === undefined
      ) {
        return;
      }
      ctx.scale.observe(ctx.key, 'create', name);
      recordEvent(ctx, 'Warning', 'FailedCreate', `failed to create pod: ${errorText(err)}, pod: ${name}`);
      throw err;
    }
  });
  if (result.error !== undefined) {
    // The FailedScale message is the first creation error itself, as Kruise's (DoItSlowly returns it).
    throw new Error(errorText(result.error), { cause: result.error });
  }
}

async function deletePod(ctx: SyncContext, pod: CloneSetPod): Promise<void> {
  const name = pod.metadata.name ?? '';
  ctx.scale.expect(ctx.key, 'delete', name);
  try {
    if (await ctx.writer.deletePod(pod)) {
      recordEvent(ctx, 'Normal', 'SuccessfulDelete', `succeed to delete pod ${name}`);
    } else {
      // Already gone (or replaced under the same name): no delete event will come for this decision.
      ctx.scale.observe(ctx.key, 'delete', name);
    }
  } catch (err) {
    ctx.scale.observe(ctx.key, 'delete', name);
    if (!isGone(err)) {
      recordEvent(ctx, 'Warning', 'FailedDelete', `failed to delete pod ${name}: ${errorText(err)}`);
      throw err;
    }
  }
}

export async function deletePvc(ctx: SyncContext, pvc: PersistentVolumeClaim): Promise<void> {
  const name = pvc.metadata.name ?? '';
  // Only PVCs the cache holds can be observed going away.
  const tracked = ctx.cache.get(PVC, ctx.cs.metadata.namespace, name) !== undefined;
  if (tracked) ctx.scale.expect(ctx.key, 'delete', name);
  try {
    if (!(await ctx.writer.deletePvc(pvc)) && tracked) ctx.scale.observe(ctx.key, 'delete', name);
  } catch (err) {
    if (tracked) ctx.scale.observe(ctx.key, 'delete', name);
    if (!isGone(err)) throw err;
  }
}
