// Delete-and-recreate under the same name between a decision and its write: the delete carries the uid (and
// resourceVersion) decided on, the apiserver refuses it (409 precondition failure), the caller reads that as
// "gone", and the newcomer survives. Against the real apiserver.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { acquireCluster, type ClusterLease } from '@kruise-ts/devcluster';
import { AppsV1Api, CoreV1Api, type V1ControllerRevision } from '@kubernetes/client-node';
import { deleteExactly, KubeClient } from '../../src/index.ts';

let cluster: ClusterLease;
let apps: AppsV1Api;
let core: CoreV1Api;
const ns = `runtime-exact-${randomBytes(3).toString('hex')}`;

before(async () => {
  cluster = await acquireCluster();
  const client = new KubeClient({ kubeconfigPath: cluster.kubeconfigPath, qps: 1000, burst: 1000 });
  apps = client.api(AppsV1Api);
  core = client.api(CoreV1Api);
  await core.createNamespace({ body: { metadata: { name: ns } } });
});

after(async () => {
  await core?.deleteNamespace({ name: ns }).catch(() => {});
  await cluster?.release();
});

const revision = (name: string, n: number): V1ControllerRevision => ({
  metadata: { name, namespace: ns },
  data: { spec: { n } },
  revision: n,
});

const deleteRevision = (decided: V1ControllerRevision, resourceVersion: boolean) =>
  deleteExactly(
    { metadata: decided.metadata },
    (body) =>
      apps.deleteNamespacedControllerRevision({ namespace: ns, name: decided.metadata?.name ?? '', body }),
    { resourceVersion },
  );

describe('exact deletes against the apiserver', () => {
  test('a revision recreated under the same name after the decision survives', async () => {
    const decided = await apps.createNamespacedControllerRevision({
      namespace: ns,
      body: revision('r-recreated', 1),
    });
    await apps.deleteNamespacedControllerRevision({ namespace: ns, name: 'r-recreated' });
    const newcomer = await apps.createNamespacedControllerRevision({
      namespace: ns,
      body: revision('r-recreated', 2),
    });

    assert.equal(await deleteRevision(decided, false), false, 'the stale decision reads as gone');
    const still = await apps.readNamespacedControllerRevision({ namespace: ns, name: 'r-recreated' });
    assert.equal(still.metadata?.uid, newcomer.metadata?.uid);
  });

  test('a revision renumbered by a rollback after the decision survives (resourceVersion precondition)', async () => {
    const decided = await apps.createNamespacedControllerRevision({
      namespace: ns,
      body: revision('r-renumbered', 1),
    });
    await apps.replaceNamespacedControllerRevision({
      namespace: ns,
      name: 'r-renumbered',
      body: { ...decided, revision: 5 },
    });
    assert.equal(await deleteRevision(decided, true), false);
    const still = await apps.readNamespacedControllerRevision({ namespace: ns, name: 'r-renumbered' });
    assert.equal(still.revision, 5);
  });

  test('the object decided on is deleted; a second attempt reads as gone', async () => {
    const decided = await apps.createNamespacedControllerRevision({
      namespace: ns,
      body: revision('r-plain', 1),
    });
    assert.equal(await deleteRevision(decided, true), true);
    assert.equal(await deleteRevision(decided, true), false);
  });

  test('a pod recreated under the same name survives a stale pod delete', async () => {
    const pod = {
      metadata: { name: 'p-recreated', namespace: ns },
      spec: { containers: [{ name: 'c', image: 'nginx' }], terminationGracePeriodSeconds: 0 },
    };
    const decided = await core.createNamespacedPod({ namespace: ns, body: pod });
    await core.deleteNamespacedPod({ namespace: ns, name: 'p-recreated', gracePeriodSeconds: 0 });
    let newcomer = undefined as Awaited<ReturnType<CoreV1Api['createNamespacedPod']>> | undefined;
    for (let i = 0; i < 100 && newcomer === undefined; i++) {
      newcomer = await core.createNamespacedPod({ namespace: ns, body: pod }).catch(async () => {
        await new Promise((r) => setTimeout(r, 100));
        return undefined;
      });
    }
    assert.ok(newcomer, 'recreated the pod');
    const deleted = await deleteExactly({ metadata: decided.metadata }, (body) =>
      core.deleteNamespacedPod({ namespace: ns, name: 'p-recreated', body }),
    );
    assert.equal(deleted, false);
    const still = await core.readNamespacedPod({ namespace: ns, name: 'p-recreated' });
    assert.equal(still.metadata?.uid, newcomer.metadata?.uid);
  });
});
