// Against the real apiserver: a write held by the client's rate limit past the lease's safety margin is never
// sent, and a write whose partition is lost while it waits is never sent either.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { acquireCluster, type ClusterLease } from '@kruise-ts/devcluster';
import { FencedError, KubeClient, NotFoundError, type ResourceClient, resources } from '../../src/index.ts';
import { runWithWriteGuard } from '../../src/kube/write-guard.ts';

let cluster: ClusterLease;
type Obj = { metadata?: { name?: string; namespace?: string }; data?: Record<string, string> };
let admin: KubeClient;
const configMaps = (kube: KubeClient): ResourceClient<Obj> => kube.resource<Obj>(resources.configMaps);
const ns = `runtime-fence-${randomBytes(3).toString('hex')}`;

before(async () => {
  cluster = await acquireCluster();
  admin = new KubeClient({ kubeconfigPath: cluster.kubeconfigPath, qps: 1000, burst: 1000 });
  await admin.resource<Obj>(resources.namespaces).create({ body: { metadata: { name: ns } } });
});

after(async () => {
  await admin
    ?.resource<Obj>(resources.namespaces)
    .delete({ name: ns })
    .catch(() => {});
  await cluster?.release();
});

const configMap = (name: string) => ({ metadata: { name, namespace: ns }, data: { a: '1' } });

async function exists(name: string): Promise<boolean> {
  try {
    await configMaps(admin).get({ namespace: ns, name });
    return true;
  } catch (err) {
    if (err instanceof NotFoundError) return false;
    throw err;
  }
}

describe('writes fenced at the moment they are sent', () => {
  test('a write throttled past the lease margin is not sent', async () => {
    // One request per second, no burst beyond one: the second write waits about a second for its token.
    const core = configMaps(new KubeClient({ kubeconfigPath: cluster.kubeconfigPath, qps: 1, burst: 1 }));
    const validUntil = performance.now() + 400;
    const guard = {
      fence: () => {
        if (performance.now() >= validUntil) throw new FencedError(0, 'lease margin ran out');
      },
      remainingMs: () => Math.max(0, validUntil - performance.now()),
    };
    const first = runWithWriteGuard(guard, () => core.create({ namespace: ns, body: configMap('sent') }));
    const second = runWithWriteGuard(guard, () =>
      core.create({ namespace: ns, body: configMap('throttled') }),
    );
    await first;
    await assert.rejects(second, FencedError);
    assert.equal(await exists('sent'), true);
    assert.equal(await exists('throttled'), false, 'the throttled write never reached the apiserver');
  });

  test('a write waiting for its token is dropped when the partition is lost', async () => {
    const core = configMaps(new KubeClient({ kubeconfigPath: cluster.kubeconfigPath, qps: 1, burst: 1 }));
    const lost = new AbortController();
    const guard = { fence: () => lost.signal.throwIfAborted(), signal: lost.signal };
    await runWithWriteGuard(guard, () => core.create({ namespace: ns, body: configMap('first') }));
    const waiting = runWithWriteGuard(guard, () =>
      core.create({ namespace: ns, body: configMap('after-loss') }),
    );
    setTimeout(() => lost.abort(new FencedError(0, 'lease lost')), 200);
    await assert.rejects(waiting, /lease lost/);
    await new Promise((r) => setTimeout(r, 1_200));
    assert.equal(await exists('after-loss'), false);
  });
});
