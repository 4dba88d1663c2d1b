// A pod the previous owner created that the successor's cache does not show yet (issue #12,
// docs/adr/0025-fast-failover.md): the take-over freshness record covers the owner's writes up to its last
// liveness beat, so a create in the ≤ 750 ms after it, while the watcher lags, would be invisible to the
// successor, which would create the same replica again. Forced deterministically on the real cluster: pods
// have a watcher of their own here, frozen (SIGSTOP) while a pod of the CloneSet — labelled, owned and specced
// as the controller makes them — is created out of band and the CloneSet scaled up to count it; then a new
// controller takes the partition over. It must not create a pod until its cache shows that one.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { requestJson, watchApart } from '@kruise-ts/devcluster';
import type { V1Pod } from '@kubernetes/client-node';
import {
  cloneSetObject,
  createCloneSet,
  INSTANCE_ID,
  isActive,
  listPods,
  patchCloneSet,
  waitForStatus,
} from './support/cloneset.ts';
import { Harness, WATCHED } from './support/harness.ts';

const PODS = 'pods.core';
const h = new Harness();

before(async () => {
  await h.start({ watchers: watchApart(WATCHED, PODS) });
});
after(async () => {
  await h.stop();
});

it('a successor creates no pod while the apiserver shows one of ours its cache lacks', {
  timeout: 120_000,
}, async () => {
  const ns = await h.namespace('takeover-pods');
  await createCloneSet(h, cloneSetObject(ns, 'tp', { replicas: 1 }));
  await waitForStatus(h, ns, 'tp', { replicas: 1, readyReplicas: 1, converged: true }, 60_000);
  const [first] = (await listPods(h, ns, 'tp')).filter(isActive);
  assert.ok(first?.metadata, 'the first pod');
  const podWatcher = h.watchers[1];
  assert.ok(podWatcher, 'the pod watcher');

  const old = h.controller;
  assert.ok(old, 'the first controller');
  old.child.kill('SIGKILL');
  await old.exited;
  podWatcher.child.kill('SIGSTOP');
  let most = 0;
  let successorLines: string[] = [];
  try {
    // What the owner's last create leaves when it lands after its last beat: a second pod of the CloneSet,
    // identical to the first but for its name and instance id, and the spec that asked for it.
    const id = 'late1';
    const late: V1Pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: `tp-${id}`,
        namespace: ns,
        labels: { ...first.metadata.labels, [INSTANCE_ID]: id },
        ...(first.metadata.annotations ? { annotations: first.metadata.annotations } : {}),
        ownerReferences: first.metadata.ownerReferences ?? [],
      },
      spec: { ...(first.spec ?? { containers: [] }), nodeName: undefined },
    };
    const res = await requestJson(h.kc, 'POST', `/api/v1/namespaces/${ns}/pods`, late);
    assert.equal(res.status, 201, `create the late pod: ${JSON.stringify(res.body)}`);
    await patchCloneSet(h, ns, 'tp', { spec: { replicas: 2 } });

    const successor = h.startController('ctrl-1');
    await successor.url;
    successorLines = successor.lines;
    // Held for longer than the successor needs to take the partition (liveness bound ~1 s here) and reconcile.
    const until = Date.now() + 6000;
    while (Date.now() < until) {
      most = Math.max(most, (await listPods(h, ns, 'tp')).filter(isActive).length);
      await sleep(200);
    }
  } finally {
    podWatcher.child.kill('SIGCONT');
  }
  assert.ok(
    successorLines.some((l) => l.includes('partition ownership changed') && l.includes('"owned":true')),
    'the successor took the partitions over while the pod watcher was frozen',
  );
  assert.equal(most, 2, 'never more active pods than replicas while the cache lagged');
  await waitForStatus(h, ns, 'tp', { replicas: 2, readyReplicas: 2, converged: true }, 60_000);
  const names = (await listPods(h, ns, 'tp'))
    .filter(isActive)
    .map((p) => p.metadata?.name)
    .sort();
  assert.deepEqual(
    names,
    [first.metadata.name, 'tp-late1'].sort(),
    'the late pod counted; none created beside it',
  );
});
