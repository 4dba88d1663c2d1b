// The BroadcastJob controller's e2e environment: devcluster's ControllerHarness (real cluster with two kwok
// nodes, whose fake kubelet completes BroadcastJob pods a second after they run; the real watcher and this
// controller on a bus prefix of their own) plus job helpers. Jobs are created already defaulted by
// @kruise-ts/api (no webhook server here).
import { type BroadcastJobV1beta1, defaultBroadcastJobV1beta1 } from '@kruise-ts/api';
import { buildCrds } from '@kruise-ts/api/crd';
import { ControllerHarness, requestJson } from '@kruise-ts/devcluster';
import type { V1Pod } from '@kubernetes/client-node';

export type BroadcastJob = BroadcastJobV1beta1;
export type JobSpec = BroadcastJob['spec'];

const ref = { group: 'apps.kruise.io', version: 'v1beta1', plural: 'broadcastjobs' } as const;
const path = (ns: string, name = '') => `/apis/apps.kruise.io/v1beta1/namespaces/${ns}/broadcastjobs/${name}`;

/** Every kind the controller reads, fed by one watcher unless a test splits them. */
export const WATCHED = 'broadcastjobs.apps.kruise.io,pods.core,nodes.core';

export class Harness extends ControllerHarness {
  /** With `watch`, one watcher per entry (a test can then freeze the feed of one kind). */
  constructor(watch: string | readonly string[] = WATCHED) {
    super({
      controller: 'broadcastjob-controller',
      watch,
      crds: buildCrds(),
      cleanupCollections: ['/apis/apps.kruise.io/v1beta1/namespaces/{ns}/broadcastjobs'],
    });
  }

  /** A job running `busybox` once per node, defaulted as the webhook would, with `spec` merged over it. */
  async createJob(namespace: string, name: string, spec: Partial<JobSpec> = {}): Promise<BroadcastJob> {
    const job = defaultBroadcastJobV1beta1({
      apiVersion: 'apps.kruise.io/v1beta1',
      kind: 'BroadcastJob',
      metadata: { name, namespace },
      spec: {
        template: {
          spec: { restartPolicy: 'Never', containers: [{ name: 'job', image: 'busybox:1.36' }] },
        },
        ...spec,
      },
    } as BroadcastJob);
    return (await this.custom.createNamespacedCustomObject({ ...ref, namespace, body: job })) as BroadcastJob;
  }

  async getJob(namespace: string, name: string): Promise<BroadcastJob | undefined> {
    const got = await requestJson(this.kc, 'GET', path(namespace, name));
    return got.status === 200 ? (got.body as BroadcastJob) : undefined;
  }

  async patchJob(namespace: string, name: string, patch: Record<string, unknown>): Promise<void> {
    const res = await requestJson(
      this.kc,
      'PATCH',
      path(namespace, name),
      patch,
      'application/merge-patch+json',
    );
    if (res.status !== 200) throw new Error(`patch ${namespace}/${name}: ${JSON.stringify(res.body)}`);
  }

  /** Waits until the job satisfies `done`, returning it. */
  waitForJob(
    namespace: string,
    name: string,
    what: string,
    done: (job: BroadcastJob) => boolean,
    timeoutMs = 60_000,
  ): Promise<BroadcastJob> {
    return this.waitUntil(
      `${namespace}/${name}: ${what}`,
      () => this.getJob(namespace, name),
      done,
      timeoutMs,
    );
  }

  async pods(namespace: string): Promise<V1Pod[]> {
    return (await this.core.listNamespacedPod({ namespace })).items;
  }
}
