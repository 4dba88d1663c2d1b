// Every apiserver write of a StatefulSet reconcile, each behind the partition fence: revisions, PVCs, pods
// (creates and deletes recorded in the scale expectations first), lifecycle-state patches, identity fixes and
// the status (UpdateStatus, retried on a conflict from a fresh read).

import {
  type ControllerRevision,
  type LifecycleHook,
  type LifecycleState,
  lifecycleStatePatch,
  lifecycleStatePatchWithHook,
  type OwnerReference,
  type PodCondition,
} from '@kruise-ts/core';
import { asClientBody, plain, resourceOf, STATEFULSET } from '@kruise-ts/kube';
import {
  AlreadyExistsError,
  createPodExpected,
  deleteExactly,
  deletePodExpected,
  NotFoundError,
  retryOnConflict,
  updateCustomStatus,
  type WorkloadWriterOptions,
} from '@kruise-ts/runtime';
import {
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  PatchStrategy,
  StorageV1Api,
  setHeaderOptions,
  type V1ControllerRevision,
  type V1PersistentVolumeClaim,
  type V1Pod,
} from '@kubernetes/client-node';
import type {
  NewPod,
  PersistentVolumeClaim,
  StatefulSet,
  StatefulSetPod,
  StatefulSetStatus,
} from '../types.ts';

const RESOURCE = resourceOf(STATEFULSET);
const merge = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);
const strategic = setHeaderOptions('Content-Type', PatchStrategy.StrategicMergePatch);
// Our schema types and client-node's describe the same JSON; only their optionality differs.

export type SetWriterOptions = WorkloadWriterOptions;

export class SetWriter {
  readonly #o: SetWriterOptions;
  readonly #core: CoreV1Api;
  readonly #apps: AppsV1Api;
  readonly #custom: CustomObjectsApi;
  readonly #storage: StorageV1Api;

  constructor(options: SetWriterOptions) {
    this.#o = options;
    this.#core = options.kube.api(CoreV1Api);
    this.#apps = options.kube.api(AppsV1Api);
    this.#custom = options.kube.api(CustomObjectsApi);
    this.#storage = options.kube.api(StorageV1Api);
  }

  /** The set as the apiserver has it now (uncached): the recheck before adopting. */
  async readSet(name: string): Promise<StatefulSet> {
    return (await this.#custom.getNamespacedCustomObject({
      ...RESOURCE,
      namespace: this.#o.namespace,
      name,
    })) as StatefulSet;
  }

  /** Adopts or releases a pod: its ownerReferences, with its uid and resourceVersion as preconditions. */
  async setPodOwners(pod: StatefulSetPod, ownerReferences: OwnerReference[]): Promise<void> {
    this.#o.fence();
    const { uid, resourceVersion } = pod.metadata;
    const written = await this.#core.patchNamespacedPod(
      {
        namespace: this.#o.namespace,
        name: pod.metadata.name ?? '',
        body: { metadata: { ownerReferences, uid, resourceVersion } },
      },
      merge,
    );
    this.#o.versions.expect(plain(written));
  }

  /** Whether the StorageClass allows expansion; undefined when there is no such class. */
  async readStorageClass(name: string): Promise<{ allowVolumeExpansion?: boolean } | undefined> {
    try {
      const sc = await this.#storage.readStorageClass({ name });
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
    await this.#core.patchNamespacedPersistentVolumeClaim(
      {
        namespace: this.#o.namespace,
        name: claim.metadata?.name ?? '',
        body: {
          metadata: {
            annotations: { [annotation.key]: annotation.value },
            resourceVersion: claim.metadata?.resourceVersion,
          },
          spec: { resources },
        },
      },
      merge,
    );
  }

  /** Creates a revision; an existing one of the same name is returned as it is (the caller compares data). */
  async createRevision(revision: ControllerRevision): Promise<ControllerRevision> {
    const { namespace } = this.#o;
    this.#o.fence();
    try {
      return plain(
        await this.#apps.createNamespacedControllerRevision({
          namespace,
          body: asClientBody<V1ControllerRevision>(revision),
        }),
      );
    } catch (err) {
      if (!(err instanceof AlreadyExistsError)) throw err;
      return plain(
        await this.#apps.readNamespacedControllerRevision({ namespace, name: revision.metadata.name ?? '' }),
      );
    }
  }

  /** Rollback: an older revision becomes the newest by taking the next revision number. */
  async setRevisionNumber(name: string, revision: number): Promise<ControllerRevision> {
    this.#o.fence();
    return plain(
      await this.#apps.patchNamespacedControllerRevision(
        { namespace: this.#o.namespace, name, body: { revision } },
        merge,
      ),
    );
  }

  /** Deletes exactly this revision as decided on (uid and resourceVersion); false when gone or changed. */
  async deleteRevision(revision: ControllerRevision): Promise<boolean> {
    this.#o.fence();
    return deleteExactly(
      revision,
      (body) =>
        this.#apps.deleteNamespacedControllerRevision({
          namespace: this.#o.namespace,
          name: revision.metadata.name ?? '',
          body,
        }),
      { resourceVersion: true },
    );
  }

  /** Creates a PVC unless one of that name exists (PVCs are never updated but for their owner references). */
  async createClaim(claim: PersistentVolumeClaim): Promise<void> {
    this.#o.fence();
    try {
      await this.#core.createNamespacedPersistentVolumeClaim({
        namespace: this.#o.namespace,
        body: asClientBody<V1PersistentVolumeClaim>(claim),
      });
    } catch (err) {
      if (!(err instanceof AlreadyExistsError)) throw err;
    }
  }

  async setClaimOwners(claim: PersistentVolumeClaim): Promise<void> {
    this.#o.fence();
    await this.#core.patchNamespacedPersistentVolumeClaim(
      {
        namespace: this.#o.namespace,
        name: claim.metadata?.name ?? '',
        body: { metadata: { ownerReferences: claim.metadata?.ownerReferences ?? null } },
      },
      merge,
    );
  }

  async createPod(pod: NewPod): Promise<StatefulSetPod> {
    return plain(await createPodExpected(this.#o, pod, pod.metadata.name));
  }

  deletePod(pod: StatefulSetPod): Promise<boolean> {
    return deletePodExpected(this.#o, pod);
  }

  /**
   * Moves the pod to `state`; with a hook (Updated → PreparingUpdate, UpdatePodLifecycleWithHandler) its labels
   * and finalizers are put back too.
   */
  async setLifecycleState(
    pod: StatefulSetPod,
    state: LifecycleState,
    now: number,
    hook?: LifecycleHook,
  ): Promise<void> {
    this.#o.fence();
    const body =
      hook === undefined ? lifecycleStatePatch(state, now) : lifecycleStatePatchWithHook(state, hook, now);
    // The finalizers of a hook are added to the pod's own, so that one goes as a strategic merge.
    await this.#core.patchNamespacedPod(
      { namespace: this.#o.namespace, name: pod.metadata.name ?? '', body },
      hook === undefined ? merge : strategic,
    );
  }

  /**
   * GET, change, PUT, again on a conflict (in-place updates write the whole pod this way, after a status write
   * that moved its resourceVersion). `mutate` returns undefined when the fresh pod needs nothing, and a pod of
   * another uid is left alone. The written version is expected, so the next rounds wait until the cache shows it.
   */
  async updatePodFresh(
    name: string,
    uid: string | undefined,
    mutate: (fresh: StatefulSetPod) => StatefulSetPod | undefined,
  ): Promise<StatefulSetPod | undefined> {
    const { namespace, fence, versions } = this.#o;
    return retryOnConflict(async () => {
      fence();
      const fresh = plain<StatefulSetPod>(await this.#core.readNamespacedPod({ namespace, name }));
      if (uid !== undefined && fresh.metadata.uid !== uid) return undefined;
      const next = mutate(fresh);
      if (next === undefined) return undefined;
      fence();
      const written = plain<StatefulSetPod>(
        await this.#core.replaceNamespacedPod({ namespace, name, body: asClientBody<V1Pod>(next) }),
      );
      if (written.metadata.uid !== undefined) versions.expect({ metadata: written.metadata });
      return written;
    });
  }

  /**
   * Merges the conditions that differ from the pod's (by type, a strategic merge) into its status. A merge patch
   * of the whole list would race with the kubelet: written from a stale pod, it dropped the kubelet's Ready and
   * ContainersReady, and the pod never became Ready.
   */
  async setPodConditions(pod: StatefulSetPod, conditions: readonly PodCondition[]): Promise<void> {
    const changed = conditions.filter((c) => {
      const old = pod.status?.conditions?.find((o) => o.type === c.type);
      return (
        old === undefined ||
        old.status !== c.status ||
        (old.reason ?? '') !== (c.reason ?? '') ||
        (old.message ?? '') !== (c.message ?? '')
      );
    });
    if (changed.length === 0) return;
    this.#o.fence();
    await this.#core.patchNamespacedPodStatus(
      {
        namespace: this.#o.namespace,
        name: pod.metadata.name ?? '',
        body: { status: { conditions: changed } },
      },
      strategic,
    );
  }

  /**
   * Resizes containers through the pod `resize` subresource (strategic merge of {"spec":{"containers":[...]}}):
   * since Kubernetes 1.33 the only way to change a running pod's resources (Kruise inplace_update.go).
   */
  async resizePod(name: string, body: object): Promise<void> {
    const { namespace, fence, versions } = this.#o;
    fence();
    const written = plain<StatefulSetPod>(
      await this.#core.patchNamespacedPodResize({ namespace, name, body }, strategic),
    );
    if (written.metadata.uid !== undefined) versions.expect({ metadata: written.metadata });
  }

  async updatePod(pod: StatefulSetPod): Promise<void> {
    this.#o.fence();
    await this.#core.replaceNamespacedPod({
      namespace: this.#o.namespace,
      name: pod.metadata.name ?? '',
      body: asClientBody<V1Pod>(pod),
    });
  }

  /** Returns the resourceVersion written (the RolloutProgress event's de-duplication id). */
  async writeStatus(set: StatefulSet, status: StatefulSetStatus): Promise<string> {
    const { kube, namespace, fence, versions } = this.#o;
    const written = await updateCustomStatus({
      kube,
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
