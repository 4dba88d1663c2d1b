// Every apiserver write of a StatefulSet reconcile, each behind the partition fence: revisions, PVCs, pods
// (creates and deletes recorded in the scale expectations first), lifecycle-state patches, identity fixes and
// the status (UpdateStatus, retried on a conflict from a fresh read).
import {
  type ControllerRevision,
  type LifecycleState,
  lifecycleStatePatch,
  type ResourceVersionExpectations,
  type ScaleExpectations,
} from '@kruise-ts/core';
import {
  AlreadyExistsError,
  createPodExpected,
  deleteExactly,
  deletePodExpected,
  type KubeClient,
  updateCustomStatus,
} from '@kruise-ts/runtime';
import {
  AppsV1Api,
  CoreV1Api,
  PatchStrategy,
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

const RESOURCE = { group: 'apps.kruise.io', version: 'v1beta1', plural: 'statefulsets' } as const;
const merge = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);
// Our schema types and client-node's describe the same JSON; only their optionality differs.
const asKube = <T>(o: unknown): T => o as T;
const plain = <T>(o: unknown): T => JSON.parse(JSON.stringify(o)) as T;

export interface SetWriterOptions {
  kube: KubeClient;
  key: string;
  namespace: string;
  fence: () => void;
  scale: ScaleExpectations;
  versions: ResourceVersionExpectations;
}

export class SetWriter {
  readonly #o: SetWriterOptions;
  readonly #core: CoreV1Api;
  readonly #apps: AppsV1Api;

  constructor(options: SetWriterOptions) {
    this.#o = options;
    this.#core = options.kube.api(CoreV1Api);
    this.#apps = options.kube.api(AppsV1Api);
  }

  /** Creates a revision; an existing one of the same name is returned as it is (the caller compares data). */
  async createRevision(revision: ControllerRevision): Promise<ControllerRevision> {
    const { namespace } = this.#o;
    this.#o.fence();
    try {
      return plain(
        await this.#apps.createNamespacedControllerRevision({
          namespace,
          body: asKube<V1ControllerRevision>(revision),
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
        body: asKube<V1PersistentVolumeClaim>(claim),
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

  async setLifecycleState(pod: StatefulSetPod, state: LifecycleState, now: number): Promise<void> {
    this.#o.fence();
    await this.#core.patchNamespacedPod(
      { namespace: this.#o.namespace, name: pod.metadata.name ?? '', body: lifecycleStatePatch(state, now) },
      merge,
    );
  }

  /** The pod's status conditions as given (the whole list: a merge patch replaces it). */
  async setPodConditions(pod: StatefulSetPod, conditions: unknown[]): Promise<void> {
    this.#o.fence();
    await this.#core.patchNamespacedPodStatus(
      { namespace: this.#o.namespace, name: pod.metadata.name ?? '', body: { status: { conditions } } },
      merge,
    );
  }

  async updatePod(pod: StatefulSetPod): Promise<void> {
    this.#o.fence();
    await this.#core.replaceNamespacedPod({
      namespace: this.#o.namespace,
      name: pod.metadata.name ?? '',
      body: asKube<V1Pod>(pod),
    });
  }

  async writeStatus(set: StatefulSet, status: StatefulSetStatus): Promise<void> {
    const { kube, namespace, fence, versions } = this.#o;
    const written = await updateCustomStatus({
      kube,
      resource: RESOURCE,
      namespace,
      object: set,
      status,
      fence,
    });
    versions.expect(written as { metadata: { uid?: string; resourceVersion?: string } });
  }
}
