// Every apiserver write of a StatefulSet reconcile, each behind the partition fence: revisions, PVCs, pods
// (creates and deletes recorded in the scale expectations first), lifecycle-state patches, identity fixes and
// the status (UpdateStatus, retried on a conflict from a fresh read).

import {
  type ControllerRevision,
  changedPodConditions,
  conditionsPatchEntries,
  type LifecycleHook,
  type LifecycleState,
  lifecycleReadinessConditions,
  lifecycleStatePatch,
  lifecycleStatePatchWithHook,
  type OwnerReference,
  type PodCondition,
} from '@kruise-ts/core';
import { type ObjectHead, resourceOf, STATEFULSET as STATEFULSET_KIND } from '@kruise-ts/kube';
import {
  AlreadyExistsError,
  resources as builtin,
  createPodExpected,
  deleteExactly,
  deletePodExpected,
  NotFoundError,
  type PatchOptions,
  type ResourceClient,
  rewriteObject,
  updateCustomStatus,
  type WorkloadWriterOptions,
} from '@kruise-ts/runtime';
import type {
  NewPod,
  PersistentVolumeClaim,
  StatefulSet,
  StatefulSetPod,
  StatefulSetStatus,
} from '../types.ts';
import type { SetClients } from './clients.ts';
import { POD, PVC, REVISION, STATEFULSET } from './kinds.ts';
import type { PendingPodWrites } from './pending-pod-writes.ts';

const RESOURCE = resourceOf(STATEFULSET_KIND);

export interface SetWriterOptions extends WorkloadWriterOptions {
  clients: SetClients;
  /** Where the refresh and lifecycle writes are recorded until the cache shows them (pending-pod-writes.ts). */
  pendingWrites?: PendingPodWrites;
}

export class SetWriter {
  readonly #o: SetWriterOptions;
  readonly #pods: ResourceClient<StatefulSetPod>;
  /** The same pods through the in-place lane (updates, resizes, condition refreshes). */
  readonly #inPlacePods: ResourceClient<StatefulSetPod>;
  /** The same pods through the lifecycle lane. */
  readonly #lifecyclePods: ResourceClient<StatefulSetPod>;
  readonly #pvcs: ResourceClient<PersistentVolumeClaim>;
  readonly #revisions: ResourceClient<ControllerRevision>;
  readonly #sets: ResourceClient<StatefulSet>;
  readonly #storageClasses: ResourceClient<{ allowVolumeExpansion?: boolean }>;

  constructor(options: SetWriterOptions) {
    this.#o = options;
    this.#pods = options.kube.resource(POD);
    this.#inPlacePods = options.clients.inPlace.resource(POD);
    this.#lifecyclePods = options.clients.lifecycle.resource(POD);
    this.#pvcs = options.kube.resource(PVC);
    this.#revisions = options.kube.resource(REVISION);
    this.#sets = options.kube.resource<StatefulSet>(STATEFULSET);
    this.#storageClasses = options.kube.resource(builtin.storageClasses);
  }

  /** The set as the apiserver has it now (uncached): the recheck before adopting. */
  async readSet(name: string): Promise<StatefulSet> {
    return this.#sets.get({ namespace: this.#o.namespace, name });
  }

  /** Adopts or releases a pod: its ownerReferences, with its uid and resourceVersion as preconditions. */
  async setPodOwners(pod: StatefulSetPod, ownerReferences: OwnerReference[]): Promise<void> {
    this.#o.fence();
    const { uid, resourceVersion } = pod.metadata;
    const written = await this.#pods.patch({
      namespace: this.#o.namespace,
      name: pod.metadata.name ?? '',
      type: 'merge',
      patch: { metadata: { ownerReferences, uid, resourceVersion } },
      answer: 'head',
    });
    this.#o.versions.expect(written);
  }

  /** Whether the StorageClass allows expansion; undefined when there is no such class. */
  async readStorageClass(name: string): Promise<{ allowVolumeExpansion?: boolean } | undefined> {
    try {
      const sc = await this.#storageClasses.get({ name });
      return sc.allowVolumeExpansion === undefined ? {} : { allowVolumeExpansion: sc.allowVolumeExpansion };
    } catch (err) {
      if (err instanceof NotFoundError) return undefined;
      throw err;
    }
  }

  /** Grows a claim: the template's resources and the owned-by annotation, on the version that was read. */
  async resizeClaim(
    claim: PersistentVolumeClaim,
    resources: unknown,
    annotation: { key: string; value: string },
  ): Promise<void> {
    this.#o.fence();
    await this.#pvcs.patch({
      namespace: this.#o.namespace,
      name: claim.metadata?.name ?? '',
      type: 'merge',
      patch: {
        metadata: {
          annotations: { [annotation.key]: annotation.value },
          resourceVersion: claim.metadata?.resourceVersion,
        },
        spec: { resources },
      },
    });
  }

  /** Creates a revision; an existing one of the same name is returned as it is (the caller compares data). */
  async createRevision(revision: ControllerRevision): Promise<ControllerRevision> {
    const { namespace } = this.#o;
    this.#o.fence();
    try {
      return await this.#revisions.create({ namespace, body: revision });
    } catch (err) {
      if (!(err instanceof AlreadyExistsError)) throw err;
      return this.#revisions.get({ namespace, name: revision.metadata.name ?? '' });
    }
  }

  /** Rollback: an older revision becomes the newest by taking the next revision number. */
  async setRevisionNumber(name: string, revision: number): Promise<ControllerRevision> {
    this.#o.fence();
    return this.#revisions.patch({ namespace: this.#o.namespace, name, type: 'merge', patch: { revision } });
  }

  /** Deletes exactly this revision as decided on (uid and resourceVersion); false when gone or changed. */
  async deleteRevision(revision: ControllerRevision): Promise<boolean> {
    this.#o.fence();
    return deleteExactly(
      revision,
      (body) =>
        this.#revisions.delete({ namespace: this.#o.namespace, name: revision.metadata.name ?? '', body }),
      { resourceVersion: true },
    );
  }

  /** Creates a PVC unless one of that name exists (PVCs are never updated but for their owner references). */
  async createClaim(claim: PersistentVolumeClaim): Promise<void> {
    this.#o.fence();
    try {
      await this.#pvcs.create({ namespace: this.#o.namespace, body: claim });
    } catch (err) {
      if (!(err instanceof AlreadyExistsError)) throw err;
    }
  }

  async setClaimOwners(claim: PersistentVolumeClaim): Promise<void> {
    this.#o.fence();
    await this.#pvcs.patch({
      namespace: this.#o.namespace,
      name: claim.metadata?.name ?? '',
      type: 'merge',
      patch: { metadata: { ownerReferences: claim.metadata?.ownerReferences ?? null } },
    });
  }

  async createPod(pod: NewPod): Promise<ObjectHead> {
    return createPodExpected(this.#o, pod, pod.metadata.name);
  }

  deletePod(pod: StatefulSetPod): Promise<boolean> {
    return deletePodExpected(this.#o, pod);
  }

  /**
   * Moves the pod to `state`; with a hook (Updated → PreparingUpdate, UpdatePodLifecycleWithHandler) its labels
   * and finalizers are put back too. With the hook's markPodNotReady, the KruisePodReady hold of a pod with that
   * gate (pkg/util/lifecycle/lifecycle_utils.go executePodNotReadyPolicy) rides in the same pods/status write as
   * the label, which that subresource keeps; a hook's finalizers need the pod itself, so then the hold goes first.
   */
  async setLifecycleState(
    pod: StatefulSetPod,
    state: LifecycleState,
    now: number,
    options: { hook?: LifecycleHook; markPodNotReady?: boolean } = {},
  ): Promise<void> {
    const { hook, markPodNotReady = false } = options;
    this.#o.fence();
    const body =
      hook === undefined ? lifecycleStatePatch(state, now) : lifecycleStatePatchWithHook(state, hook, now);
    const held = markPodNotReady
      ? lifecycleReadinessConditions(pod, pod.status?.conditions ?? [], state, now)
      : undefined;
    const changed = held === undefined ? [] : changedPodConditions(pod, held);
    const target = { namespace: this.#o.namespace, name: pod.metadata.name ?? '' };
    if (changed.length > 0) {
      const conditions = conditionsPatchEntries(changed);
      this.#wrote(
        await this.#lifecyclePods.patchStatus({
          ...target,
          type: 'strategic',
          patch: hook === undefined ? { ...body, status: { conditions } } : { status: { conditions } },
          answer: 'head',
        }),
      );
      if (hook === undefined) return;
    }
    // The finalizers of a hook are added to the pod's own, so that one goes as a strategic merge.
    this.#wrote(
      await this.#lifecyclePods.patch({
        ...target,
        type: hook === undefined ? 'merge' : 'strategic',
        patch: body,
        answer: 'head',
      }),
    );
  }

  /** The version a refresh or lifecycle write left: no move is made on the pod before the cache shows it. */
  #wrote(written: { metadata?: { uid?: string; resourceVersion?: string } }): void {
    this.#o.pendingWrites?.wrote(written);
  }

  /**
   * Change, write, again on a lost race (in-place updates write the pod this way, after a status write that moved
   * its resourceVersion): rewriteObject, whose first attempt PUTs the change of `base`, the freshest copy the
   * caller holds (its last write's answer, or the cached pod, as Kruise reads its cache). `mutate` returns
   * undefined when the pod needs nothing. The written version is expected, so the next rounds wait until the
   * cache shows it.
   */
  async rewritePod(
    name: string,
    uid: string | undefined,
    base: StatefulSetPod,
    mutate: (fresh: StatefulSetPod) => StatefulSetPod | undefined,
  ): Promise<StatefulSetPod | undefined> {
    const { namespace, fence, versions } = this.#o;
    const written = await rewriteObject(this.#inPlacePods, { namespace, name, uid, base, mutate, fence });
    if (written?.metadata.uid !== undefined) versions.expect({ metadata: written.metadata });
    return written;
  }

  /**
   * Merges the conditions that differ from the pod's (by type, a strategic merge) into its status. A merge patch
   * of the whole list would race with the kubelet: written from a stale pod, it dropped the kubelet's Ready and
   * ContainersReady, and the pod never became Ready.
   */
  async setPodConditions(pod: StatefulSetPod, conditions: readonly PodCondition[]): Promise<void> {
    const patch = this.#conditionsPatch(pod, conditions);
    if (patch !== undefined) this.#wrote(await this.#inPlacePods.patchStatus({ ...patch, answer: 'head' }));
  }

  /** setPodConditions, answering with the whole pod: the in-place PUT that follows starts from it. */
  async setPodConditionsForUpdate(
    pod: StatefulSetPod,
    conditions: readonly PodCondition[],
  ): Promise<StatefulSetPod | undefined> {
    const patch = this.#conditionsPatch(pod, conditions);
    return patch === undefined ? undefined : this.#inPlacePods.patchStatus(patch);
  }

  /** The fenced strategic patch of the conditions that changed; undefined when none did. */
  #conditionsPatch(pod: StatefulSetPod, conditions: readonly PodCondition[]): PatchOptions | undefined {
    const changed = changedPodConditions(pod, conditions);
    if (changed.length === 0) return undefined;
    this.#o.fence();
    return {
      namespace: this.#o.namespace,
      name: pod.metadata.name ?? '',
      type: 'strategic',
      patch: { status: { conditions: conditionsPatchEntries(changed) } },
    };
  }

  /**
   * Resizes containers through the pod `resize` subresource (strategic merge of {"spec":{"containers":[...]}}):
   * since Kubernetes 1.33 the only way to change a running pod's resources (Kruise inplace_update.go).
   */
  async resizePod(name: string, body: object): Promise<StatefulSetPod> {
    const { namespace, fence, versions } = this.#o;
    fence();
    const written = await this.#inPlacePods.patchSubresource('resize', {
      namespace,
      name,
      type: 'strategic',
      patch: body,
    });
    if (written.metadata.uid !== undefined) versions.expect({ metadata: written.metadata });
    return written;
  }

  async updatePod(pod: StatefulSetPod): Promise<void> {
    this.#o.fence();
    await this.#pods.replace({ namespace: this.#o.namespace, name: pod.metadata.name ?? '', body: pod });
  }

  /** Returns the resourceVersion written (the RolloutProgress event's de-duplication id). */
  async writeStatus(set: StatefulSet, status: StatefulSetStatus): Promise<string> {
    const { clients, namespace, fence, versions } = this.#o;
    const written = await updateCustomStatus({
      kube: clients.status,
      resource: RESOURCE,
      namespace,
      object: set,
      status,
      fence,
    });
    const meta = written as { metadata: { uid?: string; resourceVersion?: string } };
    versions.expect(meta);
    return meta.metadata.resourceVersion ?? '';
  }
}
