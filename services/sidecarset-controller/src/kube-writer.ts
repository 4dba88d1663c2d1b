// Every apiserver write of a SidecarSet reconcile, each fenced (this replica must still hold the leader lease)
// and each pod write recorded as a resourceVersion expectation, so the next reconcile waits for the bus-fed
// cache to show it. Pods are patched (JSON patch of exactly what changed, conditional on the resourceVersion
// read) rather than replaced, so fields this client does not model are never dropped.

import { hostname } from 'node:os';
import type { SidecarSetStatus } from '@kruise-ts/api';
import type { ControllerRevision, ResourceVersionExpectations } from '@kruise-ts/core';
import { asClientBody, plain } from '@kruise-ts/kube';
import {
  deleteExactly,
  EventRecorder,
  type EventType,
  involvedObject,
  type KubeClient,
  retryOnConflict,
} from '@kruise-ts/runtime';
import type { Pod, PodCondition, SidecarSet } from '@kruise-ts/sidecarset';
import type { Logger } from '@kruise-ts/telemetry';
import {
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  PatchStrategy,
  setHeaderOptions,
  type V1ControllerRevision,
} from '@kubernetes/client-node';
import fastJsonPatch from 'fast-json-patch';
import { SIDECARSET_RESOURCE } from './kinds.ts';

/** client-node turns timestamps into Date objects; the decisions read the JSON form. */

const strategic = setHeaderOptions('Content-Type', PatchStrategy.StrategicMergePatch);
const merge = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);
const jsonPatch = setHeaderOptions('Content-Type', PatchStrategy.JsonPatch);

export class KubeWriter {
  readonly #core: CoreV1Api;
  readonly #apps: AppsV1Api;
  readonly #custom: CustomObjectsApi;
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
    this.#core = o.kube.api(CoreV1Api);
    this.#apps = o.kube.api(AppsV1Api);
    this.#custom = o.kube.api(CustomObjectsApi);
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
   * Patches the pod from `pod` to `mutate(pod)`; on a conflict reads it again and recomputes. `mutate` returns
   * undefined when the pod needs nothing (any more). The pod read must be the same pod (uid).
   */
  async updatePod(pod: Pod, mutate: (fresh: Pod) => Pod | undefined): Promise<Pod | undefined> {
    const namespace = pod.metadata.namespace ?? '';
    const name = pod.metadata.name ?? '';
    let base = pod;
    let attempt = 0;
    return retryOnConflict(async () => {
      if (attempt++ > 0) {
        base = plain<Pod>(await this.#core.readNamespacedPod({ namespace, name }));
        if (base.metadata.uid !== pod.metadata.uid) return undefined;
      }
      const desired = mutate(base);
      if (desired === undefined) return undefined;
      const ops = fastJsonPatch.compare(base, plain<object>(desired));
      if (ops.length === 0) return base;
      // Written against the version read: a concurrent change is a 409 Conflict, then we re-read.
      const body = [
        { op: 'replace', path: '/metadata/resourceVersion', value: base.metadata.resourceVersion },
        ...ops,
      ];
      this.#fence();
      const written = plain<Pod>(await this.#core.patchNamespacedPod({ namespace, name, body }, jsonPatch));
      return this.#expect(written);
    });
  }

  /** Merges the condition (by type) into the pod's status. */
  async patchPodCondition(pod: Pod, condition: PodCondition): Promise<Pod> {
    this.#fence();
    const written = plain<Pod>(
      await this.#core.patchNamespacedPodStatus(
        {
          namespace: pod.metadata.namespace ?? '',
          name: pod.metadata.name ?? '',
          body: { status: { conditions: [condition] } },
        },
        strategic,
      ),
    );
    return this.#expect(written);
  }

  async writeStatus(name: string, status: Required<SidecarSetStatus>): Promise<void> {
    this.#fence();
    await this.#custom.patchClusterCustomObjectStatus(
      { ...SIDECARSET_RESOURCE, name, body: { status } },
      merge,
    );
  }

  async createRevision(revision: ControllerRevision): Promise<ControllerRevision> {
    this.#fence();
    return plain(
      await this.#apps.createNamespacedControllerRevision({
        namespace: revision.metadata.namespace ?? '',
        body: asClientBody<V1ControllerRevision>(revision),
      }),
    );
  }

  async readRevision(namespace: string, name: string): Promise<ControllerRevision> {
    return plain(await this.#apps.readNamespacedControllerRevision({ namespace, name }));
  }

  async patchRevision(namespace: string, name: string, body: object): Promise<ControllerRevision> {
    this.#fence();
    return plain(await this.#apps.patchNamespacedControllerRevision({ namespace, name, body }, merge));
  }

  /** Deletes exactly this revision as decided on (uid and resourceVersion); false when gone or changed. */
  async deleteRevision(namespace: string, revision: ControllerRevision): Promise<boolean> {
    this.#fence();
    return deleteExactly(
      revision,
      (body) =>
        this.#apps.deleteNamespacedControllerRevision({
          namespace,
          name: revision.metadata.name ?? '',
          body,
        }),
      { resourceVersion: true },
    );
  }
}
