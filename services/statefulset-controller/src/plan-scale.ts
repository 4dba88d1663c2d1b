// One scaling round of an Advanced StatefulSet as a pure decision (docs/behaviour/advanced-statefulset.md#scaling, #condemned, #new-pod-revision; Kruise updateStatefulSet up
// to the rolling update: processReplica over the valid replicas in ascending ordinal, then the condemned pods'
// PVC ownerRefs, then processCondemned in descending ordinal). OrderedReady is "monotonic": the first thing that
// has to wait ends the round. Parallel is "burst": everything proceeds at once, limited only by
// scaleStrategy.maxUnavailable.
//
// The plan assumes every write succeeds; when a write fails Kruise ends the round there (and puts a FailedCreatePod
// / FailedUpdatePod condition into the status it writes), which the caller reproduces by stopping at that action.
// The in-place update refresh (grace periods, container batches, InPlaceUpdateReady) runs in the reconciler before
// this plan; the lifecycle refresh PreparingNormal → Normal is planned here.

import { getPodLifecycleState, isAtRevision, isPodHooked, LifecycleState } from '@kruise-ts/core';
import { getValueFromIntOrPercent } from '@kruise-ts/kube';
import {
  claimOwnerMatchesSetAndPod,
  claimWithRetentionOwnerRefs,
  hasStaleOwnerRef,
  identityMatches,
  newStatefulSetPod,
  persistentVolumeClaimsFor,
  podName,
  retentionPolicy,
  storageMatches,
  withFixedIdentity,
} from './identity.ts';
import { refreshedLifecycleState } from './lifecycle-refresh.ts';
import {
  isCreated,
  isFinished,
  isHealthy,
  isPending,
  isRunningAndReady,
  isTerminating,
  podRevision,
  runningAndAvailable,
} from './pod-state.ts';
import {
  getOrdinal,
  getStatefulSetReplicasRange,
  ordinalInRange,
  type ReplicasRange,
} from './replicas-range.ts';
import {
  gateOn,
  type NewPod,
  type Now,
  type PersistentVolumeClaim,
  type PodTemplateSpec,
  type StatefulSet,
  type StatefulSetGates,
  type StatefulSetPod,
} from './types.ts';

export interface ScalePlanInput {
  set: StatefulSet;
  /** The pods the set owns (claimed); names that do not parse as `<set>-<int>` are ignored. */
  pods: readonly StatefulSetPod[];
  /** The PVCs of the set's namespace (only those named for the set's claim templates are looked at). */
  pvcs: readonly PersistentVolumeClaim[];
  currentRevisionName: string;
  updateRevisionName: string;
  /** The templates of the current and the update revision (templateFromRevision). */
  currentTemplate: PodTemplateSpec;
  updateTemplate: PodTemplateSpec;
  now: Now;
  gates?: StatefulSetGates;
}

export type ScaleAction =
  /** Create the missing `claims` (in order), then the pod. After creation, fix claim ownerRefs (retention). */
  | {
      type: 'create-pod';
      ordinal: number;
      revision: 'current' | 'update';
      pod: NewPod;
      claims: PersistentVolumeClaim[];
    }
  /** Create PVCs a Pending pod lacks. */
  | { type: 'create-claims'; pod: StatefulSetPod; claims: PersistentVolumeClaim[] }
  /** Delete the pod (finished, or condemned). */
  | { type: 'delete-pod'; pod: StatefulSetPod; reason: 'finished' | 'condemned' }
  /** preDelete hook: move the pod to PreparingDelete instead of deleting it. */
  | { type: 'prepare-delete'; pod: StatefulSetPod; markPodNotReady: boolean }
  /** Move the pod's lifecycle state (PreparingNormal → Normal). */
  | { type: 'set-lifecycle-state'; pod: StatefulSetPod; state: LifecycleState }
  /** Update the pod (identity/storage drift); `pod` is the corrected object. */
  | { type: 'update-pod'; pod: StatefulSetPod }
  /** Update a PVC's ownerRefs to match the retention policy; `claim` is the corrected object. */
  | { type: 'update-claim'; claim: PersistentVolumeClaim };

export type ScaleStop =
  /** OrderedReady: a pod was created this round. */
  | 'created'
  /** OrderedReady: a finished pod was deleted / is being replaced. */
  | 'finished-pod'
  /** A terminating replica (OrderedReady) must go first. */
  | 'terminating'
  /** OrderedReady: a replica is not running and available yet. */
  | 'unavailable'
  /** A missing pod's PVC still references an earlier pod of that name (whenScaled: Delete). */
  | 'stale-claim'
  /** A PVC the pod needs is being deleted: creation fails (FailedCreatePod). */
  | 'claim-terminating'
  /** OrderedReady: a condemned pod is terminating, or waits for healthier predecessors. */
  | 'condemned-waiting'
  /** OrderedReady: a condemned pod was deleted (or moved to PreparingDelete). */
  | 'condemned-deleted'
  /** The set is being deleted: only the status is written. */
  | 'set-deleting'
  /** scaleStrategy.maxUnavailable cannot be resolved. */
  | 'invalid-max-unavailable';

export interface ScalePlan {
  range: ReplicasRange;
  /** Valid replicas by ordinal (existing pods only). */
  replicas: Map<number, StatefulSetPod>;
  /** Condemned pods, highest ordinal first. */
  condemned: StatefulSetPod[];
  actions: ScaleAction[];
  /**
   * Why the round ends before the rolling update. Undefined: go on to the rolling update (RollingUpdate type only).
   * A `scaleStrategy.maxUnavailable` break is not a stop: the condemned pods and the update still run.
   */
  stop?: ScaleStop;
  /** The pod the stop is about. */
  stopPod?: string;
  /** Message for a FailedCreatePod condition (claim-terminating). */
  failedCreateMessage?: string;
  /** Smallest pending wait (minReadySeconds), for a requeue. */
  requeueAfterMs?: number;
  /** The resolved scaleStrategy.maxUnavailable (undefined when unset). */
  scaleMaxUnavailable?: number;
}

/** getMinReadySeconds: rollingUpdate.minReadySeconds, 0 when unset. */
export function minReadySecondsOf(set: StatefulSet): number {
  return set.spec.updateStrategy?.rollingUpdate?.minReadySeconds ?? 0;
}

/** allowsBurst: podManagementPolicy Parallel. */
export function allowsBurst(set: StatefulSet): boolean {
  return set.spec.podManagementPolicy === 'Parallel';
}

/**
 * How a scale plan's actions are carried out. Kruise (stateful_set_control.go, runForAll) removes condemned pods
 * of a Parallel set in slow-start batches, and everything else one by one; OrderedReady removes at most one per
 * round anyway. A Parallel set's lifecycle moves (refreshPodState's label write, one per pod, independent of each
 * other) go in slow-start batches too, first: one by one they held the round a round trip per pod — a second for
 * the hundred pods an in-place roll finishes together (docs/performance.md, thirty-ninth round). `inOrder` runs
 * next (condemned claim ownerRefs included, so they precede the deletions), then `condemnedBatch` concurrently.
 * Creations are not part of any: they go out together before all.
 */
export function scaleActionOrder(
  set: StatefulSet,
  plan: Pick<ScalePlan, 'actions' | 'condemned'>,
): { lifecycleBatch: ScaleAction[]; inOrder: ScaleAction[]; condemnedBatch: ScaleAction[] } {
  const lifecycleBatch: ScaleAction[] = [];
  const inOrder: ScaleAction[] = [];
  const condemnedBatch: ScaleAction[] = [];
  const condemned = new Set(plan.condemned.map((p) => p.metadata.name ?? ''));
  const burst = allowsBurst(set);
  for (const action of plan.actions) {
    if (action.type === 'create-pod') continue;
    const removal =
      (action.type === 'delete-pod' && action.reason === 'condemned') ||
      (action.type === 'prepare-delete' && condemned.has(action.pod.metadata.name ?? ''));
    if (burst && action.type === 'set-lifecycle-state') lifecycleBatch.push(action);
    else (burst && removal ? condemnedBatch : inOrder).push(action);
  }
  return { lifecycleBatch, inOrder, condemnedBatch };
}

/**
 * getScaleMaxUnavailable: scaleStrategy.maxUnavailable against spec.replicas, percent rounded down
 * (intstr.GetValueFromIntOrPercent), at least 1; undefined when unset. Throws IntOrPercentError when invalid.
 */
export function scaleMaxUnavailable(set: StatefulSet): number | undefined {
  const value = set.spec.scaleStrategy?.maxUnavailable;
  if (value === undefined) return undefined;
  return Math.max(1, getValueFromIntOrPercent(value, set.spec.replicas ?? 1, false));
}

/**
 * isCurrentRevisionNeeded for a pod about to be created at `ordinal`. `replicas` holds the valid replicas that
 * exist or are already planned (Kruise fills the missing ones in ascending order before processing).
 */
export function isCurrentRevisionNeeded(
  set: StatefulSet,
  updateRevisionName: string,
  ordinal: number,
  range: ReplicasRange,
  replicas: ReadonlyMap<number, { metadata: { labels?: Record<string, string> } }>,
): boolean {
  const strategy = set.spec.updateStrategy;
  if ((strategy?.type ?? 'RollingUpdate') !== 'RollingUpdate') return false;
  const rolling = strategy?.rollingUpdate;
  if (rolling === undefined) return ordinal < range.start + (set.status?.currentReplicas ?? 0);
  const partition = rolling.partition ?? 0;
  if (rolling.unorderedUpdate === undefined) {
    // Every unreserved slot below the ordinal is filled (by a pod or a planned pod) by the time it is asked.
    let below = 0;
    for (let o = range.start; o < ordinal; o++) if (!range.reserved.has(o)) below++;
    return below + 1 <= partition;
  }
  let notUpdated = 0;
  for (const [o, pod] of replicas) {
    if (o === ordinal) continue;
    if (!isAtRevision(pod.metadata, updateRevisionName)) notUpdated++;
  }
  return notUpdated < partition;
}

function claimsByName(
  pvcs: readonly PersistentVolumeClaim[],
  namespace: string,
): Map<string, PersistentVolumeClaim> {
  const out = new Map<string, PersistentVolumeClaim>();
  for (const c of pvcs) {
    if ((c.metadata?.namespace ?? namespace) !== namespace) continue;
    out.set(c.metadata?.name ?? '', c);
  }
  return out;
}

/** Plan one scaling round. */
export function planScale(input: ScalePlanInput): ScalePlan {
  const { set, now, gates } = input;
  const setName = set.metadata?.name ?? '';
  const namespace = set.metadata?.namespace ?? '';
  const range = getStatefulSetReplicasRange(set, gates);
  const minReadySeconds = minReadySecondsOf(set);
  const monotonic = !allowsBurst(set);
  const autoDeletePVC = gateOn(gates, 'autoDeletePVC');
  const claims = claimsByName(input.pvcs, namespace);

  const replicas = new Map<number, StatefulSetPod>();
  const condemned: StatefulSetPod[] = [];
  for (const pod of input.pods) {
    const ordinal = getOrdinal(pod.metadata.name ?? '');
    if (ordinalInRange(ordinal, range)) replicas.set(ordinal, pod);
    else if (ordinal >= 0) condemned.push(pod);
  }
  condemned.sort((a, b) => getOrdinal(b.metadata.name ?? '') - getOrdinal(a.metadata.name ?? ''));

  const plan: ScalePlan = { range, replicas, condemned, actions: [] };
  const wait = (ms: number) => {
    if (ms > 0 && (plan.requeueAfterMs === undefined || ms < plan.requeueAfterMs)) plan.requeueAfterMs = ms;
  };
  const stopWith = (stop: ScaleStop, pod?: string): ScalePlan => {
    plan.stop = stop;
    if (pod !== undefined) plan.stopPod = pod;
    return plan;
  };

  // Missing replicas, in ascending ordinal, each at the revision isCurrentRevisionNeeded picks.
  const planned = new Map<number, { metadata: { labels?: Record<string, string> } }>(replicas);
  const newPods = new Map<number, { pod: NewPod; revision: 'current' | 'update' }>();
  for (let o = range.start; o < range.end; o++) {
    if (range.reserved.has(o) || planned.has(o)) continue;
    const current = isCurrentRevisionNeeded(set, input.updateRevisionName, o, range, planned);
    const pod = current
      ? newStatefulSetPod(set, input.currentTemplate, o, input.currentRevisionName, { now, gates })
      : newStatefulSetPod(set, input.updateTemplate, o, input.updateRevisionName, { now, gates });
    planned.set(o, pod);
    newPods.set(o, { pod, revision: current ? 'current' : 'update' });
  }

  // The lowest-ordinal unhealthy pod (missing pods are unhealthy), valid or condemned.
  let firstUnhealthy: string | undefined;
  let firstUnhealthyOrdinal = Number.POSITIVE_INFINITY;
  for (const o of planned.keys()) {
    const pod = replicas.get(o);
    if ((pod === undefined || !isHealthy(pod)) && o < firstUnhealthyOrdinal) {
      firstUnhealthyOrdinal = o;
      firstUnhealthy = podName(setName, o);
    }
  }
  for (const pod of condemned) {
    const o = getOrdinal(pod.metadata.name ?? '');
    if (!isHealthy(pod) && o < firstUnhealthyOrdinal) {
      firstUnhealthyOrdinal = o;
      firstUnhealthy = pod.metadata.name;
    }
  }

  if (set.metadata?.deletionTimestamp !== undefined && set.metadata.deletionTimestamp !== '')
    return stopWith('set-deleting');

  let budget: number | undefined;
  try {
    budget = scaleMaxUnavailable(set);
  } catch {
    return stopWith('invalid-max-unavailable');
  }
  if (budget !== undefined) plan.scaleMaxUnavailable = budget;
  // decreaseAndCheckMaxUnavailable: spend one unit; true when the budget is used up.
  const spend = (): boolean => {
    if (budget === undefined) return false;
    budget--;
    return budget <= 0;
  };

  const policy = retentionPolicy(set);
  const templates = set.spec.volumeClaimTemplates ?? [];

  const claimOwnerActions = (pod: StatefulSetPod): ScaleAction[] => {
    const out: ScaleAction[] = [];
    for (const template of templates) {
      const name = `${template.metadata?.name ?? ''}-${setName}-${getOrdinal(pod.metadata.name ?? '')}`;
      const claim = claims.get(name);
      if (claim === undefined) continue;
      if (claimOwnerMatchesSetAndPod(claim, set, pod, range)) continue;
      const fixed = claimWithRetentionOwnerRefs(claim, set, pod, range);
      if (fixed.changed) out.push({ type: 'update-claim', claim: fixed.claim });
    }
    return out;
  };

  // Missing claims for an ordinal, or the name of one being deleted.
  const missingClaims = (ordinal: number): { create: PersistentVolumeClaim[]; terminating?: string } => {
    const create: PersistentVolumeClaim[] = [];
    for (const claim of persistentVolumeClaimsFor(set, ordinal).values()) {
      const name = claim.metadata?.name ?? '';
      const existing = claims.get(name);
      if (existing === undefined) create.push(claim);
      else if (
        existing.metadata?.deletionTimestamp !== undefined &&
        existing.metadata.deletionTimestamp !== ''
      )
        return { create, terminating: name };
    }
    return { create };
  };

  // processReplica over the valid replicas, ascending.
  let broke = false;
  for (let o = range.start; o < range.end && !broke; o++) {
    if (range.reserved.has(o)) continue;
    const fresh = newPods.get(o);
    if (fresh !== undefined) {
      const name = fresh.pod.metadata.name;
      if (autoDeletePVC && policy.whenScaled !== 'Retain') {
        const stale = [...persistentVolumeClaimsFor(set, o).values()].some((c) => {
          const existing = claims.get(c.metadata?.name ?? '');
          return existing !== undefined && hasStaleOwnerRef(existing, { name, uid: '' });
        });
        if (stale) {
          if (monotonic) return stopWith('stale-claim', name);
          continue;
        }
      }
      const needed = missingClaims(o);
      if (needed.terminating !== undefined) {
        plan.failedCreateMessage = `StatefulPodControl failed to create Pod error: pvc ${needed.terminating} is to be deleted`;
        return stopWith('claim-terminating', name);
      }
      plan.actions.push({
        type: 'create-pod',
        ordinal: o,
        revision: fresh.revision,
        pod: fresh.pod,
        claims: needed.create,
      });
      if (monotonic) return stopWith('created', name);
      if (spend()) broke = true;
      continue;
    }

    const pod = replicas.get(o) as StatefulSetPod;
    const name = pod.metadata.name ?? '';
    if (isFinished(pod)) {
      if (spend()) {
        broke = true;
        continue;
      }
      if (!isTerminating(pod)) plan.actions.push(...deleteOrPrepare(set, pod, 'finished'));
      if (monotonic) return stopWith('finished-pod', name);
      continue;
    }
    // (A pod without a phase yet is treated like an existing one; Kruise would try to create it again and fail.)
    let claimsFixed = false;
    if (isCreated(pod) && isPending(pod)) {
      const needed = missingClaims(o);
      if (needed.terminating !== undefined) return stopWith('claim-terminating', name);
      if (needed.create.length > 0) plan.actions.push({ type: 'create-claims', pod, claims: needed.create });
      if (autoDeletePVC) plan.actions.push(...claimOwnerActions(pod));
      claimsFixed = true;
    }
    if (isTerminating(pod)) {
      if (monotonic) return stopWith('terminating', name);
      if (spend()) {
        broke = true;
        continue;
      }
    }
    // refreshPodState before the availability gate, as Kruise's processReplica: a pod that markPodNotReady holds
    // unavailable until its lifecycle moves on (Updating → Updated) would otherwise stop the round for good.
    const refreshed = refreshedLifecycleState(set, pod, input.updateRevisionName, gates);
    if (refreshed !== undefined) plan.actions.push({ type: 'set-lifecycle-state', pod, state: refreshed });
    if (monotonic || budget !== undefined) {
      const avail = runningAndAvailable(pod, minReadySeconds, now);
      if (!avail.available) {
        wait(avail.waitMs);
        if (monotonic) return stopWith('unavailable', name);
        if (spend()) {
          broke = true;
          continue;
        }
      }
    }
    const identityOk = identityMatches(set, pod) && storageMatches(set, pod);
    const retentionOk = !autoDeletePVC || claimsFixed || claimOwnerActions(pod).length === 0;
    if (identityOk && retentionOk) continue;
    if (!storageMatches(set, pod)) {
      const needed = missingClaims(o);
      if (needed.create.length > 0) plan.actions.push({ type: 'create-claims', pod, claims: needed.create });
    }
    if (!retentionOk) plan.actions.push(...claimOwnerActions(pod));
    if (!identityOk) plan.actions.push({ type: 'update-pod', pod: withFixedIdentity(set, pod, gates) });
  }

  // Condemned pods: first their PVC ownerRefs, then deletion, highest ordinal first.
  if (autoDeletePVC) for (const pod of condemned) plan.actions.push(...claimOwnerActions(pod));

  for (const pod of condemned) {
    const name = pod.metadata.name ?? '';
    if (isTerminating(pod)) {
      if (monotonic) return stopWith('condemned-waiting', name);
      continue;
    }
    if (monotonic && name !== firstUnhealthy) {
      if (!isRunningAndReady(pod)) return stopWith('condemned-waiting', name);
      const avail = runningAndAvailable(pod, minReadySeconds, now);
      if (!avail.available) {
        wait(avail.waitMs);
        return stopWith('condemned-waiting', name);
      }
    }
    const actions = deleteOrPrepare(set, pod, 'condemned');
    plan.actions.push(...actions);
    if (monotonic && actions.length > 0) return stopWith('condemned-deleted', name);
  }
  return plan;
}

/**
 * deletePod: with a preDelete hook on the pod, move it to PreparingDelete (nothing when it is already there);
 * otherwise delete it.
 */
export function deleteOrPrepare(
  set: StatefulSet,
  pod: StatefulSetPod,
  reason: 'finished' | 'condemned',
): ScaleAction[] {
  const preDelete = set.spec.lifecycle?.preDelete;
  if (preDelete !== undefined && isPodHooked(preDelete, pod)) {
    if (getPodLifecycleState(pod) === LifecycleState.PreparingDelete) return [];
    return [{ type: 'prepare-delete', pod, markPodNotReady: preDelete.markPodNotReady === true }];
  }
  return [{ type: 'delete-pod', pod, reason }];
}

/** Whether the current revision label of a pod is the given revision (exact label match, as getPodRevision). */
export function podAtRevision(pod: StatefulSetPod, revisionName: string): boolean {
  return podRevision(pod) === revisionName;
}
