// Every apiserver write of an AdvancedCronJob reconcile, each behind the partition fence: the status (Kruise's
// Status().Update, retried on a conflict from a fresh read), children deleted with background propagation and
// the scheduled child created under its fixed name (recorded in the create expectations first).

import { ADVANCEDCRONJOB, BROADCASTJOB, JOB, resourceOf } from '@kruise-ts/kube';
import {
  deleteExactly,
  type ResourceClient,
  updateCustomStatus,
  type WorkloadWriterOptions,
} from '@kruise-ts/runtime';
import type { AcjChild, AdvancedCronJob, NewChild } from '../types.ts';

const ACJ = resourceOf(ADVANCEDCRONJOB);

export type CronJobWriterOptions = WorkloadWriterOptions;

export class CronJobWriter {
  readonly #o: CronJobWriterOptions;
  readonly #jobs: ResourceClient<object>;
  readonly #broadcastJobs: ResourceClient<object>;

  constructor(options: CronJobWriterOptions) {
    this.#o = options;
    this.#jobs = options.kube.resource<object>(JOB);
    this.#broadcastJobs = options.kube.resource<object>(BROADCASTJOB);
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
          ? this.#broadcastJobs.delete({ namespace, name, body })
          : this.#jobs.delete({ namespace, name, body }),
      { propagationPolicy: 'Background' },
    );
  }

  async createChild(child: NewChild): Promise<void> {
    const { key, namespace, scale } = this.#o;
    this.#o.fence();
    scale.expect(key, 'create', child.metadata.name);
    try {
      if (child.kind === 'BroadcastJob') {
        await this.#broadcastJobs.create({ namespace, body: child });
      } else {
        await this.#jobs.create({ namespace, body: child });
      }
    } catch (err) {
      scale.observe(key, 'create', child.metadata.name);
      throw err;
    }
  }
}
