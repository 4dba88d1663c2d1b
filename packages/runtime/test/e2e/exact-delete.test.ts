// Delete-and-recreate under the same name between a decision and its write: the delete carries the uid (and
// resourceVersion) decided on, the apiserver refuses it (409 precondition failure), the caller reads that as
// "gone", and the newcomer survives. Against the real apiserver.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { acquireCluster, type ClusterLease } from '@kruise-ts/devcluster';
import { deleteExactly, KubeClient, type ResourceClient, resources } from '../../src/index.ts';

interface Meta {
  name?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
}
interface V1ControllerRevision {
  metadata?: Meta;
  data?: unknown;
  revision: number;
}
interface Pod {
  metadata?: Meta;
  spec?: unknown;
}

let cluster: ClusterLease;
let revisions: ResourceClient<V1ControllerRevision>;
let pods: ResourceClient<Pod>;
let namespaces: ResourceClient<Pod>;
const ns = `runtime-exact-${randomBytes(3).toString('hex')}`;

before(async () => {
  cluster = await acquireCluster();
  const client = new KubeClient({ kubeconfigPath: cluster.kubeconfigPath, qps: 1000, burst: 1000 });
  revisions = client.resource(resources.controllerRevisions);
  pods = client.resource(resources.pods);
  namespaces = client.resource(resources.namespaces);
  await namespaces.create({ body: { metadata: { name: ns } } });
});

after(async () => {
  await namespaces?.delete({ name: ns }).catch(() => {});
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
    (body) => revisions.delete({ namespace: ns, name: decided.metadata?.name ?? '', body }),
    { resourceVersion },
  );

describe('exact deletes against the apiserver', () => {
  test('a revision recreated under the same name after the decision survives', async () => {
    const decided = await revisions.create({
      namespace: ns,
      body: revision('r-recreated', 1),
    });
    await revisions.delete({ namespace: ns, name: 'r-recreated' });
    const newcomer = await revisions.create({
      namespace: ns,
      body: revision('r-recreated', 2),
    });

    assert.equal(await deleteRevision(decided, false), false, 'the stale decision reads as gone');
    const still = await revisions.get({ namespace: ns, name: 'r-recreated' });
    assert.equal(still.metadata?.uid, newcomer.metadata?.uid);
  });

  test('a revision renumbered by a rollback after the decision survives (resourceVersion precondition)', async () => {
    const decided = await revisions.create({
      namespace: ns,
      body: revision('r-renumbered', 1),
    });
    await revisions.replace({
      namespace: ns,
      name: 'r-renumbered',
      body: { ...decided, revision: 5 },
    });
    assert.equal(await deleteRevision(decided, true), false);
    const still = await revisions.get({ namespace: ns, name: 'r-renumbered' });
    assert.equal(still.revision, 5);
  });

  test('the object decided on is deleted; a second attempt reads as gone', async () => {
    const decided = await revisions.create({
      namespace: ns,
      body: revision('r-plain', 1),
    });
    assert.equal(await deleteRevision(decided, true), true);
    assert.equal(await deleteRevision(decided, true), false);
  });

  test('a pod recreated under the same name survives a stale pod delete', async () => {
    const pod = {
      metadata: { name: 'p-recreated', namespace: ns },
      // Never scheduled: an unbound pod deleted with grace 0 is gone at once. A pod bound to a kwok node is
      // finished by kwok's own by-name delete, which could land on the newcomer (seen once in CI).
      spec: {
        containers: [{ name: 'c', image: 'nginx' }],
        terminationGracePeriodSeconds: 0,
        schedulerName: 'kruise-ts-test-unscheduled',
      },
    };
    const decided = await pods.create({ namespace: ns, body: pod });
    await pods.delete({ namespace: ns, name: 'p-recreated', gracePeriodSeconds: 0 });
    let newcomer = undefined as Pod | undefined;
    for (let i = 0; i < 100 && newcomer === undefined; i++) {
      newcomer = await pods.create({ namespace: ns, body: pod }).catch(async () => {
        await new Promise((r) => setTimeout(r, 100));
        return undefined;
      });
    }
    assert.ok(newcomer, 'recreated the pod');
    const deleted = await deleteExactly({ metadata: decided.metadata }, (body) =>
      pods.delete({ namespace: ns, name: 'p-recreated', body }),
    );
    assert.equal(deleted, false);
    const still = await pods.get({ namespace: ns, name: 'p-recreated' });
    assert.equal(still.metadata?.uid, newcomer.metadata?.uid);
  });
});
