// The AdvancedCronJob controller's e2e environment: devcluster's ControllerHarness (real cluster, whose
// kube-controller-manager runs Jobs and whose kwok completes their pods; the real watcher and this controller
// on a bus prefix of their own) plus cron-job helpers. No BroadcastJob controller runs here, so BroadcastJob
// children stay active: what Forbid and Replace need. ACJs are created already defaulted by @kruise-ts/api.
import { type AdvancedCronJobV1beta1, defaultAdvancedCronJobV1beta1 } from '@kruise-ts/api';
import { buildCrds } from '@kruise-ts/api/crd';
import { ControllerHarness, requestJson } from '@kruise-ts/devcluster';

export type AdvancedCronJob = AdvancedCronJobV1beta1;

export interface Child {
  kind: string;
  metadata: {
    name: string;
    annotations?: Record<string, string>;
    ownerReferences?: { kind: string; name: string; controller?: boolean }[];
    deletionTimestamp?: string;
  };
  status?: { conditions?: { type: string; status: string }[] };
}

const acjPath = (ns: string, name = '') =>
  `/apis/apps.kruise.io/v1beta1/namespaces/${ns}/advancedcronjobs/${name}`;

export const jobTemplate = {
  jobTemplate: {
    spec: {
      template: { spec: { restartPolicy: 'Never', containers: [{ name: 'job', image: 'busybox:1.36' }] } },
    },
  },
};

export const broadcastJobTemplate = {
  broadcastJobTemplate: {
    spec: {
      template: { spec: { restartPolicy: 'Never', containers: [{ name: 'job', image: 'busybox:1.36' }] } },
    },
  },
};

export class Harness extends ControllerHarness {
  constructor() {
    super({
      controller: 'advancedcronjob-controller',
      watch: 'advancedcronjobs.apps.kruise.io,broadcastjobs.apps.kruise.io,jobs.batch',
      crds: buildCrds(),
      cleanupCollections: [
        '/apis/apps.kruise.io/v1beta1/namespaces/{ns}/advancedcronjobs',
        '/apis/apps.kruise.io/v1beta1/namespaces/{ns}/broadcastjobs',
      ],
    });
  }

  async createCronJob(
    namespace: string,
    name: string,
    spec: Partial<AdvancedCronJob['spec']>,
  ): Promise<AdvancedCronJob> {
    const acj = defaultAdvancedCronJobV1beta1({
      apiVersion: 'apps.kruise.io/v1beta1',
      kind: 'AdvancedCronJob',
      metadata: { name, namespace },
      spec: { schedule: '@every 2s', template: jobTemplate, ...spec },
    } as AdvancedCronJob);
    const res = await requestJson(this.kc, 'POST', acjPath(namespace), acj);
    if (res.status !== 201) throw new Error(`create ${namespace}/${name}: ${JSON.stringify(res.body)}`);
    return res.body as AdvancedCronJob;
  }

  async getCronJob(namespace: string, name: string): Promise<AdvancedCronJob> {
    const res = await requestJson(this.kc, 'GET', acjPath(namespace, name));
    if (res.status !== 200) throw new Error(`get ${namespace}/${name}: ${JSON.stringify(res.body)}`);
    return res.body as AdvancedCronJob;
  }

  async patchCronJob(namespace: string, name: string, patch: Record<string, unknown>): Promise<void> {
    const res = await requestJson(
      this.kc,
      'PATCH',
      acjPath(namespace, name),
      patch,
      'application/merge-patch+json',
    );
    if (res.status !== 200) throw new Error(`patch ${namespace}/${name}: ${JSON.stringify(res.body)}`);
  }

  /** Jobs and BroadcastJobs of the namespace that are not being deleted. */
  async children(namespace: string): Promise<Child[]> {
    const jobs = await requestJson(this.kc, 'GET', `/apis/batch/v1/namespaces/${namespace}/jobs`);
    const bcjs = await requestJson(
      this.kc,
      'GET',
      `/apis/apps.kruise.io/v1beta1/namespaces/${namespace}/broadcastjobs`,
    );
    const items = [
      ...((jobs.body as { items?: Child[] }).items ?? []).map((c) => ({ ...c, kind: 'Job' })),
      ...((bcjs.body as { items?: Child[] }).items ?? []).map((c) => ({ ...c, kind: 'BroadcastJob' })),
    ];
    return items.filter((c) => c.metadata.deletionTimestamp === undefined);
  }

  /** Polls the children every 250 ms for `ms`, returning every name seen and the most present at once. */
  async observe(namespace: string, ms: number): Promise<{ names: Set<string>; most: number }> {
    const names = new Set<string>();
    let most = 0;
    const until = Date.now() + ms;
    while (Date.now() < until) {
      this.assertRunning();
      const children = await this.children(namespace);
      for (const c of children) names.add(c.metadata.name);
      most = Math.max(most, children.length);
      await new Promise((r) => setTimeout(r, 250));
    }
    return { names, most };
  }

  waitForChildren(
    namespace: string,
    what: string,
    done: (children: Child[]) => boolean,
    timeoutMs = 60_000,
  ): Promise<Child[]> {
    return this.waitUntil(`${namespace}: ${what}`, () => this.children(namespace), done, timeoutMs);
  }
}
