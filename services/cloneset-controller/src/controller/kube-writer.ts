// Every apiserver write the CloneSet reconcile makes, each fenced (the replica must still own the partition)
// and each recording the resourceVersion it produced so the next reconcile waits for the cache to catch up
// (docs/behaviour/cloneset.md#reconcile-steps step 9). Objects go over the wire as plain JSON and come back as plain JSON (timestamps as
// strings), which is what the decision functions read.

import {
  type ControllerRevision,
  conditionsPatchEntries,
  type OwnerReference,
  type PodCondition,
  type ResourceVersionExpectations,
} from '@kruise-ts/core';
import type { ObjectHead } from '@kruise-ts/kube';
import {
  deleteExactly,
  type PatchOptions,
  type ResourceClient,
  type ResourceSource,
  rewriteObject,
  updateCustomStatus,
} from '@kruise-ts/runtime';
import { INSTANCE_ID_LABEL } from '../pod-state.ts';
import type { CloneSet, CloneSetPod, CloneSetStatus, PersistentVolumeClaim } from '../types.ts';
import type { CloneSetClients } from './clients.ts';
import { CLONESET, CLONESET_RESOURCE, CONTROLLER_REVISION, POD, PVC } from './kinds.ts';

export interface KubeWriterOptions {
  /** The rate-limit lanes (controller/clients.ts), made once per process. */
  clients: CloneSetClients;
  namespace: string;
  /** Throws unless this replica still owns the CloneSet's partition. */
  fence: () => void;
  versions: ResourceVersionExpectations;
}

export class KubeWriter {
  readonly #cloneSetLane: ResourceSource;
  readonly #pods: ResourceClient<CloneSetPod>;
  readonly #pvcs: ResourceClient<PersistentVolumeClaim>;
  readonly #revisions: ResourceClient<ControllerRevision>;
  readonly #clonesets: ResourceClient<CloneSet>;
  readonly #ns: string;
  readonly #fence: () => void;
  readonly #versions: ResourceVersionExpectations;

  constructor(o: KubeWriterOptions) {
    const { kube, claims, revisions, cloneSets } = o.clients;
    this.#cloneSetLane = cloneSets;
    this.#pods = kube.resource(POD);
    this.#pvcs = claims.resource(PVC);
    this.#revisions = revisions.resource(CONTROLLER_REVISION);
    this.#clonesets = cloneSets.resource<CloneSet>(CLONESET);
    this.#ns = o.namespace;
    this.#fence = o.fence;
    this.#versions = o.versions;
  }

  #expect<T extends { metadata?: { uid?: string; resourceVersion?: string } }>(written: T): T {
    if (written.metadata?.uid !== undefined) this.#versions.expect({ metadata: written.metadata });
    return written;
  }

  /** The answer is read for its identity only: nothing reads the created pod but through the cache. */
  async createPod(pod: CloneSetPod): Promise<ObjectHead> {
    this.#fence();
    return this.#pods.create({ namespace: this.#ns, body: pod, answer: 'head' });
  }

  /**
   * Deletes exactly this pod (uid precondition): a newer pod with the same name (PVC reuse keeps names) is
   * left alone. False when the pod decided on is already gone.
   */
  async deletePod(pod: CloneSetPod): Promise<boolean> {
    this.#fence();
    return deleteExactly(pod, (body) =>
      this.#pods.delete({ namespace: this.#ns, name: pod.metadata.name ?? '', body, answer: 'head' }),
    );
  }

  /** A strategic-merge patch of the pod (labels, annotations, finalizers). */
  async patchPod(name: string, body: object): Promise<ObjectHead> {
    this.#fence();
    const pod = await this.#pods.patch({
      namespace: this.#ns,
      name,
      type: 'strategic',
      patch: body,
      answer: 'head',
    });
    return this.#expect(pod);
  }

  /**
   * Merges these conditions (by type) into the pod's status, leaving the others as the kubelet wrote them.
   * `metadata` (labels, annotations) rides along: the pods/status strategy resets only spec, ownerReferences and
   * deletionTimestamp (which is why the NodeRestriction admission has to forbid kubelets to change labels there).
   */
  async patchPodConditions(
    name: string,
    conditions: readonly PodCondition[],
    metadata?: object,
  ): Promise<ObjectHead> {
    const pod = await this.#pods.patchStatus({
      ...this.#conditionsPatch(name, conditions, metadata),
      answer: 'head',
    });
    return this.#expect(pod);
  }

  /** patchPodConditions, answering with the whole pod: the in-place PUT that follows starts from it. */
  async patchPodConditionsForUpdate(name: string, conditions: readonly PodCondition[]): Promise<CloneSetPod> {
    return this.#expect(await this.#pods.patchStatus(this.#conditionsPatch(name, conditions)));
  }

  /** The fenced strategic patch of the pod's status conditions (and metadata riding along). */
  #conditionsPatch(name: string, conditions: readonly PodCondition[], metadata?: object): PatchOptions {
    this.#fence();
    return {
      namespace: this.#ns,
      name,
      type: 'strategic',
      patch:
        metadata === undefined
          ? { status: { conditions: conditionsPatchEntries(conditions) } }
          : { metadata, status: { conditions: conditionsPatchEntries(conditions) } },
    };
  }

  /**
   * Change, write, again on a lost race (Kruise updates pods this way for in-place updates): rewriteObject, whose
   * first attempt PUTs the change of `base`, the freshest copy the caller holds (the answer of its last write of
   * the pod, or the cached pod, as Kruise reads its cache). `mutate` returns undefined when the pod needs nothing.
   */
  async updatePod(
    name: string,
    uid: string | undefined,
    base: CloneSetPod,
    mutate: (fresh: CloneSetPod) => CloneSetPod | undefined,
  ): Promise<CloneSetPod | undefined> {
    const written = await rewriteObject(this.#pods, {
      namespace: this.#ns,
      name,
      uid,
      base,
      mutate,
      fence: () => this.#fence(),
    });
    return written === undefined ? undefined : this.#expect(written);
  }

  /**
   * Resizes containers through the pod `resize` subresource (strategic merge of
   * {"spec":{"containers":[{name, resources}]}}): since Kubernetes 1.33 the only way to change a running pod's
   * resources (Kruise inplace_update.go with ShouldUpdateResourceByResize).
   */
  async resizePod(name: string, body: object): Promise<CloneSetPod> {
    this.#fence();
    const pod = await this.#pods.patchSubresource('resize', {
      namespace: this.#ns,
      name,
      type: 'strategic',
      patch: body,
    });
    return this.#expect(pod);
  }

  /** Replaces the owner references, on the version read (a concurrent change makes it fail and retry). */
  async setPodOwners(pod: CloneSetPod, ownerReferences: OwnerReference[]): Promise<void> {
    this.#fence();
    // uid and resourceVersion are preconditions: a recreated or changed pod is not adopted or released blindly.
    const { uid, resourceVersion } = pod.metadata;
    const body = { metadata: { ownerReferences, uid, resourceVersion } };
    this.#expect(
      await this.#pods.patch({
        namespace: this.#ns,
        name: pod.metadata.name ?? '',
        type: 'merge',
        patch: body,
        answer: 'head',
      }),
    );
  }

  async createPvc(pvc: PersistentVolumeClaim): Promise<void> {
    this.#fence();
    await this.#pvcs.create({ namespace: this.#ns, body: pvc });
  }

  /**
   * Deletes exactly this PVC as decided on (uid and resourceVersion preconditions: a volume re-owned or
   * recreated since the decision is kept). A volume is data: the decision (its instance has no live pod) came
   * from the cache, so it is re-checked against the apiserver first — a cache that lags (a freshly acquired
   * partition, a watcher behind) must not cost a volume. False when it is gone, changed, or still in use.
   */
  async deletePvc(pvc: PersistentVolumeClaim): Promise<boolean> {
    const instance = pvc.metadata.labels?.[INSTANCE_ID_LABEL];
    if (instance !== undefined && (await this.#instanceHasLivePod(instance))) return false;
    this.#fence();
    return deleteExactly(
      pvc,
      (body) => this.#pvcs.delete({ namespace: this.#ns, name: pvc.metadata.name ?? '', body }),
      { resourceVersion: true },
    );
  }

  /** The namespace's claims as the apiserver has them now (uncached), as plain JSON. */
  async listPvcs(): Promise<PersistentVolumeClaim[]> {
    return (await this.#pvcs.list({ namespace: this.#ns })).items;
  }

  /** The namespace's pods matching the selector as the apiserver has them now (uncached). */
  async listPods(labelSelector: string): Promise<CloneSetPod[]> {
    return (await this.#pods.list({ namespace: this.#ns, labelSelector })).items ?? [];
  }

  /** A pod of this instance id exists and is not being deleted (read from the apiserver, not the cache). */
  async #instanceHasLivePod(instance: string): Promise<boolean> {
    const pods = await this.#pods.list({
      namespace: this.#ns,
      labelSelector: `${INSTANCE_ID_LABEL}=${instance}`,
    });
    return (pods.items ?? []).some((p) => p.metadata?.deletionTimestamp === undefined);
  }

  async setPvcOwners(pvc: PersistentVolumeClaim, ownerReferences: OwnerReference[]): Promise<void> {
    this.#fence();
    const { uid, resourceVersion } = pvc.metadata;
    const body = { metadata: { ownerReferences, uid, resourceVersion } };
    await this.#pvcs.patch({
      namespace: this.#ns,
      name: pvc.metadata.name ?? '',
      type: 'merge',
      patch: body,
    });
  }

  /** The CloneSet as the apiserver has it now (uncached): the recheck before adopting. */
  async readCloneSet(name: string): Promise<CloneSet> {
    return this.#clonesets.get({ namespace: this.#ns, name });
  }

  async createRevision(revision: ControllerRevision): Promise<ControllerRevision> {
    this.#fence();
    return this.#revisions.create({ namespace: this.#ns, body: revision });
  }

  async readRevision(name: string): Promise<ControllerRevision> {
    return this.#revisions.get({ namespace: this.#ns, name });
  }

  /** Rollback: the revision number (and maybe its VCT-hash annotation) of an existing revision. */
  async patchRevision(name: string, body: object): Promise<ControllerRevision> {
    this.#fence();
    return this.#revisions.patch({ namespace: this.#ns, name, type: 'merge', patch: body });
  }

  /**
   * Deletes exactly this revision as decided on (uid and resourceVersion: a rollback renumbers a revision,
   * a recreated one has a new uid). False when it is gone or changed.
   */
  async deleteRevision(revision: ControllerRevision): Promise<boolean> {
    this.#fence();
    return deleteExactly(
      revision,
      (body) => this.#revisions.delete({ namespace: this.#ns, name: revision.metadata.name ?? '', body }),
      { resourceVersion: true },
    );
  }

  /**
   * UpdateStatus with a full status, on the cached object first, then on a fresh GET after a conflict (Kruise's
   * statusUpdater). Returns the written object.
   */
  async writeStatus(cs: CloneSet, status: CloneSetStatus): Promise<CloneSet> {
    const { group, version, plural } = CLONESET_RESOURCE;
    const written = await updateCustomStatus({
      kube: this.#cloneSetLane,
      resource: { group, version, plural },
      namespace: this.#ns,
      object: cs,
      status,
      fence: this.#fence,
    });
    return this.#expect(written);
  }

  /** Drops podsToDelete entries of pods that are gone (truncatePodsToDelete). */
  async setPodsToDelete(cs: CloneSet, podsToDelete: string[]): Promise<void> {
    this.#fence();
    this.#expect(
      await this.#clonesets.patch({
        namespace: this.#ns,
        name: cs.metadata?.name ?? '',
        type: 'merge',
        patch: {
          metadata: { resourceVersion: cs.metadata?.resourceVersion },
          // The last name gone leaves no field, as Kruise's nil list under omitempty (truncatePodsToDelete).
          spec: { scaleStrategy: { podsToDelete: podsToDelete.length === 0 ? null : podsToDelete } },
        },
      }),
    );
  }
}
