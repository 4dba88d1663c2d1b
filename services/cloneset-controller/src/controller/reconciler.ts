// One CloneSet reconcile in Kruise's order (docs/behaviour/cloneset.md#reconcile-steps): cache → expectations → pods and PVCs → ownership →
// revisions → scale, or else update → status (written through the status subresource, announced as
// RolloutProgress) → podsToDelete and history truncation → requeue for what ends by itself. Decisions come
// from the pure functions of this package; this file only sequences them and the writes they call for.

import { type Bus, publishDomainEvent } from '@kruise-ts/bus';
import { isPodActive, type ResourceVersionExpectations, type ScaleExpectations } from '@kruise-ts/core';
import { LabelSelectorError, selectorString } from '@kruise-ts/kube';
import {
  addExpectationsWaitEvent,
  addWaitEvent,
  awaitExpectations,
  controlledNotCached,
  type EventRecorder,
  type KubeClient,
  type PartitionedReconcileRequest,
  type ReconcileResult,
  type RolloutTracker,
  rolloutPublishContext,
  syncInRollout,
  WAIT_EVENT,
  WaitAttr,
} from '@kruise-ts/runtime';
import type { Tracer } from '@opentelemetry/api';
import { instanceId, isPodOnRevision } from '../pod-state.ts';
import { truncatePodsToDelete } from '../revisions/active-revisions.ts';
import { RolloutAttr, SYNC_SPAN } from '../rollout/attributes.ts';
import { isRolloutComplete, rolloutPhase, rolloutProgressEvent } from '../rollout/progress.ts';
import { nextWakeMs, rolloutWaits, WaitReason } from '../rollout/waits.ts';
import { calculateStatus, statusNeedsWrite } from '../status/calculate-status.ts';
import { CloneSetConditionType, failureCondition, setCloneSetCondition } from '../status/conditions.ts';
import { claimPods, claimPvcs } from '../sync/claim.ts';
import { shouldLookForUncachedClaims, uncachedClaims } from '../sync/claims-not-cached.ts';
import { PendingClaimDeletes, planPendingClaimDeletes } from '../sync/pending-claim-deletes.ts';
import { planPvcCleanup } from '../sync/pvc-cleanup.ts';
import { nodesToRank } from '../sync/rankers.ts';
import { planScale, scalePlanModifies } from '../sync/scale.ts';
import type { CloneSetCondition, FeatureGates } from '../types.ts';
import { planUpdate } from '../update/plan-update.ts';
import type { CloneSetClients } from './clients.ts';
import { CLONESET, CONTROLLER_REVISION, POD, PVC } from './kinds.ts';
import { KubeWriter } from './kube-writer.ts';
import { readNodeLabels } from './node-labels.ts';
import { claimPodsOf, claimPvcsOf, cleanupPvcs, ownershipPending } from './ownership-executor.ts';
import { resolveRevisions, truncateHistory } from './revisions.ts';
import { deletePvc, executeScale } from './scale-executor.ts';
import type { StoredCloneSet, SyncContext } from './sync-context.ts';
import { executeUpdate } from './update-executor.ts';

export interface ReconcilerDeps {
  kube: KubeClient;
  /** The rate-limit lanes (controller/clients.ts), made once per process. */
  clients: CloneSetClients;
  /** Where RolloutProgress and RevisionCreated go; none in tests that do not listen. */
  bus?: Bus;
  scale: ScaleExpectations;
  versions: ResourceVersionExpectations;
  rollouts: RolloutTracker;
  recorder: EventRecorder;
  tracer: Tracer;
  gates: FeatureGates;
  now?: () => number;
  /** Claim deletes still owed per CloneSet (one per controller process; tests may share theirs). */
  pendingClaims?: PendingClaimDeletes;
}

export type CloneSetReconcile = (
  request: PartitionedReconcileRequest,
) => Promise<ReconcileResult | undefined>;

/** How soon a scale held back by a cache behind the apiserver is tried again (the pods' events enqueue it too). */
const CACHE_BEHIND_RECHECK_MS = 500;

const isSet = (v: string | null | undefined): boolean => v !== undefined && v !== null && v !== '';

export function createCloneSetReconcile(deps: ReconcilerDeps): CloneSetReconcile {
  const now = deps.now ?? Date.now;
  const pendingClaims = deps.pendingClaims ?? new PendingClaimDeletes();
  return async (request) => {
    // A CloneSet gone: no claim delete is owed for it any more (its claims go with it by garbage collection).
    if (request.cache.get(CLONESET, request.namespace, request.name) === undefined)
      pendingClaims.forgetKey(request.key);
    // A CloneSet gone from the cache: syncInRollout forgets what was expected of it and its rollout
    // (docs/behaviour/cloneset.md#reconcile-steps step 1).
    return syncInRollout(
      deps,
      request,
      CLONESET,
      { span: SYNC_SPAN, attributes: RolloutAttr },
      async (sync) => {
        const { namespace, fence, cache } = request;
        const ctx: SyncContext = {
          key: sync.key,
          cs: sync.object,
          writer: new KubeWriter({ clients: deps.clients, namespace, fence, versions: deps.versions }),
          fence,
          recorder: deps.recorder,
          scale: deps.scale,
          versions: deps.versions,
          pendingClaims,
          recordOwed: request.recordOwed,
          cache,
          freshPartition: request.freshPartition,
          cacheBehind: request.cacheBehind,
          span: sync.span,
          progressContext: rolloutPublishContext(sync.rollout),
          now: now(),
          gates: deps.gates,
          logger: request.logger,
        };
        const result = await reconcileCloneSet(ctx, deps);
        if (result.complete) sync.complete(ctx.now);
        return result.requeueAfter === undefined ? undefined : { requeueAfter: result.requeueAfter };
      },
    );
  };
}

interface Outcome {
  requeueAfter?: number;
  /** The rollout of this generation is done. */
  complete: boolean;
}

function minPositive(...values: Array<number | undefined>): number | undefined {
  const positive = values.filter((v): v is number => v !== undefined && v > 0);
  return positive.length === 0 ? undefined : Math.min(...positive);
}

async function reconcileCloneSet(ctx: SyncContext, deps: ReconcilerDeps): Promise<Outcome> {
  const { cs, span, cache } = ctx;
  const waiting: Outcome = { complete: false };

  // 2. A selector that selects nothing sensible stops the reconcile (no requeue: a spec change will come).
  let labelSelector: string;
  try {
    labelSelector = selectorString(cs.spec?.selector);
  } catch (err) {
    if (!(err instanceof LabelSelectorError)) throw err;
    span.addEvent('invalid selector', { 'exception.message': err.message });
    return waiting;
  }
  if (labelSelector === '' || cs.spec?.template === undefined) {
    span.addEvent('invalid spec', { 'exception.message': 'empty selector or no template' });
    return waiting;
  }

  // Our own last write of this CloneSet (status, podsToDelete) must be in the cache before deciding again, and
  // 3. scale expectations: creations and deletions still on their way to the cache.
  const gate = awaitExpectations(ctx.key, cs, ctx);
  if (!gate.proceed) {
    addExpectationsWaitEvent(span, gate.waiting, 'cloneset');
    return gate.result?.requeueAfter === undefined
      ? waiting
      : { ...waiting, requeueAfter: gate.result.requeueAfter };
  }

  // 4. Pods and PVCs the CloneSet controls, and the namespace's uncontrolled ones it may adopt.
  const uid = cs.metadata.uid;
  const orphanPods = cache
    .list(POD, cs.metadata.namespace)
    .filter((o) => o.controllerUid === '')
    .map((o) => o.object);
  const owned = cache.ownedBy(uid, POD).map((o) => o.object);
  const active = owned.filter((p) => isPodActive(p));
  const inactive = owned.filter((p) => !isPodActive(p));
  let pvcs = cache
    .ownedBy(uid, PVC)
    .map((o) => o.object)
    .filter((c) => !isSet(c.metadata.deletionTimestamp));

  // Claims of pods this controller deleted whose own delete failed: owed whatever the reuse setting. A delete
  // that fails again stays owed and fails this reconcile at its end (a retry with backoff), but does not hold
  // back the rest of it: a claim the apiserver keeps refusing to delete must not stall the CloneSet.
  let owedError: Error | undefined;
  const owed = ctx.pendingClaims.get(ctx.key);
  if (owed.length > 0) {
    const plan = planPendingClaimDeletes(owed, pvcs, active);
    for (const name of plan.forget) ctx.pendingClaims.remove(ctx.key, name);
    const deleted = new Set<string | undefined>();
    for (const pvc of plan.delete) {
      const name = pvc.metadata.name ?? '';
      try {
        await deletePvc(ctx, pvc);
        ctx.pendingClaims.remove(ctx.key, name);
        deleted.add(name);
      } catch (err) {
        ctx.logger?.warn({ err, key: ctx.key, pvc: name }, 'owed claim delete failed; retried later');
        owedError ??= new Error(`delete owed claim ${ctx.cs.metadata.namespace}/${name} of ${ctx.key}`, {
          cause: err,
        });
      }
    }
    pvcs = pvcs.filter((c) => !deleted.has(c.metadata.name));
  }

  // 5. PVC reuse off (the v1beta1 default): PVCs of pods that are gone go too.
  if (cs.spec.scaleStrategy?.enablePVCReuse !== true) {
    const cleanup = planPvcCleanup(cs, active, inactive, pvcs);
    await cleanupPvcs(ctx, cleanup);
    pvcs = cleanup.active;
  }

  // 6. Claim: release pods whose labels no longer match, adopt matching orphans
  // (docs/behaviour/cloneset.md#orphan-adoption); then orphan PVCs of the claimed pods' instance ids.
  const podPlan = claimPods(cs, [...owned, ...orphanPods]);
  if (ownershipPending(ctx, podPlan)) {
    span.addEvent('rollout.wait', {
      'kruise.rollout.wait': WaitReason.Expectations,
      'kruise.expectation': 'ownership',
    });
    return { ...waiting, requeueAfter: 1000 };
  }
  const podClaim = await claimPodsOf(ctx, podPlan);
  const pods = podClaim.claimed;
  const ids = new Set(pods.map((p) => instanceId(p)).filter((id) => id !== ''));
  const orphanPvcs = cache
    .list(PVC, cs.metadata.namespace)
    .filter((o) => o.controllerUid === '')
    .map((o) => o.object)
    .filter((c) => ids.has(instanceId(c)));
  if (orphanPvcs.length > 0) {
    const pvcClaim = await claimPvcsOf(ctx, claimPvcs(cs, orphanPvcs));
    pvcs = [...pvcs, ...pvcClaim.adopted];
  }

  // 7–8. Revisions.
  const history = cache.ownedBy(uid, CONTROLLER_REVISION).map((o) => o.object);
  const revisions = await resolveRevisions(ctx, history, deps.bus);
  const currentName = revisions.current.metadata.name ?? '';
  const updateName = revisions.update.metadata.name ?? '';
  span.setAttributes({ [RolloutAttr.revision]: updateName, [RolloutAttr.currentRevision]: currentName });

  // 9. Our writes to pods must be in the cache before deciding on them again.
  for (const pod of pods) {
    const check = ctx.versions.check(pod, { onTimeout: 'stop' });
    if (!check.proceed) {
      span.addEvent(WAIT_EVENT, {
        [WaitAttr.reason]: WaitReason.Expectations,
        'kruise.expectation': 'resourceVersion',
        [WaitAttr.podName]: pod.metadata.name ?? '',
      });
      return 'requeueAfterMs' in check ? { ...waiting, requeueAfter: check.requeueAfterMs } : waiting;
    }
  }

  // 12. Scale, or else update (never both in one reconcile).
  let conditions: CloneSetCondition[] = [...(cs.status?.conditions ?? [])];
  let syncError: Error | undefined;
  let updateRequeue: number | undefined;
  let moved = 0;
  let deletionsHeldBack = 0;
  let updateDiffs: Parameters<typeof rolloutWaits>[0]['updateDiffs'];
  if (!isSet(cs.metadata.deletionTimestamp)) {
    const rankNodes = nodesToRank(cs, pods);
    const nodeLabels = rankNodes.length === 0 ? undefined : await readNodeLabels(deps.kube, rankNodes);
    const scaleInput = {
      cloneSet: cs,
      pods,
      pvcs,
      ...(nodeLabels === undefined ? {} : { nodeLabels }),
      currentRevision: currentName,
      updateRevision: updateName,
      now: ctx.now,
      gates: ctx.gates,
    };
    let scale = planScale(scaleInput);
    // Fresh ids only once the apiserver confirms no claim of ours waits for reuse (sync/claims-not-cached.ts).
    const ids = [...scale.create.currentRevision, ...scale.create.updateRevision];
    if (shouldLookForUncachedClaims(cs, ids, pvcs)) {
      const unseen = uncachedClaims(uid, pvcs, await ctx.writer.listPvcs());
      if (unseen.length > 0) {
        span.addEvent('claims not cached yet', {
          'kruise.pvc.names': unseen.map((c) => c.metadata.name ?? '').join(','),
        });
        pvcs = [...pvcs, ...unseen];
        scale = planScale({ ...scaleInput, pvcs });
      }
    }
    // On a freshly acquired partition, pods are created only once the apiserver shows none of ours the cache
    // lacks (runtime's kube/create-recheck.ts): the previous owner's last creates may still be on their way.
    if (ids.length > 0 && ctx.freshPartition()) {
      const cached = new Set(cache.list(POD, cs.metadata.namespace).map((o) => o.object.metadata.name ?? ''));
      const unseen = controlledNotCached(uid, cached, await ctx.writer.listPods(labelSelector));
      if (unseen.length > 0) {
        span.addEvent(WAIT_EVENT, {
          [WaitAttr.reason]: WaitReason.Expectations,
          'kruise.expectation': 'pods not cached yet',
          [WaitAttr.podName]: unseen.map((p) => p.metadata.name ?? '').join(','),
        });
        ctx.cacheBehind();
        return { ...waiting, requeueAfter: CACHE_BEHIND_RECHECK_MS };
      }
    }
    if (scale.step === 'scale-in' && scale.deletions.length === 0 && scale.markPreparingDelete.length === 0) {
      deletionsHeldBack = scale.diffs?.scaleDownNum ?? 0;
    }
    if (scalePlanModifies(scale) || scale.scaleUpLimited !== undefined) {
      try {
        await executeScale(ctx, scale, pvcs, revisions);
      } catch (err) {
        syncError = new Error(`scale ${ctx.key}`, { cause: err });
        conditions = setCloneSetCondition(
          conditions,
          failureCondition(CloneSetConditionType.FailedScale, (err as Error).message, ctx.now),
        );
      }
    }
    if (!scalePlanModifies(scale)) {
      const update = planUpdate({
        cloneSet: cs,
        pods,
        currentRevision: revisions.current,
        updateRevision: revisions.update,
        revisions: revisions.all,
        now: ctx.now,
        gates: ctx.gates,
      });
      updateDiffs = update.diffs;
      updateRequeue = update.requeueAfterMs;
      if (update.stop !== undefined) span.addEvent('update', { 'kruise.update.stop': update.stop });
      try {
        moved = await executeUpdate(ctx, update);
        if (update.error !== undefined) throw new Error(update.error);
      } catch (err) {
        syncError = new Error(`update ${ctx.key}`, { cause: err });
        conditions = setCloneSetCondition(
          conditions,
          failureCondition(CloneSetConditionType.FailedUpdate, (err as Error).message, ctx.now),
        );
      }
    }
  }

  // 13. Status over the pods this reconcile started from (the next one sees its own writes).
  const { status, requeueAfterMs: deadlineRequeue } = calculateStatus(cs, pods, {
    observedGeneration: cs.metadata.generation ?? 0,
    currentRevision: currentName,
    updateRevision: updateName,
    collisionCount: revisions.collisionCount,
    labelSelector,
    conditions,
    now: ctx.now,
  });
  const waits = rolloutWaits({
    cloneSet: cs,
    pods,
    updateRevision: updateName,
    now: ctx.now,
    ...(updateDiffs === undefined ? {} : { updateDiffs }),
    updated: moved,
    updateCandidates: pods.filter((p) => !isPodOnRevision(p, updateName)).length,
    deletionsHeldBack,
  });
  for (const w of waits) addWaitEvent(span, w);
  const phase = rolloutPhase(cs, status, waits);
  span.setAttributes({
    'kruise.rollout.phase': phase.reason,
    'kruise.cloneset.updated_replicas': status.updatedReplicas,
  });
  // The CloneSet as last written: a spec write after the status write must not conflict with our own status.
  let latest = cs;
  if (statusNeedsWrite(cs.status, status)) {
    const written = await ctx.writer.writeStatus(cs, status);
    latest = written as StoredCloneSet;
    span.addEvent('status written', {
      'kruise.status.replicas': status.replicas,
      'kruise.status.ready': status.readyReplicas,
      'kruise.status.available': status.availableReplicas,
      'kruise.status.updated': status.updatedReplicas,
      'kruise.status.updated_ready': status.updatedReadyReplicas,
    });
    await announceProgress(ctx, deps.bus, status, written.metadata?.resourceVersion ?? '', phase);
  }

  // Truncations after the status (Kruise's order).
  const podsToDelete = truncatePodsToDelete(cs.spec.scaleStrategy?.podsToDelete, pods);
  if (podsToDelete !== undefined) await ctx.writer.setPodsToDelete(latest, podsToDelete);
  await truncateHistory(ctx, revisions, pods);

  if (syncError !== undefined) throw syncError;
  if (owedError !== undefined) throw owedError;
  return {
    complete: isRolloutComplete(cs, status),
    requeueAfter: minPositive(updateRequeue, deadlineRequeue, nextWakeMs(waits)),
  };
}

async function announceProgress(
  ctx: SyncContext,
  bus: Bus | undefined,
  status: Parameters<typeof rolloutProgressEvent>[0]['status'],
  resourceVersion: string,
  phase: ReturnType<typeof rolloutPhase>,
): Promise<void> {
  if (bus === undefined) return;
  try {
    await publishDomainEvent(
      bus,
      'RolloutProgress',
      rolloutProgressEvent({ cloneSet: ctx.cs, status, resourceVersion, phase }),
      { context: ctx.progressContext },
    );
  } catch (err) {
    // The status is written; listeners catch up with the next change.
    ctx.logger?.warn({ err }, 'cannot publish RolloutProgress');
  }
}
