// Writes are fenced when they are sent, not when they are decided: the kube client checks the partition's
// write guard after its rate-limit wait, a lease that lapsed during the wait stops the write, the wait itself
// ends when the partition is lost, and reads are never fenced. Fake clock, and a client whose HTTP exchange
// only records what would have gone out (nothing is sent).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FakeClock, FencedError, KubeClient } from '../../src/index.ts';
import type { IncomingResponse, OutgoingRequest } from '../../src/kube/request.ts';
import { runWithWriteGuard } from '../../src/kube/write-guard.ts';
import { offlineCluster } from '../../src/testing/index.ts';
import { settle } from './helpers.ts';

const sent: string[] = [];

class RecordingClient extends KubeClient {
  protected override async send(req: OutgoingRequest): Promise<IncomingResponse> {
    const name =
      req.method === 'POST'
        ? (req.body as { metadata: { name: string } }).metadata.name
        : req.url.pathname.split('/').at(-1);
    sent.push(`${req.method === 'POST' ? 'create' : 'read'} ${name}`);
    return { status: 200, headers: {}, body: name };
  }
}

/** Stands in for a resource API: creates and reads of configmaps in `ns`. */
function fakeApi(client: KubeClient) {
  const configmaps = client.resource<object>({
    group: '',
    version: 'v1',
    plural: 'configmaps',
    namespaced: true,
  });
  return {
    createThing: (p: { name: string }) =>
      configmaps.create({
        namespace: 'ns',
        body: { metadata: { name: p.name } },
      }) as Promise<unknown> as Promise<string>,
    readThing: (p: { name: string }) =>
      configmaps.get({ namespace: 'ns', name: p.name }) as Promise<unknown> as Promise<string>,
  };
}

function setup(validForMs: number) {
  sent.length = 0;
  const clock = new FakeClock();
  const client = new RecordingClient({ cluster: offlineCluster(), qps: 1, burst: 1, clock });
  const api = fakeApi(client);
  const validUntil = clock.now() + validForMs;
  const controller = new AbortController();
  const guard = {
    fence: () => {
      if (clock.now() >= validUntil) throw new FencedError(3);
    },
    signal: controller.signal,
    remainingMs: () => Math.max(0, validUntil - clock.now()),
  };
  return { clock, api, guard, controller };
}

describe('write fencing at send time', () => {
  it('a write throttled past the lease margin is not sent', async () => {
    const { clock, api, guard } = setup(500);
    const first = runWithWriteGuard(guard, () => api.createThing({ name: 'a' }));
    // The bucket (burst 1) is empty now: the second write waits a second for its token.
    const second = runWithWriteGuard(guard, () => api.createThing({ name: 'b' }));
    assert.equal(await first, 'a');
    await settle();
    assert.deepEqual(sent, ['create a'], 'the second write is still throttled');
    clock.advance(1_000);
    await assert.rejects(second, FencedError);
    assert.deepEqual(sent, ['create a'], 'the lease lapsed during the wait: nothing sent');
  });

  it('a write throttled within the lease margin is sent after its wait', async () => {
    const { clock, api, guard } = setup(5_000);
    await runWithWriteGuard(guard, () => api.createThing({ name: 'a' }));
    const second = runWithWriteGuard(guard, () => api.createThing({ name: 'b' }));
    clock.advance(1_000);
    assert.equal(await second, 'b');
    assert.deepEqual(sent, ['create a', 'create b']);
  });

  it('losing the partition ends the throttle wait: the write is never sent', async () => {
    const { api, guard, controller } = setup(60_000);
    await runWithWriteGuard(guard, () => api.createThing({ name: 'a' }));
    const second = runWithWriteGuard(guard, () => api.createThing({ name: 'b' }));
    controller.abort(new FencedError(3, 'lease lost'));
    await assert.rejects(second, /lease lost/);
    assert.deepEqual(sent, ['create a']);
  });

  it('reads are not fenced (a replica may still look)', async () => {
    const { clock, api, guard } = setup(0);
    const read = runWithWriteGuard(guard, () => api.readThing({ name: 'r' }));
    clock.advance(1_000);
    assert.equal(await read, 'r');
    await assert.rejects(
      runWithWriteGuard(guard, () => api.createThing({ name: 'w' })),
      FencedError,
    );
  });

  it('outside any guard, writes go as before', async () => {
    const { api } = setup(0);
    assert.equal(await api.createThing({ name: 'free' }), 'free');
  });
});
