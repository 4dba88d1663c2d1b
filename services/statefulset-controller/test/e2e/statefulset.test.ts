// Advanced StatefulSet on the real cluster (docs/behaviour/advanced-statefulset.md#controller): ordered creation with Kruise's identity,
// revisions and status; PVCs per ordinal; reserveOrdinals and ordinals.start; Parallel creation; scale-in from
// the highest ordinal; a rolling update that stops at the partition, highest ordinal first.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AppsV1Api, type V1Pod, Watch } from '@kubernetes/client-node';
import { Harness, imageOf, podNames } from './support/harness.ts';

const h = new Harness();
before(() => h.start());
after(() => h.stop());

const settled =
  (replicas: number) =>
  (s: {
    status?: { readyReplicas?: number; replicas?: number; observedGeneration?: number };
    metadata?: { generation?: number };
  }) =>
    s.status?.replicas === replicas &&
    s.status.readyReplicas === replicas &&
    s.status.observedGeneration === s.metadata?.generation;

const isReady = (p: V1Pod) =>
  p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;

describe('Advanced StatefulSet', () => {
  it('OrderedReady creates web-0, web-1, web-2 one after another with Kruise identity, revision and status', async () => {
    const ns = await h.namespace('ordered');
    // OrderedReady's guarantee, checked on every sample: web-k exists only once web-(k-1) is Ready.
    const violations: string[] = [];
    let samples = 0;
    let watching = true;
    const sampler = (async () => {
      while (watching) {
        const pods = new Map((await h.pods(ns)).map((p) => [p.metadata?.name ?? '', p]));
        samples++;
        for (const name of pods.keys()) {
          const k = Number(name.slice('web-'.length));
          const before = pods.get(`web-${k - 1}`);
          if (k > 0 && (before === undefined || !isReady(before)))
            violations.push(`${name} before web-${k - 1} was Ready`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const created = await h.createSet(ns, 'web');
    const set = await h.waitForSet(ns, 'web', '3 ready', settled(3));
    watching = false;
    await sampler;
    assert.deepEqual(violations, [], `ordered creation (${samples} samples)`);
    assert.deepEqual(podNames(await h.pods(ns)), ['web-0', 'web-1', 'web-2']);
    const created3 = await h.waitUntil(
      'three SuccessfulCreate Events on the StatefulSet',
      async () => (await h.core.listNamespacedEvent({ namespace: ns })).items,
      (events) =>
        events.filter((e) => e.reason === 'SuccessfulCreate' && e.involvedObject.kind === 'StatefulSet')
          .length === 3,
    );
    assert.ok(created3.some((e) => e.message === 'create Pod web-0 in StatefulSet web successful'));
    const revision = set.status?.updateRevision ?? '';
    assert.match(revision, /^web-[a-z0-9]+$/);
    assert.equal(set.status?.currentRevision, revision);
    assert.equal(set.status?.labelSelector, 'app=web');
    assert.equal(set.status?.availableReplicas, 3);
    assert.equal(set.status?.updatedReplicas, 3);
    const revisions = (
      await h.kc.makeApiClient(AppsV1Api).listNamespacedControllerRevision({ namespace: ns })
    ).items;
    assert.deepEqual(
      revisions.map((r) => r.metadata?.name),
      [revision],
    );
    for (const pod of await h.pods(ns)) {
      const name = pod.metadata?.name ?? '';
      const ordinal = name.slice('web-'.length);
      assert.equal(pod.metadata?.labels?.['statefulset.kubernetes.io/pod-name'], name);
      assert.equal(pod.metadata?.labels?.['controller-revision-hash'], revision);
      assert.equal(pod.metadata?.labels?.['apps.kubernetes.io/pod-index'], ordinal);
      assert.equal(pod.spec?.hostname, name);
      assert.equal(pod.spec?.subdomain, 'web');
      const owner = pod.metadata?.ownerReferences?.[0];
      assert.deepEqual(
        [owner?.kind, owner?.name, owner?.uid, owner?.controller],
        ['StatefulSet', 'web', created.metadata?.uid, true],
      );
    }
  });

  it('a rolling update with partition 1 updates web-2 then web-1 and keeps web-0 at the old revision', async () => {
    const ns = await h.namespace('update');
    await h.createSet(ns, 'web', {
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1 } },
    } as never);
    const before = await h.waitForSet(ns, 'web', '3 ready', settled(3));
    const web0 = (await h.pods(ns)).find((p) => p.metadata?.name === 'web-0')?.metadata?.uid;
    // maxUnavailable 1 (the default): after every pod event at most one of the three pods is missing or not Ready.
    // A watch sees every change in the apiserver's order; a polling sampler could miss a pod replaced between two
    // samples (kwok makes a new pod Ready within milliseconds).
    const listed = await h.core.listNamespacedPod({ namespace: ns });
    const ready = new Map(listed.items.map((p) => [p.metadata?.name ?? '', isReady(p)]));
    let mostUnavailable = 0;
    let events = 0;
    const watch = await new Watch(h.kc).watch(
      `/api/v1/namespaces/${ns}/pods`,
      { resourceVersion: listed.metadata?.resourceVersion },
      (type: string, pod: V1Pod) => {
        const name = pod.metadata?.name ?? '';
        if (type === 'DELETED') ready.delete(name);
        else if (type === 'ADDED' || type === 'MODIFIED') ready.set(name, isReady(pod));
        else return;
        events++;
        mostUnavailable = Math.max(mostUnavailable, 3 - [...ready.values()].filter(Boolean).length);
      },
      () => {},
    );
    await h.patchSet(ns, 'web', {
      spec: { template: { spec: { containers: [{ name: 'main', image: 'nginx:1.23-alpine' }] } } },
    });
    const after = await h.waitForSet(
      ns,
      'web',
      '2 updated and ready',
      (s) =>
        s.status?.updatedReplicas === 2 &&
        s.status.readyReplicas === 3 &&
        s.status.updatedReadyReplicas === 2,
    );
    watch.abort();
    assert.ok(mostUnavailable <= 1, `at most one pod unavailable at a time (saw ${mostUnavailable})`);
    assert.ok(mostUnavailable === 1, `the update was watched: a pod seen unavailable (${events} pod events)`);
    const web0After = (await h.pods(ns)).find((p) => p.metadata?.name === 'web-0')?.metadata?.uid;
    assert.equal(web0After, web0, 'web-0 untouched');
    const images = Object.fromEntries((await h.pods(ns)).map((p) => [p.metadata?.name, imageOf(p)]));
    assert.deepEqual(images, {
      'web-0': 'nginx:1.22-alpine',
      'web-1': 'nginx:1.23-alpine',
      'web-2': 'nginx:1.23-alpine',
    });
    assert.notEqual(after.status?.updateRevision, before.status?.updateRevision);
    assert.equal(
      after.status?.currentRevision,
      before.status?.currentRevision,
      'partition keeps the current revision',
    );
  });

  it('volumeClaimTemplates: one PVC per ordinal, mounted by its pod', async () => {
    const ns = await h.namespace('pvc');
    // No storage provisioner runs here, so the claims stay Pending and so do the pods: Parallel creates both.
    await h.createSet(ns, 'db', {
      replicas: 2,
      podManagementPolicy: 'Parallel',
      volumeClaimTemplates: [
        {
          metadata: { name: 'data' },
          spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
        },
      ],
      template: {
        metadata: { labels: { app: 'db' } },
        spec: {
          containers: [
            {
              name: 'main',
              image: 'nginx:1.22-alpine',
              volumeMounts: [{ name: 'data', mountPath: '/data' }],
            },
          ],
        },
      },
      selector: { matchLabels: { app: 'db' } },
    } as never);
    await h.waitForSet(ns, 'db', '2 pods', (s) => (s.status?.replicas ?? 0) === 2);
    const claims = await h.claims(ns);
    assert.deepEqual(claims.map((c) => c.metadata?.name).sort(), ['data-db-0', 'data-db-1']);
    for (const claim of claims) assert.equal(claim.metadata?.labels?.app, 'db', 'the selector labels');
    for (const pod of await h.pods(ns)) {
      const volume = pod.spec?.volumes?.find((v) => v.name === 'data');
      assert.equal(volume?.persistentVolumeClaim?.claimName, `data-${pod.metadata?.name}`);
    }
  });

  it('reserveOrdinals and ordinals.start choose which ordinals exist', async () => {
    const ns = await h.namespace('ordinals');
    await h.createSet(ns, 'res', {
      replicas: 2,
      reserveOrdinals: [1],
      podManagementPolicy: 'Parallel',
    } as never);
    await h.waitForSet(ns, 'res', '2 ready', settled(2));
    assert.deepEqual(podNames(await h.pods(ns)), ['res-0', 'res-2']);
    await h.patchSet(ns, 'res', { spec: { ordinals: { start: 5 } } });
    await h.waitForSet(ns, 'res', 'moved to start 5', (s) => settled(2)(s));
    await h.waitForSet(ns, 'res', 'old ordinals gone', () => true);
    const names = await (async () => {
      for (let i = 0; i < 120; i++) {
        const n = podNames(await h.pods(ns));
        if (n.join() === 'res-5,res-6') return n;
        await new Promise((r) => setTimeout(r, 250));
      }
      return podNames(await h.pods(ns));
    })();
    assert.deepEqual(names, ['res-5', 'res-6']);
  });

  it('Parallel creates every pod at once; scaling in removes the highest ordinals', async () => {
    const ns = await h.namespace('parallel');
    await h.createSet(ns, 'burst', { replicas: 4, podManagementPolicy: 'Parallel' } as never);
    await h.waitForSet(ns, 'burst', '4 ready', settled(4));
    await h.patchSet(ns, 'burst', { spec: { replicas: 2 } });
    await h.waitForSet(ns, 'burst', '2 left', settled(2));
    for (let i = 0; i < 120 && (await h.pods(ns)).length > 2; i++)
      await new Promise((r) => setTimeout(r, 250));
    assert.deepEqual(podNames(await h.pods(ns)), ['burst-0', 'burst-1']);
  });
});
