// The Advanced StatefulSet controller's e2e environment: devcluster's ControllerHarness (real cluster, the real
// watcher and this controller on a bus prefix of their own) plus set helpers. Sets are created already
// defaulted by @kruise-ts/api (no webhook server here).
import { defaultStatefulSetV1beta1, type StatefulSetV1beta1 } from '@kruise-ts/api';
import { buildCrds } from '@kruise-ts/api/crd';
import { ControllerHarness, requestJson } from '@kruise-ts/devcluster';
import type { V1PersistentVolumeClaim, V1Pod } from '@kubernetes/client-node';

export type StatefulSet = StatefulSetV1beta1;
type Spec = StatefulSet['spec'];

const path = (ns: string, name = '') => `/apis/apps.kruise.io/v1beta1/namespaces/${ns}/statefulsets/${name}`;

export class Harness extends ControllerHarness {
  constructor() {
    super({
      controller: 'statefulset-controller',
      watch: 'statefulsets.apps.kruise.io,pods.core,persistentvolumeclaims.core,controllerrevisions.apps',
      crds: buildCrds(),
      cleanupCollections: ['/apis/apps.kruise.io/v1beta1/namespaces/{ns}/statefulsets'],
      env: { KRUISE_TS_FEATURE_GATES: 'StatefulSetStartOrdinal=true,StatefulSetAutoResizePVCGate=true' },
    });
  }

  async createSet(namespace: string, name: string, spec: Partial<Spec> = {}): Promise<StatefulSet> {
    const set = defaultStatefulSetV1beta1({
      apiVersion: 'apps.kruise.io/v1beta1',
      kind: 'StatefulSet',
      metadata: { name, namespace },
      spec: {
        replicas: 3,
        serviceName: name,
        selector: { matchLabels: { app: name } },
        template: {
          metadata: { labels: { app: name } },
          spec: { containers: [{ name: 'main', image: 'nginx:1.22-alpine' }] },
        },
        ...spec,
      },
    } as StatefulSet);
    const res = await requestJson(this.kc, 'POST', path(namespace), set);
    if (res.status !== 201) throw new Error(`create ${namespace}/${name}: ${JSON.stringify(res.body)}`);
    return res.body as StatefulSet;
  }

  async getSet(namespace: string, name: string): Promise<StatefulSet> {
    const res = await requestJson(this.kc, 'GET', path(namespace, name));
    if (res.status !== 200) throw new Error(`get ${namespace}/${name}: ${JSON.stringify(res.body)}`);
    return res.body as StatefulSet;
  }

  async patchSet(namespace: string, name: string, patch: Record<string, unknown>): Promise<void> {
    const res = await requestJson(
      this.kc,
      'PATCH',
      path(namespace, name),
      patch,
      'application/merge-patch+json',
    );
    if (res.status !== 200) throw new Error(`patch ${namespace}/${name}: ${JSON.stringify(res.body)}`);
  }

  async pods(namespace: string): Promise<V1Pod[]> {
    const items = (await this.core.listNamespacedPod({ namespace })).items;
    return items.filter((p) => p.metadata?.deletionTimestamp === undefined);
  }

  async claims(namespace: string): Promise<V1PersistentVolumeClaim[]> {
    return (await this.core.listNamespacedPersistentVolumeClaim({ namespace })).items;
  }

  waitForSet(
    namespace: string,
    name: string,
    what: string,
    done: (s: StatefulSet) => boolean,
    timeoutMs = 90_000,
  ): Promise<StatefulSet> {
    return this.waitUntil(
      `${namespace}/${name}: ${what}`,
      () => this.getSet(namespace, name),
      done,
      timeoutMs,
    );
  }
}

export const podNames = (pods: V1Pod[]) => pods.map((p) => p.metadata?.name ?? '').sort();
export const imageOf = (pod: V1Pod) => pod.spec?.containers[0]?.image;
