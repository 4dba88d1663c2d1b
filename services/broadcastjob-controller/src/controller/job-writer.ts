// Every apiserver write of a BroadcastJob reconcile, each behind the partition fence: pods created and deleted
// (with the scale expectations recorded first), their KruisePodReady condition, the job's status (Kruise's
// Status().Update, retried on a conflict from a fresh read) and the job itself once its TTL ran out.

import { conditionsPatchEntries, type Pod, type PodCondition } from '@kruise-ts/core';
import { BROADCASTJOB, POD, resourceOf } from '@kruise-ts/kube';
import {
  createPodExpected,
  deleteExactly,
  deletePodExpected,
  type ResourceClient,
  updateCustomStatus,
  type WorkloadWriterOptions,
} from '@kruise-ts/runtime';
import { CONTROLLER_UID_LABEL } from '../labels.ts';
import type { NewBroadcastJobPod } from '../new-pod.ts';
import type { BroadcastJob, BroadcastJobStatus } from '../types.ts';

const RESOURCE = resourceOf(BROADCASTJOB);

export type JobWriterOptions = WorkloadWriterOptions;

export class JobWriter {
  readonly #o: JobWriterOptions;
  readonly #jobs: ResourceClient<BroadcastJob>;

  constructor(options: JobWriterOptions) {
    this.#o = options;
    this.#jobs = options.kube.resource<BroadcastJob>(BROADCASTJOB);
  }

  /** Creates the pod for a node (expected under the node's name); returns the generated pod name. */
  async createPod(nodeName: string, pod: NewBroadcastJobPod): Promise<string> {
    return (await createPodExpected(this.#o, pod, nodeName)).metadata?.name ?? '';
  }

  /** The job's pods as the apiserver has them now (uncached), by the controller-uid label every pod carries. */
  async listPods(job: BroadcastJob): Promise<Pod[]> {
    const pods = this.#o.kube.resource<Pod>(POD);
    const labelSelector = `${CONTROLLER_UID_LABEL}=${job.metadata?.uid ?? ''}`;
    return (await pods.list({ namespace: this.#o.namespace, labelSelector })).items ?? [];
  }

  /** Merges conditions (by type) into a pod's status: the KruisePodReady the pod-readiness controller sets. */
  async setPodConditions(pod: Pod, conditions: readonly PodCondition[]): Promise<void> {
    const { kube, namespace, fence, versions } = this.#o;
    fence();
    const written = await kube.resource<Pod>(POD).patchStatus({
      namespace,
      name: pod.metadata.name ?? '',
      type: 'strategic',
      patch: { status: { conditions: conditionsPatchEntries(conditions) } },
      answer: 'head',
    });
    if (written.metadata?.uid !== undefined) versions.expect({ metadata: written.metadata });
  }

  /** Deletes a pod; false when it was already gone. */
  deletePod(pod: Pod): Promise<boolean> {
    return deletePodExpected(this.#o, pod);
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
  /** uid precondition: a job recreated under the same name since the decision is left alone. */
  async deleteJob(job: BroadcastJob): Promise<boolean> {
    this.#o.fence();
    return deleteExactly(job, (body) =>
      this.#jobs.delete({ namespace: this.#o.namespace, name: job.metadata?.name ?? '', body }),
    );
  }
}
