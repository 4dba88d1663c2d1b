// Every apiserver write of an AdvancedCronJob reconcile, each behind the partition fence: the status (Kruise's
// Status().Update, retried on a conflict from a fresh read), children deleted with background propagation and
// the scheduled child created under its fixed name (recorded in the create expectations first).

import { ADVANCEDCRONJOB, asClientBody, BROADCASTJOB, resourceOf } from '@kruise-ts/kube';
import { deleteExactly, updateCustomStatus, type WorkloadWriterOptions } from '@kruise-ts/runtime';
import { BatchV1Api, CustomObjectsApi, type V1Job } from '@kubernetes/client-node';
import type { AcjChild, AdvancedCronJob, NewChild } from '../types.ts';

const ACJ = resourceOf(ADVANCEDCRONJOB);
const BCJ = resourceOf(BROADCASTJOB);

export type CronJobWriterOptions = WorkloadWriterOptions;

export class CronJobWriter {
  readonly #o: CronJobWriterOptions;
  readonly #batch: BatchV1Api;
  readonly #custom: CustomObjectsApi;

  constructor(options: CronJobWriterOptions) {
    this.#o = options;
    this.#batch = options.kube.api(BatchV1Api);
    this.#custom = options.kube.api(CustomObjectsApi);
  }

  async writeStatus(acj: AdvancedCronJob, status: NonNullable<AdvancedCronJob['status']>): Promise<void> {
    const { kube, namespace, fence, versions } = this.#o;
    const written = await updateCustomStatus({ kube, resource: ACJ, namespace, object: acj, status, fence });
    versions.expect(written as { metadata: { uid?: string; resourceVersion?: string } });
  }

  /** Deletes a child with background propagation; false when it was already gone. */
  async deleteChild(child: AcjChild): Promise<boolean> {
    const { namespace } = this.#o;
    const name = child.metadata.name ?? '';
    this.#o.fence();
    // uid precondition: a job recreated under the same name since the decision is left alone.
    return deleteExactly(
      child,
      (body) =>
        child.kind === 'BroadcastJob'
          ? this.#custom.deleteNamespacedCustomObject({ ...BCJ, namespace, name, body })
          : this.#batch.deleteNamespacedJob({ namespace, name, body }),
      { propagationPolicy: 'Background' },
    );
  }

  async createChild(child: NewChild): Promise<void> {
    const { key, namespace, scale } = this.#o;
    this.#o.fence();
    scale.expect(key, 'create', child.metadata.name);
    try {
      if (child.kind === 'BroadcastJob') {
        await this.#custom.createNamespacedCustomObject({ ...BCJ, namespace, body: child });
      } else {
        await this.#batch.createNamespacedJob({ namespace, body: asClientBody<V1Job>(child) });
      }
    } catch (err) {
      scale.observe(key, 'create', child.metadata.name);
      throw err;
    }
  }
}
