// Every apiserver write of a SidecarSet reconcile, each fenced (this replica must still hold the leader lease)
// and each pod write recorded as a resourceVersion expectation, so the next reconcile waits for the bus-fed
// cache to show it. Pods are patched (JSON patch of exactly what changed, conditional on the resourceVersion
// read) rather than replaced, so fields this client does not model are never dropped.

import { hostname } from 'node:os';
import type { SidecarSetStatus } from '@kruise-ts/api';
import type { ControllerRevision, ResourceVersionExpectations } from '@kruise-ts/core';
import { CONTROLLER_REVISION, POD, SIDECARSET } from '@kruise-ts/kube';
import {
  deleteExactly,
  EventRecorder,
  type EventType,
  involvedObject,
  type KubeClient,
  type ResourceClient,
  rewriteObject,
} from '@kruise-ts/runtime';
import type { Pod, PodCondition, SidecarSet } from '@kruise-ts/sidecarset';
import type { Logger } from '@kruise-ts/telemetry';

export class KubeWriter {
  readonly #pods: ResourceClient<Pod>;
  readonly #revisions: ResourceClient<ControllerRevision>;
  readonly #sidecarSets: ResourceClient<SidecarSet>;
  readonly #fence: () => void;
  readonly #versions: ResourceVersionExpectations;
  readonly #events: EventRecorder;

  constructor(o: {
    kube: KubeClient;
    fence: () => void;
    versions: ResourceVersionExpectations;
    /** The Events' reporting instance; default `<host>-<pid>`. */
    instance?: string;
    logger?: Logger;
  }) {
    this.#pods = o.kube.resource<Pod>(POD);
    this.#revisions = o.kube.resource<ControllerRevision>(CONTROLLER_REVISION);
    this.#sidecarSets = o.kube.resource<SidecarSet>(SIDECARSET);
    this.#fence = o.fence;
    this.#versions = o.versions;
    // Kruise's manager records as "sidecarset-controller" (pkg/controller/sidecarset/sidecarset_controller.go).
    this.#events = new EventRecorder({
      kube: o.kube,
      component: 'sidecarset-controller',
      reportingInstance: o.instance ?? `${hostname()}-${process.pid}`,
      ...(o.logger ? { logger: o.logger } : {}),
    });
  }

  /** Records an Event on the SidecarSet in the background (fenced like every write); never fails. */
  recordEvent(sidecarSet: SidecarSet, type: EventType, reason: string, message: string): void {
    this.#events.record(
      involvedObject('apps.kruise.io/v1beta1', 'SidecarSet', sidecarSet),
      type,
      reason,
      message,
      this.#fence,
    );
  }

  /** An Event on a pod (the hot-upgrade resets), in the background and fenced; never fails. */
  recordPodEvent(pod: Pod, type: EventType, reason: string, message: string): void {
    this.#events.record(involvedObject('v1', 'Pod', pod), type, reason, message, this.#fence);
  }

  /** Waits for the Events being written. */
  async flushEvents(): Promise<void> {
    await this.#events.flush();
  }

  #expect(pod: Pod): Pod {
    this.#versions.expect({ metadata: pod.metadata });
    return pod;
  }

  /**
   * Writes `mutate(pod)` (rewriteObject: a PUT of the change first, on a lost race a re-read and a guarded patch).
   * `mutate` returns undefined when the pod needs nothing (any more). The pod read must be the same pod (uid).
   */
  async updatePod(pod: Pod, mutate: (fresh: Pod) => Pod | undefined): Promise<Pod | undefined> {
    const written = await rewriteObject(this.#pods, {
      namespace: pod.metadata.namespace ?? '',
      name: pod.metadata.name ?? '',
      uid: pod.metadata.uid,
      base: pod,
      mutate,
      fence: () => this.#fence(),
    });
    return written === undefined ? undefined : this.#expect(written);
  }

  /** Merges the condition (by type) into the pod's status. */
  async patchPodCondition(pod: Pod, condition: PodCondition): Promise<Pod> {
    this.#fence();
    const written = await this.#pods.patchStatus({
      namespace: pod.metadata.namespace ?? '',
      name: pod.metadata.name ?? '',
      type: 'strategic',
      patch: { status: { conditions: [condition] } },
    });
    return this.#expect(written);
  }

  async writeStatus(name: string, status: Required<SidecarSetStatus>): Promise<void> {
    this.#fence();
    await this.#sidecarSets.patchStatus({ name, type: 'merge', patch: { status } });
  }

  async createRevision(revision: ControllerRevision): Promise<ControllerRevision> {
    this.#fence();
    return this.#revisions.create({ namespace: revision.metadata.namespace ?? '', body: revision });
  }

  async readRevision(namespace: string, name: string): Promise<ControllerRevision> {
    return this.#revisions.get({ namespace, name });
  }

  async patchRevision(namespace: string, name: string, body: object): Promise<ControllerRevision> {
    this.#fence();
    return this.#revisions.patch({ namespace, name, type: 'merge', patch: body });
  }

  /** Deletes exactly this revision as decided on (uid and resourceVersion); false when gone or changed. */
  async deleteRevision(namespace: string, revision: ControllerRevision): Promise<boolean> {
    this.#fence();
    return deleteExactly(
      revision,
      (body) => this.#revisions.delete({ namespace, name: revision.metadata.name ?? '', body }),
      { resourceVersion: true },
    );
  }
}
