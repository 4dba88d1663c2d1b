// Every apiserver write of a BroadcastJob reconcile, each behind the partition fence: pods created and deleted
// (with the scale expectations recorded first), the job's status (Kruise's Status().Update, retried on a
// conflict from a fresh read) and the job itself once its TTL ran out.
import type { ResourceVersionExpectations, ScaleExpectations } from '@kruise-ts/core';
import { type KubeClient, NotFoundError, updateCustomStatus } from '@kruise-ts/runtime';
import { CoreV1Api, CustomObjectsApi, type V1Pod } from '@kubernetes/client-node';
import type { NewBroadcastJobPod } from '../new-pod.ts';
import type { BroadcastJob, BroadcastJobPod, BroadcastJobStatus } from '../types.ts';

const RESOURCE = { group: 'apps.kruise.io', version: 'v1beta1', plural: 'broadcastjobs' } as const;

export interface JobWriterOptions {
  kube: KubeClient;
  key: string;
  namespace: string;
  fence: () => void;
  scale: ScaleExpectations;
  versions: ResourceVersionExpectations;
}

export class JobWriter {
  readonly #o: JobWriterOptions;
  readonly #core: CoreV1Api;
  readonly #custom: CustomObjectsApi;

  constructor(options: JobWriterOptions) {
    this.#o = options;
    this.#core = options.kube.api(CoreV1Api);
    this.#custom = options.kube.api(CustomObjectsApi);
  }

  /** Creates the pod for a node; returns its generated name. The expectation is lowered again on failure. */
  async createPod(nodeName: string, pod: NewBroadcastJobPod): Promise<string> {
    const { key, namespace, scale } = this.#o;
    this.#o.fence();
    scale.expect(key, 'create', nodeName);
    try {
      const created = await this.#core.createNamespacedPod({
        namespace,
        // Our schema types and client-node's describe the same JSON; only their optionality differs.
        body: pod as unknown as V1Pod,
      });
      return created.metadata?.name ?? '';
    } catch (err) {
      scale.observe(key, 'create', nodeName);
      throw err;
    }
  }

  /** Deletes a pod; false when it was already gone. */
  async deletePod(pod: BroadcastJobPod): Promise<boolean> {
    const { key, namespace, scale } = this.#o;
    const name = pod.metadata.name ?? '';
    this.#o.fence();
    scale.expect(key, 'delete', name);
    try {
      await this.#core.deleteNamespacedPod({ namespace, name });
      return true;
    } catch (err) {
      scale.observe(key, 'delete', name);
      if (err instanceof NotFoundError) return false;
      throw err;
    }
  }

  async writeStatus(job: BroadcastJob, status: BroadcastJobStatus): Promise<void> {
    const { kube, namespace, fence, versions } = this.#o;
    const written = await updateCustomStatus({
      kube,
      resource: RESOURCE,
      namespace,
      object: job,
      status,
      fence,
    });
    versions.expect(written as { metadata: { uid?: string; resourceVersion?: string } });
  }

  /** ttlSecondsAfterFinished ran out: the job goes, its pods with it (garbage collector, background). */
  async deleteJob(job: BroadcastJob): Promise<void> {
    this.#o.fence();
    try {
      await this.#custom.deleteNamespacedCustomObject({
        ...RESOURCE,
        namespace: this.#o.namespace,
        name: job.metadata?.name ?? '',
      });
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err;
    }
  }
}
