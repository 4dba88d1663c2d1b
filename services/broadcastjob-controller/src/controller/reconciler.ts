// One BroadcastJob reconcile: wait for our own writes to show in the cache (expectations, docs/behaviour/broadcastjob.md#controller step 1),
// decide with planBroadcastJob (pure), then carry the plan out — job deletion, pod deletes, slow-start pod
// creates stopping at the first failed batch, Events — and write the status settled by what actually happened.
import { doItSlowly, withKruisePodReadyCondition } from '@kruise-ts/core';
import {
  controlledNotCached,
  involvedObject,
  NotFoundError,
  openWorkloadRound,
  type Stored,
  type WorkloadReconcile,
  type WorkloadReconcileDeps,
  workloadWriterOptions,
} from '@kruise-ts/runtime';
import {
  failedCreateEvent,
  type PlannedEvent,
  successfulCreateEvent,
  successfulDeleteEvent,
} from '../events.ts';
import { BROADCASTJOB_API_VERSION, BROADCASTJOB_KIND } from '../labels.ts';
import { planBroadcastJob } from '../plan.ts';
import { settleStatus } from '../settle-status.ts';
import type { BroadcastJob } from '../types.ts';
import { JobWriter } from './job-writer.ts';
import { BROADCASTJOB, NODE, POD } from './kinds.ts';

export interface ReconcilerDeps extends WorkloadReconcileDeps {
  assignPodsByScheduler: boolean;
  now?: () => number;
}

export type BroadcastJobReconcile = WorkloadReconcile;

/** How soon creates held back by a cache behind the apiserver are tried again (the pods' events enqueue it too). */
const CACHE_BEHIND_RECHECK_MS = 500;

const involved = (obj: Stored<BroadcastJob>) =>
  involvedObject(BROADCASTJOB_API_VERSION, BROADCASTJOB_KIND, obj);

export function createBroadcastJobReconcile(deps: ReconcilerDeps): BroadcastJobReconcile {
  const now = deps.now ?? Date.now;
  return async (request) => {
    const { namespace, cache, fence, span } = request;
    const round = openWorkloadRound(request, BROADCASTJOB, deps);
    if (!round.proceed) return round.result;
    const { key, workload: job } = round;
    const record = (e: PlannedEvent) =>
      deps.recorder.record(involved(job), e.type, e.reason, e.message, fence);

    const plan = planBroadcastJob({
      job,
      pods: cache.list(POD, namespace).map((p) => p.object),
      // By name, so every replica and every round tries nodes in the same order.
      nodes: cache
        .list(NODE, '')
        .map((n) => n.object)
        .sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0)),
      now: now(),
      assignPodsByScheduler: deps.assignPodsByScheduler,
    });
    span.setAttributes({
      'kruise.broadcastjob.step': plan.step,
      'kruise.broadcastjob.desired': plan.observed.desired,
      'kruise.broadcastjob.active': plan.observed.active,
      'kruise.broadcastjob.creates': plan.podsToCreate.length,
      'kruise.broadcastjob.deletes': plan.podsToDelete.length,
    });
    if (plan.error !== undefined) throw new Error(`BroadcastJob ${key}: ${plan.error}`);

    const writer = new JobWriter(workloadWriterOptions(deps, request));
    if (plan.deleteJob) {
      await writer.deleteJob(job);
      request.logger?.info({ key }, 'BroadcastJob deleted: ttlSecondsAfterFinished passed');
      return undefined;
    }
    // On a freshly acquired partition, pods are created only once the apiserver shows none of this job's that
    // the cache lacks (runtime's kube/create-recheck.ts): a node would otherwise run the job twice.
    if (plan.podsToCreate.length > 0 && request.freshPartition()) {
      const cached = new Set(cache.list(POD, namespace).map((p) => p.object.metadata.name ?? ''));
      const unseen = controlledNotCached(job.metadata.uid ?? '', cached, await writer.listPods(job));
      if (unseen.length > 0) {
        span.addEvent('pods not cached yet', {
          'kruise.pod.names': unseen.map((p) => p.metadata.name ?? '').join(','),
        });
        request.cacheBehind();
        return { requeueAfter: CACHE_BEHIND_RECHECK_MS };
      }
    }

    for (const e of plan.events) record(e);

    let deleted = 0;
    const deleteErrors: unknown[] = [];
    await Promise.all(
      plan.podsToDelete.map(async ({ pod }) => {
        try {
          if (await writer.deletePod(pod)) {
            deleted++;
            record(successfulDeleteEvent(pod.metadata.name ?? ''));
          }
        } catch (err) {
          deleteErrors.push(err);
        }
      }),
    );

    // Slow start (1, 2, 4, …, the plan's createBatchSizes): a batch with a failure ends this round's creates.
    const creates = await doItSlowly(plan.podsToCreate.length, async (i) => {
      const { nodeName, pod } = plan.podsToCreate[i] as (typeof plan.podsToCreate)[number];
      try {
        record(successfulCreateEvent(await writer.createPod(nodeName, pod)));
      } catch (err) {
        record(failedCreateEvent(err instanceof Error ? err.message : String(err)));
        throw err;
      }
    });

    const status = settleStatus(plan, { deleted, createCallsCounted: creates.attempted });
    if (status !== undefined) await writer.writeStatus(job, status);

    // Kruise's pod-readiness controller: the job's pods got the KruisePodReady gate from the pod webhook. Apart
    // from the job's own writes there, so a failure here holds up neither its pods nor its status.
    const readinessErrors: unknown[] = [];
    for (const { object: pod } of cache.ownedBy(job.metadata.uid ?? '', POD)) {
      if (pod.metadata.deletionTimestamp) continue;
      const conditions = withKruisePodReadyCondition(pod, [], now());
      if (conditions === undefined) continue;
      try {
        await writer.setPodConditions(pod, conditions);
      } catch (err) {
        // Gone since the cache saw it: nothing to mark.
        if (!(err instanceof NotFoundError)) readinessErrors.push(err);
      }
    }

    const failure = creates.error ?? deleteErrors[0] ?? readinessErrors[0];
    if (failure !== undefined) {
      throw new Error(`BroadcastJob ${key}: a pod write failed`, { cause: failure });
    }
    return plan.requeueAfterMs === undefined ? undefined : { requeueAfter: plan.requeueAfterMs };
  };
}
