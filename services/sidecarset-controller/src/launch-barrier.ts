// Container launch priority's barrier (Kruise pkg/controller/containerlaunchpriority; docs/behaviour/sidecarset.md#container-launch-priority):
// the pod webhook gave each container of an ordered pod the env KRUISE_CONTAINER_BARRIER, read from key `p_<n>`
// of the ConfigMap `<pod>-barrier`; the kubelet starts a container only once its key exists. This keeps that
// ConfigMap: created with the pod as owner, then the key of the highest priority still waiting is added each
// time the containers before it are ready, and the pod is marked completed once the last key is in.
// The decisions are core's (container-launch-priority.ts); this file reads and writes.
import {
  CONTAINER_LAUNCH_PRIORITY_COMPLETED_ANNOTATION,
  launchBarrierName,
  launchBarrierNeeded,
  launchBarrierStep,
  type ResourceVersionExpectations,
} from '@kruise-ts/core';
import { AlreadyExistsError, type KubeClient, NotFoundError, resources } from '@kruise-ts/runtime';
import type { Pod } from '@kruise-ts/sidecarset';
import type { Logger } from '@kruise-ts/telemetry';

interface ConfigMap {
  apiVersion?: string;
  kind?: string;
  metadata: {
    name: string;
    namespace: string;
    ownerReferences?: { apiVersion: string; kind: string; name: string; uid: string }[];
  };
  data?: Record<string, string>;
}

type BarrierData = Readonly<Record<string, string>>;

// SidecarSet names (the controller's other queue keys) are cluster-scoped and never hold a '/'.
/** The work-queue key of a pod's barrier: `<namespace>/<name>`. */
export function launchBarrierQueueKey(namespace: string, name: string): string {
  return `${namespace}/${name}`;
}

/** The pod a queue key names, or undefined for a SidecarSet's key. */
export function parseLaunchBarrierQueueKey(key: string): { namespace: string; name: string } | undefined {
  const slash = key.indexOf('/');
  return slash < 0 ? undefined : { namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}

export class LaunchBarriers {
  readonly #configMaps;
  readonly #pods;
  readonly #fence: () => void;
  readonly #versions: ResourceVersionExpectations;
  /** By pod uid: the barrier's data as this replica last read or wrote it, so a pod change needs no read. */
  readonly #known = new Map<string, BarrierData>();

  constructor(o: { kube: KubeClient; fence: () => void; versions: ResourceVersionExpectations }) {
    this.#configMaps = o.kube.resource<ConfigMap>(resources.configMaps);
    this.#pods = o.kube.resource<Pod>(resources.pods);
    this.#fence = o.fence;
    this.#versions = o.versions;
  }

  /** Kruise's shouldEnqueue, with the barrier as last seen here (unknown counts as absent: one read settles it). */
  needed(pod: Pod): boolean {
    return launchBarrierNeeded(pod, this.#known.get(pod.metadata.uid ?? ''));
  }

  /** The pod is gone: its barrier goes with it (owner reference), nothing to remember. */
  forget(uid: string): void {
    this.#known.delete(uid);
  }

  /** One step for the pod (undefined: deleted since it was queued). */
  async reconcile(pod: Pod | undefined, logger: Logger | undefined): Promise<void> {
    if (pod === undefined || pod.metadata.deletionTimestamp) return;
    if (pod.metadata.annotations?.[CONTAINER_LAUNCH_PRIORITY_COMPLETED_ANNOTATION] === 'true') return;
    const namespace = pod.metadata.namespace ?? '';
    const podName = pod.metadata.name ?? '';
    const uid = pod.metadata.uid ?? '';
    const name = launchBarrierName(podName);
    let data = (await this.#read(namespace, name)) ?? (await this.#create(pod, namespace, name));
    const step = launchBarrierStep(pod, data);
    if (step.addKey !== undefined) {
      this.#fence();
      const written = await this.#configMaps.patch({
        namespace,
        name,
        type: 'merge',
        patch: { data: { [step.addKey]: 'true' } },
      });
      data = written.data ?? {};
      logger?.info({ barrier: `${namespace}/${name}`, key: step.addKey }, 'launch barrier opened');
    }
    this.#known.set(uid, data);
    if (step.complete) {
      this.#fence();
      const written = await this.#pods.patch({
        namespace,
        name: podName,
        type: 'merge',
        patch: { metadata: { annotations: { [CONTAINER_LAUNCH_PRIORITY_COMPLETED_ANNOTATION]: 'true' } } },
      });
      this.#versions.expect({ metadata: written.metadata });
      logger?.info({ pod: `${namespace}/${podName}` }, 'container launch priority completed');
    }
  }

  async #read(namespace: string, name: string): Promise<BarrierData | undefined> {
    try {
      return (await this.#configMaps.get({ namespace, name })).data ?? {};
    } catch (err) {
      if (err instanceof NotFoundError) return undefined;
      throw new Error(`cannot read launch barrier ${namespace}/${name}`, { cause: err });
    }
  }

  async #create(pod: Pod, namespace: string, name: string): Promise<BarrierData> {
    this.#fence();
    try {
      const created = await this.#configMaps.create({
        namespace,
        body: {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: {
            name,
            namespace,
            // Kruise's owner reference: the pod, neither controller nor blocking deletion.
            ownerReferences: [
              { apiVersion: 'v1', kind: 'Pod', name: pod.metadata.name ?? '', uid: pod.metadata.uid ?? '' },
            ],
          },
        },
      });
      return created.data ?? {};
    } catch (err) {
      if (err instanceof AlreadyExistsError) return (await this.#read(namespace, name)) ?? {};
      throw new Error(`cannot create launch barrier ${namespace}/${name}`, { cause: err });
    }
  }
}
