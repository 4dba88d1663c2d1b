// Status and housekeeping on the real cluster (docs/behaviour/cloneset.md#status, #reconcile-steps, #scale-arithmetic, #revisions): availability after minReadySeconds
// (the controller comes back by itself), the Progressing condition with progressDeadlineSeconds, scale-up
// throttled by scaleStrategy.maxUnavailable (ScaleUpLimited), history truncation to revisionHistoryLimit,
// a CloneSet stored without any defaults, and deletion of the CloneSet.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, requestJson } from '@kruise-ts/devcluster';
import {
  cloneSetObject,
  createCloneSet,
  eventsOf,
  getCloneSet,
  isActive,
  listPods,
  setImage,
  waitForStatus,
} from './support/cloneset.ts';
import { Harness } from './support/harness.ts';

const h = new Harness();
const NEVER_READY_GATE = 'example.kruise-ts.dev/never';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

before(async () => {
  await h.start();
});
after(async () => {
  await h.stop();
});

/** Pods that can never become Ready: a readiness gate nobody sets. */
function neverReady(obj: ReturnType<typeof cloneSetObject>): ReturnType<typeof cloneSetObject> {
  (obj.spec.template.spec as { readinessGates?: unknown[] }).readinessGates = [
    { conditionType: NEVER_READY_GATE },
  ];
  return obj;
}

describe('status (docs/behaviour/cloneset.md#status)', () => {
  it('minReadySeconds: pods count as ready first and as available once they have been ready that long', async () => {
    const ns = await h.namespace('mrs');
    await createCloneSet(h, cloneSetObject(ns, 'mr', { replicas: 2, minReadySeconds: 5 }));
    const ready = await waitForStatus(h, ns, 'mr', { replicas: 2, readyReplicas: 2, availableReplicas: 0 });
    const readyAt = Date.now();
    assert.equal(ready.status?.updatedReadyReplicas, 2);
    await waitForStatus(
      h,
      ns,
      'mr',
      { replicas: 2, availableReplicas: 2, updatedAvailableReplicas: 2 },
      30_000,
    );
    const waited = Date.now() - readyAt;
    assert.ok(waited >= 3000, `available only after minReadySeconds (${waited} ms after ready was seen)`);
    console.log(`minReadySeconds 5: available ${waited} ms after readyReplicas 2 was seen`);
  });

  it('progressDeadlineSeconds: CloneSetAvailable when done; ProgressDeadlineExceeded when pods never get ready', async () => {
    const ns = await h.namespace('deadline');
    const good = cloneSetObject(ns, 'ok', { replicas: 1 });
    good.spec.progressDeadlineSeconds = 600;
    await createCloneSet(h, good);
    const done = await eventually(
      'Progressing CloneSetAvailable',
      async () => {
        const cs = await getCloneSet(h, ns, 'ok');
        const c = cs.status?.conditions?.find((x) => x.type === 'Progressing');
        return c?.reason === 'CloneSetAvailable' ? c : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    assert.equal(done.status, 'True');
    assert.equal(done.message, 'CloneSet is available');

    const bad = neverReady(cloneSetObject(ns, 'stuck', { replicas: 1 }));
    bad.spec.progressDeadlineSeconds = 3;
    await createCloneSet(h, bad);
    const exceeded = await eventually(
      'Progressing ProgressDeadlineExceeded',
      async () => {
        const cs = await getCloneSet(h, ns, 'stuck');
        const c = cs.status?.conditions?.find((x) => x.type === 'Progressing');
        return c?.reason === 'ProgressDeadlineExceeded' ? { c, cs } : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    assert.equal(exceeded.c.status, 'False');
    assert.equal(
      exceeded.c.message,
      `CloneSet revision ${exceeded.cs.status?.updateRevision} has timed out progressing`,
    );
  });

  it('scaleStrategy.maxUnavailable limits scale-up while pods are unavailable (ScaleUpLimited)', async () => {
    const ns = await h.namespace('scalelimit');
    await createCloneSet(
      h,
      neverReady(cloneSetObject(ns, 'sl', { replicas: 5, scaleStrategy: { maxUnavailable: 2 } })),
    );
    await waitForStatus(h, ns, 'sl', { replicas: 2, readyReplicas: 0 });
    await sleep(3000);
    assert.equal((await listPods(h, ns, 'sl')).filter(isActive).length, 2, 'still 2 pods: both unavailable');
    const events = await eventually('ScaleUpLimited events', async () => {
      const list = (await eventsOf(h, ns, 'sl')).filter((e) => e.reason === 'ScaleUpLimited');
      return list.length > 0 ? list : undefined;
    });
    assert.ok(
      events.some(
        (e) => e.message === 'scaleUp is limited because of scaleStrategy.maxUnavailable, limit: 2',
      ),
      JSON.stringify(events),
    );
  });

  it('a CloneSet stored without defaults (no replicas, no update strategy) still gets its pod and status', async () => {
    const ns = await h.namespace('bare');
    const res = await requestJson(h.kc, 'POST', `/apis/apps.kruise.io/v1beta1/namespaces/${ns}/clonesets`, {
      apiVersion: 'apps.kruise.io/v1beta1',
      kind: 'CloneSet',
      metadata: { name: 'bare' },
      spec: {
        selector: { matchLabels: { app: 'bare' } },
        template: {
          metadata: { labels: { app: 'bare' } },
          spec: { containers: [{ name: 'main', image: 'nginx:1.22-alpine' }] },
        },
      },
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    await waitForStatus(h, ns, 'bare', { replicas: 1, readyReplicas: 1, expectedUpdatedReplicas: 1 });
  });

  it('status.labelSelector is the canonical selector string, expressions included', async () => {
    const ns = await h.namespace('selector');
    const obj = cloneSetObject(ns, 'sel', { replicas: 1 });
    obj.spec.selector = {
      matchLabels: { app: 'sel' },
      matchExpressions: [{ key: 'tier', operator: 'In', values: ['b', 'a'] }],
    };
    obj.spec.template.metadata = { labels: { app: 'sel', tier: 'a' } };
    await createCloneSet(h, obj);
    const cs = await waitForStatus(h, ns, 'sel', { replicas: 1, readyReplicas: 1 });
    assert.equal(cs.status?.labelSelector, 'app=sel,tier in (a,b)');
  });
});

describe('housekeeping (docs/behaviour/cloneset.md#revisions)', () => {
  it('revisionHistoryLimit 1: older revisions no pod uses are deleted', async () => {
    const ns = await h.namespace('history');
    const obj = cloneSetObject(ns, 'hl', {
      replicas: 1,
      rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible' },
    });
    obj.spec.revisionHistoryLimit = 1;
    await createCloneSet(h, obj);
    await waitForStatus(h, ns, 'hl', { replicas: 1, readyReplicas: 1, converged: true });
    const names: string[] = [];
    for (const image of ['nginx:1.23-alpine', 'nginx:1.24-alpine', 'nginx:1.25-alpine']) {
      await setImage(h, ns, 'hl', image);
      const cs = await waitForStatus(h, ns, 'hl', { replicas: 1, updatedReadyReplicas: 1, converged: true });
      names.push(cs.status?.updateRevision ?? '');
    }
    const kept = await eventually(
      'two revisions left',
      async () => {
        const list = await h.apps.listNamespacedControllerRevision({ namespace: ns });
        return list.items.length === 2 ? list.items.map((r) => r.metadata?.name ?? '').sort() : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    assert.deepEqual(kept, [names[1], names[2]].sort(), 'the live revision and the newest non-live one');
  });

  it('deleting the CloneSet lets garbage collection remove its pods; the controller lets go', async () => {
    const ns = await h.namespace('delete');
    await createCloneSet(h, cloneSetObject(ns, 'gone', { replicas: 2 }));
    await waitForStatus(h, ns, 'gone', { replicas: 2, readyReplicas: 2 });
    const res = await requestJson(
      h.kc,
      'DELETE',
      `/apis/apps.kruise.io/v1beta1/namespaces/${ns}/clonesets/gone`,
    );
    assert.equal(res.status, 200);
    await eventually('pods gone', async () => (await listPods(h, ns, 'gone')).length === 0, {
      timeoutMs: 60_000,
      intervalMs: 500,
    });
    await sleep(1500);
    assert.equal((await listPods(h, ns, 'gone')).length, 0, 'nothing recreated');
  });
});
