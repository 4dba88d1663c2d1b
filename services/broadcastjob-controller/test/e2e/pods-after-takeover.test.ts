// A node must not run a BroadcastJob twice when the controller is replaced while the pod feed lags (issue #12,
// docs/adr/0025-fast-failover.md): BroadcastJob pods use generateName, so nothing in the apiserver refuses a
// second pod for a node. Forced on the real cluster: pods have a watcher of their own, frozen (SIGSTOP) after
// the controller is killed; a pod of the job for the first node — as the old controller's last create would
// have left it — is created out of band and the job resumed; then a new controller takes the partitions over.
// It must create the other node's pod only, once its cache shows the first.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { requestJson, watchApart } from '@kruise-ts/devcluster';
import type { V1Pod } from '@kubernetes/client-node';
import { Harness, WATCHED } from './support/harness.ts';

const PODS = 'pods.core';
const h = new Harness(watchApart(WATCHED, PODS));
before(() => h.start());
after(() => h.stop());

const NODES = ['kwok-node-0', 'kwok-node-1'];
const nodeOf = (pod: V1Pod) =>
  pod.spec?.nodeName ??
  pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms?.[0]
    ?.matchFields?.[0]?.values?.[0] ??
  '';

/** The most pods of the namespace on any one node. */
async function mostOnOneNode(ns: string): Promise<number> {
  const count = new Map<string, number>();
  for (const pod of await h.pods(ns)) count.set(nodeOf(pod), (count.get(nodeOf(pod)) ?? 0) + 1);
  return Math.max(0, ...count.values());
}

it('a successor does not run the job again on a node whose pod its cache has not seen', {
  timeout: 120_000,
}, async () => {
  const ns = await h.namespace('takeover');
  const job = await h.createJob(ns, 'once', { paused: true });
  const podWatcher = h.watchers[1];
  assert.ok(podWatcher, 'the pod watcher');
  let most = 0;
  try {
    await h.replaceController(async () => {
      podWatcher.child.kill('SIGSTOP');
      const late: V1Pod = {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: {
          name: 'once-late1',
          namespace: ns,
          labels: { 'broadcastjob-name': 'once', 'broadcastjob-controller-uid': job.metadata?.uid ?? '' },
          ownerReferences: [
            {
              apiVersion: 'apps.kruise.io/v1beta1',
              kind: 'BroadcastJob',
              name: 'once',
              uid: job.metadata?.uid ?? '',
              controller: true,
              blockOwnerDeletion: true,
            },
          ],
        },
        spec: {
          nodeName: NODES[0],
          restartPolicy: 'Never',
          containers: [{ name: 'job', image: 'busybox:1.36' }],
        },
      };
      const res = await requestJson(h.kc, 'POST', `/api/v1/namespaces/${ns}/pods`, late);
      assert.equal(res.status, 201, `create the late pod: ${JSON.stringify(res.body)}`);
      await h.patchJob(ns, 'once', { spec: { paused: false } });
    });
    // Longer than the new controller needs to take the partitions over (liveness bound ~1 s here) and reconcile.
    const until = Date.now() + 6000;
    while (Date.now() < until) {
      most = Math.max(most, await mostOnOneNode(ns));
      await sleep(200);
    }
    assert.ok(
      h.controller.output().includes('partition ownership changed'),
      'the new controller took partitions over while the pod watcher was frozen',
    );
  } finally {
    podWatcher.child.kill('SIGCONT');
  }
  assert.equal(most, 1, 'never two pods of the job on one node while the cache lagged');
  await h.waitForJob(ns, 'once', 'completed', (j) => j.status?.phase === 'completed');
  assert.equal(await mostOnOneNode(ns), 1, 'one pod per node in the end');
  assert.deepEqual((await h.pods(ns)).map(nodeOf).sort(), NODES, 'each node ran the job once');
});
