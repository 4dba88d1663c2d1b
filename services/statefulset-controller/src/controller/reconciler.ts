// One Advanced StatefulSet reconcile, in Kruise's order (docs/behaviour/advanced-statefulset.md#controller): revisions (create / reuse / roll back),
// the in-place refresh of every pod (#in-place-update), a scaling round (planScale: create in ordinal order,
// replace finished pods, delete condemned ones), then, if scaling did not end the round and earlier in-place writes
// are observed, a rolling-update round (planUpdate: update in place or delete pods highest ordinal first down to
// the partition, within maxUnavailable), the status (announced as RolloutProgress), and history truncation.
// Decisions are the pure plans; this file only carries them out and decides when to look again. The work runs in
// a `sync statefulset` span of the rollout's trace, with what the rollout waits for as `rollout.wait` events
// (docs/adr/0009-rollout-trace-continuity.md, docs/behaviour/advanced-statefulset.md#tracing).
import { type Bus, publishDomainEvent } from '@kruise-ts/bus';
import {
  type ControllerRevision,
  doItSlowly,
  getPodLifecycleState,
  LifecycleState,
  resolveCreateConflict,
} from '@kruise-ts/core';
import { applyInPlaceUpdate, refreshInPlaceUpdate } from '@kruise-ts/inplace';
import { apiVersionOf } from '@kruise-ts/kube';
import {
  addExpectationsWaitEvent,
  addWaitEvent,
  awaitExpectations,
  involvedObject,
  type PartitionedReconcileRequest,
  type ReconcileResult,
  type RolloutTracker,
  rolloutPublishContext,
  syncInRollout,
  type WorkloadReconcile,
  type WorkloadReconcileDeps,
  waitOn,
  workloadWriterOptions,
} from '@kruise-ts/runtime';
import type { Logger } from '@kruise-ts/telemetry';
import type { Context, Span } from '@opentelemetry/api';
import { claimWithRetentionOwnerRefs } from '../identity.ts';
import { inPlaceCheckOptions } from '../lifecycle-refresh.ts';
import { planScale, type ScaleAction, scaleActionOrder } from '../plan-scale.ts';
import { planUpdate, type UpdateAction, type UpdateStop } from '../plan-update.ts';
import { validOrdinals } from '../replicas-range.ts';
import {
  currentRevisionOf,
  decideStatefulSetRevisions,
  newStatefulSetRevision,
  revisionsToTruncate,
  templateFromRevision,
} from '../revisions.ts';
import { RolloutAttr, SYNC_SPAN } from '../rollout/attributes.ts';
import {
  isRolloutComplete,
  type PhaseResult,
  rolloutPhase,
  rolloutProgressEvent,
} from '../rollout/progress.ts';
import { nextWakeMs, rolloutWaits, WaitReason } from '../rollout/waits.ts';
import { computeStatus, failedPodCondition, shouldWriteStatus } from '../status.ts';
import {
  REVISION_LABEL,
  type StatefulSet,
  type StatefulSetCondition,
  type StatefulSetGates,
  type StatefulSetPod,
  type StatefulSetStatus,
} from '../types.ts';
import { resizesOnRollingUpdate } from '../volume-resize.ts';
import { ClaimResizeError, claimPods, resizePodClaims } from './claims.ts';
import type { SetClients } from './clients.ts';
import { POD, PVC, REVISION, STATEFULSET } from './kinds.ts';
import type { PendingPodWrites } from './pending-pod-writes.ts';
import { refreshWhileCreating } from './refresh-while-creating.ts';
import { SetWriter } from './set-writer.ts';

export interface ReconcilerDeps extends WorkloadReconcileDeps {
  /** The rate-limit lanes (controller/clients.ts), made once per process. */
  clients: SetClients;
  gates: StatefulSetGates;
  rollouts: RolloutTracker;
  /** Refresh and lifecycle writes not yet seen in the cache (pending-pod-writes.ts), made once per process. */
  pendingWrites: PendingPodWrites;
  now?: () => number;
}

export type StatefulSetReconcile = WorkloadReconcile;

type StoredSet = StatefulSet & { metadata: { name: string; namespace: string; uid: string } };

const involved = (obj: StoredSet) => involvedObject(apiVersionOf(STATEFULSET), STATEFULSET.kind, obj);

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));

function minPositive(...values: Array<number | undefined>): number | undefined {
  const positive = values.filter((v): v is number => v !== undefined && v > 0);
  return positive.length === 0 ? undefined : Math.min(...positive);
}

interface Outcome {
  result: ReconcileResult | undefined;
  /** The rollout of this generation is done. */
  complete: boolean;
}

export function createStatefulSetReconcile(deps: ReconcilerDeps): StatefulSetReconcile {
  const clock = deps.now ?? Date.now;
  return async (request) =>
    syncInRollout(deps, request, STATEFULSET, { span: SYNC_SPAN, attributes: RolloutAttr }, async (sync) => {
      const outcome = await reconcileSet(
        deps,
        clock,
        request,
        sync.object,
        sync.span,
        rolloutPublishContext(sync.rollout),
      );
      if (outcome.complete) sync.complete(clock());
      return outcome.result;
    });
}

async function reconcileSet(
  deps: ReconcilerDeps,
  clock: () => number,
  request: PartitionedReconcileRequest,
  set: StoredSet,
  span: Span,
  /** What RolloutProgress is published under: the rollout's root. */
  progressContext: Context,
): Promise<Outcome> {
  const { namespace, name, cache, fence } = request;
  const key = `${namespace}/${name}`;
  const gate = awaitExpectations(key, set, deps);
  if (!gate.proceed) {
    addExpectationsWaitEvent(span, gate.waiting, 'statefulset');
    return { result: gate.result, complete: false };
  }
  const now = clock();
  const writer = new SetWriter({
    ...workloadWriterOptions(deps, request),
    clients: deps.clients,
    pendingWrites: deps.pendingWrites,
  });
  const record = (type: 'Normal' | 'Warning', reason: string, message: string) =>
    deps.recorder.record(involved(set), type, reason, message, fence);

  // Revisions: the update revision is the one holding the current template.
  const revisions = cache.ownedBy(set.metadata.uid, REVISION).map((r) => r.object);
  const decided = decideStatefulSetRevisions(set, revisions);
  let collisionCount = decided.collisionCount;
  let updateRevision: ControllerRevision;
  if (decided.update.action === 'reuse') {
    updateRevision = decided.update.revision;
  } else if (decided.update.action === 'rollback') {
    updateRevision = await writer.setRevisionNumber(
      decided.update.revision.metadata.name ?? '',
      decided.update.revisionNumber,
    );
  } else {
    let candidate = decided.update.revision;
    for (;;) {
      const stored = await writer.createRevision(candidate);
      const conflict = resolveCreateConflict(stored, candidate, collisionCount);
      if (conflict.action === 'use-existing') {
        updateRevision = stored;
        break;
      }
      collisionCount = conflict.collisionCount;
      candidate = newStatefulSetRevision(set, candidate.revision, collisionCount).revision;
    }
  }
  const currentRevision = currentRevisionOf(decided.sorted, set.status?.currentRevision, updateRevision);
  const currentRevisionName = currentRevision.metadata.name ?? '';
  const updateRevisionName = updateRevision.metadata.name ?? '';
  span.setAttributes({
    [RolloutAttr.revision]: updateRevisionName,
    'kruise.statefulset.current_revision': currentRevisionName,
    'kruise.statefulset.update_revision': updateRevisionName,
  });

  // Claim (docs/behaviour/advanced-statefulset.md#claiming): adopt matching orphans, release pods that stopped matching.
  const claim = await claimPods({ set, cache, writer, versions: deps.versions, span });
  if (claim.pods === undefined) return { result: { requeueAfter: claim.requeueAfterMs }, complete: false };
  const pods = claim.pods;
  // Refresh and lifecycle moves act on the cache's copy of a pod as it is when they are made, and wait while a write
  // of ours to it is still on its way back (pending-pod-writes.ts).
  const current = (pod: StatefulSetPod): StatefulSetPod | undefined =>
    deps.pendingWrites.toActOn(pod, cache.get(POD, namespace, pod.metadata.name ?? '')?.object);
  // Refresh (docs/behaviour/advanced-statefulset.md#scaling step 5, #in-place-update; inplaceupdate.Refresh): finish
  // a grace period that ran out, patch the next container batch, or set InPlaceUpdateReady True once nothing is
  // pending — which is also how fresh pods with the gate first become Ready.
  let refreshRequeue: number | undefined;
  for (const listed of pods) {
    if (listed.metadata.deletionTimestamp) continue;
    const pod = current(listed);
    if (pod === undefined) continue;
    const refresh = refreshInPlaceUpdate(pod, now, inPlaceCheckOptions(deps.gates));
    if (refresh.action === 'update-status') {
      await writer.setPodConditions(pod, refresh.conditions);
    } else if (refresh.action === 'update-pod') {
      span.addEvent('in-place update refreshed', {
        'k8s.pod.name': pod.metadata.name ?? '',
        'kruise.inplace.step': refresh.reason,
      });
      // Resources change only through the resize subresource, before the pod write records the batch.
      const resized =
        refresh.resize === undefined
          ? undefined
          : await writer.resizePod(pod.metadata.name ?? '', refresh.resize);
      await writer.rewritePod(pod.metadata.name ?? '', pod.metadata.uid, resized ?? pod, (fresh) => {
        const again = refreshInPlaceUpdate(fresh, clock(), inPlaceCheckOptions(deps.gates));
        return again.action === 'update-pod' ? again.pod : undefined;
      });
    } else if (refresh.action === 'error') {
      // Kruise logs and goes on with the other pods.
      span.addEvent('in-place update refresh failed', {
        'k8s.pod.name': pod.metadata.name ?? '',
        'exception.message': refresh.error,
      });
    } else if (refresh.requeueAfterMs !== undefined) {
      refreshRequeue = minPositive(refreshRequeue, refresh.requeueAfterMs);
    }
  }
  // Kruise waits until its in-place updates are observed before the next update round.
  const unobserved = pods.filter(
    (p) => !deps.versions.check(p as { metadata: { uid?: string } }, { onTimeout: 'drop' }).proceed,
  );
  const pvcs = cache.list(PVC, namespace).map((c) => c.object);
  const scalePlan = planScale({
    set,
    pods,
    pvcs,
    currentRevisionName,
    updateRevisionName,
    currentTemplate: templateFromRevision(currentRevision),
    updateTemplate: templateFromRevision(updateRevision),
    now,
    gates: deps.gates,
  });
  const conditions: StatefulSetCondition[] = [];
  if (scalePlan.failedCreateMessage !== undefined) {
    conditions.push(failedPodCondition('FailedCreatePod', scalePlan.failedCreateMessage, now));
  }
  const lifecycleDone = new Set<string>();
  /** Pods this round created; refreshWhileCreating reads them from the cache. */
  const createdNow: string[] = [];
  const carryOut = async (action: ScaleAction | UpdateAction): Promise<void> => {
    switch (action.type) {
      case 'create-pod': {
        for (const claim of action.claims) await writer.createClaim(claim);
        let created: StatefulSetPod;
        try {
          created = await writer.createPod(action.pod);
        } catch (err) {
          conditions.push(failedPodCondition('FailedCreatePod', errorMessage(err), now));
          record(
            'Warning',
            'FailedCreate',
            `create Pod ${action.pod.metadata.name} in StatefulSet ${name} failed error: ${errorMessage(err)}`,
          );
          throw err;
        }
        createdNow.push(action.pod.metadata.name);
        record(
          'Normal',
          'SuccessfulCreate',
          `create Pod ${action.pod.metadata.name} in StatefulSet ${name} successful`,
        );
        // The pod's uid exists only now: the retention policy's owner references follow it.
        for (const claim of action.claims) {
          const fixed = claimWithRetentionOwnerRefs(claim, set, created, scalePlan.range);
          if (fixed.changed) await writer.setClaimOwners(fixed.claim);
        }
        return;
      }
      case 'create-claims':
        for (const claim of action.claims) await writer.createClaim(claim);
        return;
      case 'delete-pod':
        if (await writer.deletePod(action.pod)) {
          record(
            'Normal',
            'SuccessfulDelete',
            `delete Pod ${action.pod.metadata.name} in StatefulSet ${name} successful`,
          );
        }
        return;
      case 'prepare-delete':
        await writer.setLifecycleState(action.pod, LifecycleState.PreparingDelete, now, {
          markPodNotReady: action.markPodNotReady,
        });
        return;
      case 'set-lifecycle-state': {
        if (lifecycleDone.has(action.pod.metadata.name ?? '')) return;
        const pod = current(action.pod);
        if (pod === undefined || getPodLifecycleState(pod) === action.state) return;
        lifecycleDone.add(action.pod.metadata.name ?? '');
        // Every move but PreparingDelete follows the inPlaceUpdate hook's markPodNotReady (refreshPodState).
        await writer.setLifecycleState(pod, action.state, now, {
          hook: 'hook' in action ? action.hook : undefined,
          markPodNotReady: set.spec.lifecycle?.inPlaceUpdate?.markPodNotReady === true,
        });
        if (action.state === LifecycleState.PreparingUpdate) {
          record(
            'Normal',
            'SuccessfulUpdatePodInPlace',
            `successfully update pod ${action.pod.metadata.name} lifecycle to ${action.state}`,
          );
        }
        return;
      }
      case 'update-in-place': {
        const podName = action.pod.metadata.name ?? '';
        try {
          // The pod as the last write left it (else as cached): the PUT below starts from it.
          let latest = action.pod;
          if (action.result.statusConditions !== undefined)
            latest =
              (await writer.setPodConditionsForUpdate(action.pod, action.result.statusConditions)) ?? latest;
          // Kubernetes ≥ 1.33 resizes only through the subresource; the pod write then reads the new spec back.
          if (action.result.resize !== undefined)
            latest = await writer.resizePod(podName, action.result.resize);
          await writer.rewritePod(podName, action.pod.metadata.uid, latest, (fresh) =>
            // Already moved by an earlier attempt that got through: nothing to do.
            (fresh.metadata.labels?.[REVISION_LABEL] ?? '') === action.spec.revision
              ? undefined
              : applyInPlaceUpdate(fresh, action.spec, {
                  now,
                  revisionLabels: { [REVISION_LABEL]: action.spec.revision },
                  setLifecycleUpdating: action.setLifecycleUpdating,
                }).pod,
          );
        } catch (err) {
          record(
            'Warning',
            'FailedUpdatePodInPlace',
            `failed to update pod ${podName} in-place(revision ${action.spec.revision}): ${errorMessage(err)}`,
          );
          throw err;
        }
        record(
          'Normal',
          'SuccessfulUpdatePodInPlace',
          `successfully update pod ${podName} in-place(revision ${action.spec.revision})`,
        );
        // A grace period: look again when it is over (the pod event alone may come earlier).
        refreshRequeue = minPositive(refreshRequeue, action.result.requeueAfterMs);
        span.addEvent('pod updated in place', {
          'k8s.pod.name': podName,
          'kruise.inplace.images': JSON.stringify(action.spec.containerImages),
          'kruise.inplace.grace_seconds': action.spec.graceSeconds,
        });
        return;
      }
      case 'update-pod':
        try {
          await writer.updatePod(action.pod);
        } catch (err) {
          conditions.push(failedPodCondition('FailedUpdatePod', errorMessage(err), now));
          throw err;
        }
        return;
      case 'update-claim':
        await writer.setClaimOwners(action.claim);
        return;
      case 'resize-claims': {
        // docs/behaviour/advanced-statefulset.md#volume-resize: Kruise's TryPatchPVC and recordClaimEvent.
        const podName = action.pod.metadata.name ?? '';
        let outcome: Awaited<ReturnType<typeof resizePodClaims>>;
        try {
          outcome = await resizePodClaims({ set, pod: action.pod, pvcs, writer, span });
        } catch (err) {
          if (err instanceof ClaimResizeError) {
            record(
              'Warning',
              'FailedResize',
              `resize Claim ${err.claim} for Pod ${podName} in StatefulSet ${name} failed error: ${errorMessage(err.cause)}`,
            );
          }
          throw err;
        }
        for (const claim of outcome.resized) {
          record(
            'Normal',
            'SuccessfulResize',
            `resize Claim ${claim} Pod ${podName} in StatefulSet ${name} success`,
          );
        }
        if (outcome.refused !== undefined) {
          const { claim, reason, otherDiff } = outcome.refused;
          if (otherDiff) record('Warning', 'FailedUpdatePVC', `failed to update pvc ${claim}: ${reason}`);
          throw new Error(`can not patch pvc ${claim} of ${podName}: ${reason}`);
        }
        return;
      }
    }
  };

  let failure: unknown;
  // Burst creations go out together; then a Parallel set's lifecycle moves in slow-start batches; then the plan in
  // order; then a Parallel set's condemned pods in slow-start batches, so a scale-down or the end of an in-place
  // roll waits on the client's rate limit, not on one round trip per pod.
  const creates = scalePlan.actions.filter((a) => a.type === 'create-pod');
  const { lifecycleBatch, inOrder, condemnedBatch } = scaleActionOrder(set, scalePlan);
  try {
    await refreshWhileCreating(
      Promise.all(creates.map(carryOut)),
      () => createdNow.flatMap((podName) => cache.get(POD, namespace, podName)?.object ?? []),
      async (pod) => {
        const refresh = refreshInPlaceUpdate(pod, clock(), inPlaceCheckOptions(deps.gates));
        if (refresh.action !== 'update-status') return;
        try {
          await writer.setPodConditions(pod, refresh.conditions);
        } catch (err) {
          // The next reconcile refreshes it again.
          span.addEvent('in-place update refresh failed', {
            'k8s.pod.name': pod.metadata.name ?? '',
            'exception.message': errorMessage(err),
          });
        }
      },
    );
    const relabelled = await doItSlowly(lifecycleBatch.length, async (i) =>
      carryOut(lifecycleBatch[i] as ScaleAction),
    );
    if (relabelled.error !== undefined) throw relabelled.error;
    for (const action of inOrder) await carryOut(action);
    const removed = await doItSlowly(condemnedBatch.length, async (i) =>
      carryOut(condemnedBatch[i] as ScaleAction),
    );
    if (removed.error !== undefined) throw removed.error;
  } catch (err) {
    failure = err;
  }

  let updateRequeue: number | undefined;
  let deltas = { currentReplicasDelta: 0, updatedReplicasDelta: 0 };
  let updateStop: UpdateStop | undefined;
  let blockedPod: string | undefined;
  let volumeResizing: string[] = [];
  if (unobserved.length > 0) {
    span.setAttribute('kruise.statefulset.update.stop', 'in-place-unobserved');
    // One event for them all (count and a sample), as the other rollout waits: a round of in-place updates leaves up
    // to maxUnavailable pods unobserved at once, and an event per pod made the span that long.
    addWaitEvent(span, waitOn(WaitReason.Expectations, unobserved), {
      'kruise.expectation': 'resourceVersion',
    });
    updateRequeue = 1000;
  } else if (
    failure === undefined &&
    scalePlan.stop === undefined &&
    (set.spec.updateStrategy?.type ?? 'RollingUpdate') === 'RollingUpdate'
  ) {
    const alreadyDeleted = new Set(
      scalePlan.actions.filter((a) => a.type === 'delete-pod').map((a) => a.pod.metadata.name ?? ''),
    );
    const update = planUpdate({
      set,
      pods,
      currentRevisionName,
      updateRevisionName,
      now,
      gates: deps.gates,
      alreadyDeleted,
      revisions: [...decided.sorted, updateRevision],
      pvcs,
    });
    span.setAttributes({
      'kruise.statefulset.update.targets': update.targets.length,
      'kruise.statefulset.update.unavailable': update.unavailable.length,
      ...(update.stop === undefined ? {} : { 'kruise.statefulset.update.stop': update.stop }),
    });
    try {
      for (const action of update.actions) await carryOut(action);
    } catch (err) {
      failure = err;
    }
    if (failure === undefined && update.error !== undefined) {
      conditions.push(failedPodCondition('FailedUpdatePod', update.error, now));
      failure = new Error(update.error);
    }
    updateRequeue = update.requeueAfterMs;
    updateStop = update.stop;
    blockedPod = update.blockedPod;
    volumeResizing = update.volumeResizing;
    deltas = {
      currentReplicasDelta: update.currentReplicasDelta,
      updatedReplicasDelta: update.updatedReplicasDelta,
    };
  }

  const counted = [...scalePlan.replicas.values(), ...scalePlan.condemned];
  const status = computeStatus({
    set,
    pods: counted,
    pvcs,
    validOrdinals: validOrdinals(scalePlan.range),
    currentRevisionName,
    updateRevisionName,
    collisionCount,
    now,
    ...deltas,
    conditions,
  });
  const waits = rolloutWaits({
    set,
    pods: counted,
    updateRevisionName,
    now,
    ...(scalePlan.stop === undefined ? {} : { scaleStop: scalePlan.stop }),
    ...(scalePlan.stopPod === undefined ? {} : { scaleStopPod: scalePlan.stopPod }),
    ...(updateStop === undefined ? {} : { updateStop }),
    ...(blockedPod === undefined ? {} : { blockedPod }),
    volumeResizing,
  });
  for (const w of waits) addWaitEvent(span, w);
  const claimsGrow = resizesOnRollingUpdate(set, deps.gates);
  const phase = rolloutPhase(set, status, waits, claimsGrow);
  span.setAttributes({
    'kruise.rollout.phase': phase.reason,
    'kruise.statefulset.updated_replicas': status.updatedReplicas ?? 0,
  });
  if (shouldWriteStatus(set.status, status)) {
    const resourceVersion = await writer.writeStatus(set, status);
    span.addEvent('status written', {
      'kruise.status.replicas': status.replicas,
      'kruise.status.ready': status.readyReplicas ?? 0,
      'kruise.status.available': status.availableReplicas ?? 0,
      'kruise.status.updated': status.updatedReplicas ?? 0,
      'kruise.status.updated_ready': status.updatedReadyReplicas ?? 0,
    });
    await announceProgress(deps.bus, request.logger, set, status, resourceVersion, phase, progressContext);
  }

  for (const revision of revisionsToTruncate(
    set,
    decided.sorted,
    pods,
    status.currentRevision,
    status.updateRevision,
  )) {
    await writer.deleteRevision(revision);
  }
  if (failure !== undefined) throw new Error(`StatefulSet ${key}: a pod write failed`, { cause: failure });
  const requeueAfter = minPositive(
    scalePlan.requeueAfterMs,
    updateRequeue,
    refreshRequeue,
    nextWakeMs(waits),
  );
  return {
    result: requeueAfter === undefined ? undefined : { requeueAfter },
    complete: isRolloutComplete(set, status, claimsGrow),
  };
}

async function announceProgress(
  bus: Bus,
  logger: Logger | undefined,
  set: StoredSet,
  status: StatefulSetStatus,
  resourceVersion: string,
  phase: PhaseResult,
  progressContext: Context,
): Promise<void> {
  try {
    await publishDomainEvent(
      bus,
      'RolloutProgress',
      rolloutProgressEvent({ set, status, resourceVersion, phase }),
      { context: progressContext },
    );
  } catch (err) {
    // The status is written; listeners (and a taking-over replica's trace recall) catch up with the next write.
    logger?.warn(
      { err, key: `${set.metadata.namespace}/${set.metadata.name}` },
      'cannot publish RolloutProgress',
    );
  }
}
