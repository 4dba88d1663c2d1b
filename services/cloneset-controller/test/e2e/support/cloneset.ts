// CloneSet objects and reads for the e2e suites. These suites run without the webhook server, so nothing
// defaults a CloneSet at admission: objects are created already defaulted by @kruise-ts/api's
// defaultCloneSetV1beta1, exactly what the mutating webhook would store.
import { type CloneSetV1beta1, defaultCloneSetV1beta1 } from '@kruise-ts/api';
import { eventually, requestJson } from '@kruise-ts/devcluster';
import type { V1Pod } from '@kubernetes/client-node';
import type { Harness } from './harness.ts';

export const INSTANCE_ID = 'apps.kruise.io/cloneset-instance-id';
export const REVISION_HASH = 'controller-revision-hash';
export const TEMPLATE_HASH = 'pod-template-hash';
export const LIFECYCLE_STATE = 'lifecycle.apps.kruise.io/state';
export const SPECIFIED_DELETE = 'apps.kruise.io/specified-delete';

export type CloneSet = CloneSetV1beta1 & {
  metadata: { name: string; namespace: string; uid: string; generation: number; resourceVersion: string };
};
export type RollingUpdate = NonNullable<
  NonNullable<CloneSetV1beta1['spec']['updateStrategy']>['rollingUpdate']
>;

export interface CloneSetOptions {
  replicas: number;
  image?: string;
  rollingUpdate?: RollingUpdate;
  minReadySeconds?: number;
  volumeClaimTemplates?: CloneSetV1beta1['spec']['volumeClaimTemplates'];
  scaleStrategy?: CloneSetV1beta1['spec']['scaleStrategy'];
  lifecycle?: CloneSetV1beta1['spec']['lifecycle'];
}

export function cloneSetObject(namespace: string, name: string, o: CloneSetOptions): CloneSetV1beta1 {
  return defaultCloneSetV1beta1({
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'CloneSet',
    metadata: { name, namespace },
    spec: {
      replicas: o.replicas,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: 'main', image: o.image ?? 'nginx:1.22-alpine' }] },
      },
      ...(o.minReadySeconds === undefined ? {} : { minReadySeconds: o.minReadySeconds }),
      ...(o.volumeClaimTemplates === undefined ? {} : { volumeClaimTemplates: o.volumeClaimTemplates }),
      ...(o.scaleStrategy === undefined ? {} : { scaleStrategy: o.scaleStrategy }),
      ...(o.lifecycle === undefined ? {} : { lifecycle: o.lifecycle }),
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: o.rollingUpdate ?? {} },
    },
  } as CloneSetV1beta1);
}

const path = (ns: string, name = '') =>
  `/apis/apps.kruise.io/v1beta1/namespaces/${ns}/clonesets${name === '' ? '' : `/${name}`}`;

export async function createCloneSet(h: Harness, obj: CloneSetV1beta1): Promise<CloneSet> {
  const res = await requestJson(h.kc, 'POST', path(obj.metadata?.namespace ?? ''), obj);
  if (res.status !== 201) throw new Error(`create CloneSet: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as CloneSet;
}

export async function getCloneSet(h: Harness, ns: string, name: string): Promise<CloneSet> {
  const res = await requestJson(h.kc, 'GET', path(ns, name));
  if (res.status !== 200) throw new Error(`get CloneSet: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as CloneSet;
}

/** A JSON merge patch of the CloneSet (as `kubectl patch --type merge`), defaulted again as the webhook would. */
export async function patchCloneSet(h: Harness, ns: string, name: string, patch: object): Promise<CloneSet> {
  const res = await requestJson(h.kc, 'PATCH', path(ns, name), patch, 'application/merge-patch+json');
  if (res.status !== 200) throw new Error(`patch CloneSet: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as CloneSet;
}

/** Sets the first container's image (template defaults such as imagePullPolicy stay as they are). */
export async function setImage(h: Harness, ns: string, name: string, image: string): Promise<CloneSet> {
  const cs = await getCloneSet(h, ns, name);
  const containers = structuredClone(cs.spec.template.spec?.containers ?? []);
  (containers[0] as { image: string }).image = image;
  return patchCloneSet(h, ns, name, { spec: { template: { spec: { containers } } } });
}

/** Pods as plain JSON (timestamps as strings), as the apiserver sends them. */
export async function listPods(h: Harness, ns: string, app: string): Promise<V1Pod[]> {
  const res = await requestJson(h.kc, 'GET', `/api/v1/namespaces/${ns}/pods?labelSelector=app%3D${app}`);
  if (res.status !== 200) throw new Error(`list pods: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { items: V1Pod[] }).items;
}

export const isActive = (p: V1Pod): boolean =>
  !p.metadata?.deletionTimestamp && p.status?.phase !== 'Failed' && p.status?.phase !== 'Succeeded';

export const isReady = (p: V1Pod): boolean =>
  p.status?.phase === 'Running' &&
  (p.status.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');

export const imageOf = (p: V1Pod): string => p.spec?.containers[0]?.image ?? '';

export interface StatusWant {
  replicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  updatedReplicas?: number;
  updatedReadyReplicas?: number;
  updatedAvailableReplicas?: number;
  expectedUpdatedReplicas?: number;
  /** status.updateRevision === status.currentRevision */
  converged?: boolean;
}

export function statusMatches(cs: CloneSet, want: StatusWant): boolean {
  const s = cs.status;
  if (s === undefined || s.observedGeneration !== cs.metadata.generation) return false;
  for (const [k, v] of Object.entries(want)) {
    if (k === 'converged') {
      if ((s.updateRevision === s.currentRevision) !== v) return false;
    } else if ((s as unknown as Record<string, unknown>)[k] !== v) return false;
  }
  return true;
}

/** Waits until the status of the current generation shows these values; returns the CloneSet. */
export async function waitForStatus(
  h: Harness,
  ns: string,
  name: string,
  want: StatusWant,
  timeoutMs = 120_000,
): Promise<CloneSet> {
  let last: CloneSet | undefined;
  try {
    return await eventually(
      `${ns}/${name} status ${JSON.stringify(want)}`,
      async () => {
        last = await getCloneSet(h, ns, name);
        return statusMatches(last, want) ? last : undefined;
      },
      { timeoutMs, intervalMs: 500 },
    );
  } catch (err) {
    throw new Error(`${(err as Error).message}; last status ${JSON.stringify(last?.status)}`, { cause: err });
  }
}

export async function eventsOf(
  h: Harness,
  ns: string,
  name: string,
): Promise<{ reason: string; message: string }[]> {
  const list = await h.core.listNamespacedEvent({
    namespace: ns,
    fieldSelector: `involvedObject.name=${name},involvedObject.kind=CloneSet`,
  });
  return list.items.map((e) => ({ reason: e.reason ?? '', message: e.message ?? '' }));
}
