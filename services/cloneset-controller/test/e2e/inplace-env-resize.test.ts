// In-place update beyond images (docs/behaviour/cloneset.md#in-place-env-from-metadata,
// #in-place-vertical-scaling), on the real cluster with the project's fake kubelet (kwok stages): a template label
// that a container reads through env fieldRef changes → the same pods get the label and that container restarts;
// with InPlaceWorkloadVerticalScaling a resources-only change → the same pods are resized through the pod
// `resize` subresource and report the new resources.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventually } from '@kruise-ts/devcluster';
import { RESTART_CONTAINERS_KEY, RESTARTED_CONTAINERS_KEY } from '@kruise-ts/inplace';
import type { V1Pod } from '@kubernetes/client-node';
import {
  cloneSetObject,
  createCloneSet,
  getCloneSet,
  isActive,
  listPods,
  patchCloneSet,
  waitForStatus,
} from './support/cloneset.ts';
import { Harness } from './support/harness.ts';

const h = new Harness();

before(async () => {
  await h.start({ controller: false });
  await h.startController('inplace-gates', { KRUISE_TS_FEATURE_GATES: 'InPlaceWorkloadVerticalScaling=true' })
    .url;
});
after(async () => {
  await h.stop();
});

const byUid = (pods: V1Pod[]) => new Map(pods.map((p) => [p.metadata?.uid ?? '', p]));
const restarts = (p: V1Pod | undefined, c: string) =>
  p?.status?.containerStatuses?.find((s) => s.name === c)?.restartCount ?? -1;
const inPlaceReady = (p: V1Pod) =>
  (p.status?.conditions ?? []).some((c) => c.type === 'InPlaceUpdateReady' && c.status === 'True');

/** On a timeout: what the pods and the fake kubelet's in-place stages say. */
async function diagnose(ns: string, app: string, err: unknown): Promise<never> {
  const pods = (await listPods(h, ns, app)).map((p) => ({
    name: p.metadata?.name,
    labels: p.metadata?.labels,
    annotations: p.metadata?.annotations,
    containerStatuses: p.status?.containerStatuses,
    conditions: p.status?.conditions,
  }));
  let kwok = '';
  try {
    kwok = readFileSync(join(h.cluster.dir, 'kwok.log'), 'utf8')
      .split('\n')
      .filter((l) => /restart-containers|pod-resize/.test(l))
      .slice(-10)
      .join('\n');
  } catch {}
  throw new Error(`${(err as Error).message}\npods: ${JSON.stringify(pods, null, 1)}\nkwok: ${kwok}`, {
    cause: err,
  });
}

/** The value the container's env var resolves to: the pod label its fieldRef names. */
function envValue(pod: V1Pod, container: string, env: string): string | undefined {
  const c = pod.spec?.containers.find((x) => x.name === container);
  const path = c?.env?.find((e) => e.name === env)?.valueFrom?.fieldRef?.fieldPath ?? '';
  const m = /^metadata\.labels\['(.+)'\]$/.exec(path);
  return m === null ? undefined : pod.metadata?.labels?.[m[1] ?? ''];
}

describe('in-place update of env from metadata and resources', () => {
  it('a label read by env changes: same pods, the reading container restarted, env resolves to the new value', async () => {
    const ns = await h.namespace('envmeta');
    const obj = cloneSetObject(ns, 'em', {
      replicas: 2,
      rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible' },
    });
    const template = obj.spec.template;
    template.metadata = { labels: { app: 'em', tier: 'blue' } };
    template.spec = {
      containers: [
        {
          name: 'main',
          image: 'nginx:1.22-alpine',
          env: [
            {
              name: 'TIER',
              valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: "metadata.labels['tier']" } },
            },
          ],
        },
        { name: 'side', image: 'busybox:1.36' },
      ],
    };
    await createCloneSet(h, obj);
    await waitForStatus(h, ns, 'em', {
      replicas: 2,
      readyReplicas: 2,
      updatedReadyReplicas: 2,
      converged: true,
    });
    const before = byUid((await listPods(h, ns, 'em')).filter(isActive));

    await patchCloneSet(h, ns, 'em', { spec: { template: { metadata: { labels: { tier: 'green' } } } } });
    const after = await eventually(
      `${ns}/em pods restarted for the new label`,
      async () => {
        const pods = (await listPods(h, ns, 'em')).filter(isActive);
        const done = pods.every(
          (p) =>
            p.metadata?.labels?.tier === 'green' &&
            p.metadata?.annotations?.[RESTART_CONTAINERS_KEY] !== undefined &&
            p.metadata.annotations[RESTART_CONTAINERS_KEY] ===
              p.metadata.annotations[RESTARTED_CONTAINERS_KEY] &&
            inPlaceReady(p) &&
            restarts(p, 'main') > restarts(before.get(p.metadata?.uid ?? ''), 'main'),
        );
        return pods.length === 2 && done ? pods : undefined;
      },
      { timeoutMs: 90_000, intervalMs: 500 },
    ).catch((err: unknown) => diagnose(ns, 'em', err));
    await waitForStatus(h, ns, 'em', {
      replicas: 2,
      updatedReadyReplicas: 2,
      readyReplicas: 2,
      converged: true,
    });
    for (const pod of after) {
      const old = before.get(pod.metadata?.uid ?? '');
      assert.ok(old, `pod ${pod.metadata?.name} is one of the original pods (same uid)`);
      assert.equal(restarts(pod, 'main'), restarts(old, 'main') + 1, 'main (reads the label) restarted once');
      assert.equal(restarts(pod, 'side'), restarts(old, 'side'), 'side (reads nothing) kept running');
      assert.equal(envValue(pod, 'main', 'TIER'), 'green');
      assert.match(pod.metadata?.annotations?.[RESTART_CONTAINERS_KEY] ?? '', /^main;/);
    }
  });

  it('resources-only change with InPlaceWorkloadVerticalScaling: same pods, resized via the resize subresource', async () => {
    const ns = await h.namespace('resize');
    const obj = cloneSetObject(ns, 'rs', {
      replicas: 2,
      rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible' },
    });
    const resources = { requests: { cpu: '100m', memory: '64Mi' }, limits: { cpu: '200m', memory: '128Mi' } };
    obj.spec.template.spec = { containers: [{ name: 'main', image: 'nginx:1.22-alpine', resources }] };
    await createCloneSet(h, obj);
    await waitForStatus(h, ns, 'rs', {
      replicas: 2,
      readyReplicas: 2,
      updatedReadyReplicas: 2,
      converged: true,
    });
    const before = byUid((await listPods(h, ns, 'rs')).filter(isActive));

    const cs = await getCloneSet(h, ns, 'rs');
    const containers = structuredClone(cs.spec.template.spec?.containers ?? []);
    (containers[0] as { resources: unknown }).resources = {
      requests: { cpu: '150m', memory: '64Mi' },
      limits: { cpu: '300m', memory: '128Mi' },
    };
    await patchCloneSet(h, ns, 'rs', { spec: { template: { spec: { containers } } } });
    const done = await waitForStatus(h, ns, 'rs', {
      replicas: 2,
      updatedReplicas: 2,
      updatedReadyReplicas: 2,
      readyReplicas: 2,
      converged: true,
    });
    assert.equal(done.status?.updatedReplicas, 2);
    const after = await eventually(
      `${ns}/rs pods report the resized resources`,
      async () => {
        const pods = (await listPods(h, ns, 'rs')).filter(isActive);
        const ok = pods.every((p) => p.status?.containerStatuses?.[0]?.resources?.requests?.cpu === '150m');
        return pods.length === 2 && ok ? pods : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    ).catch((err: unknown) => diagnose(ns, 'rs', err));
    for (const pod of after) {
      const old = before.get(pod.metadata?.uid ?? '');
      assert.ok(old, `pod ${pod.metadata?.name} is one of the original pods (same uid)`);
      assert.deepEqual(pod.spec?.containers[0]?.resources, {
        requests: { cpu: '150m', memory: '64Mi' },
        limits: { cpu: '300m', memory: '128Mi' },
      });
      assert.equal(pod.status?.containerStatuses?.[0]?.resources?.limits?.cpu, '300m');
      assert.equal(
        pod.status?.containerStatuses?.[0]?.restartCount,
        old.status?.containerStatuses?.[0]?.restartCount,
        'a resize with the default NotRequired policy does not restart the container',
      );
      assert.match(
        pod.metadata?.annotations?.['apps.kruise.io/inplace-update-state'] ?? '',
        /"updateResources":true/,
      );
    }
  });

  it('a resize the kubelet finds infeasible: PodResizePending, resources unchanged, the update keeps waiting', async () => {
    const ns = await h.namespace('infeasible');
    const obj = cloneSetObject(ns, 'rf', {
      replicas: 1,
      rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible' },
    });
    obj.spec.template.metadata = {
      labels: { app: 'rf' },
      annotations: { 'kruise-ts.dev/resize-outcome': 'infeasible' },
    };
    const resources = { requests: { cpu: '100m' }, limits: { cpu: '200m' } };
    obj.spec.template.spec = { containers: [{ name: 'main', image: 'nginx:1.22-alpine', resources }] };
    await createCloneSet(h, obj);
    await waitForStatus(h, ns, 'rf', {
      replicas: 1,
      readyReplicas: 1,
      updatedReadyReplicas: 1,
      converged: true,
    });
    const cs = await getCloneSet(h, ns, 'rf');
    const containers = structuredClone(cs.spec.template.spec?.containers ?? []);
    (containers[0] as { resources: unknown }).resources = {
      requests: { cpu: '900' },
      limits: { cpu: '900' },
    };
    await patchCloneSet(h, ns, 'rf', { spec: { template: { spec: { containers } } } });
    const [pod] = await eventually(
      `${ns}/rf resize pending`,
      async () => {
        const pods = (await listPods(h, ns, 'rf')).filter(isActive);
        const pending = pods.every((p) =>
          (p.status?.conditions ?? []).some(
            (c) => c.type === 'PodResizePending' && c.reason === 'Infeasible',
          ),
        );
        return pods.length === 1 && pending ? pods : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    ).catch((err: unknown) => diagnose(ns, 'rf', err));
    // A few more reconciles change nothing: the status keeps the old resources and the pod stays Updating.
    await new Promise((r) => setTimeout(r, 3000));
    const [later] = (await listPods(h, ns, 'rf')).filter(isActive);
    assert.equal(later?.metadata?.uid, pod?.metadata?.uid);
    assert.equal(later?.spec?.containers[0]?.resources?.requests?.cpu, '900');
    assert.notEqual(later?.status?.containerStatuses?.[0]?.resources?.requests?.cpu, '900');
    assert.equal(later?.metadata?.labels?.['lifecycle.apps.kruise.io/state'], 'Updating');
  });
});
