// The views a part of a multi-service process gets (service/shared.ts): its health checks carry its name on the
// process's one server, and closing its bus or server view leaves the shared ones open. A real health server on
// 127.0.0.1; the bus is a stand-in object (nothing is sent).
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Bus } from '@kruise-ts/bus';
import { ObjectCache, sharedPartView, startHealthServer } from '../../src/index.ts';

it('names each part’s checks on the one /readyz, and closing a view closes nothing shared', async () => {
  const health = await startHealthServer();
  let busClosed = 0;
  const bus = {
    publisherId: 'all-in-one/host-1',
    close: async () => {
      busClosed++;
    },
  } as unknown as Bus;
  const cache = new ObjectCache(bus, { kinds: [] });
  try {
    const watcher = sharedPartView({ bus, health, cache }, 'watcher');
    const cloneset = sharedPartView({ bus, health, cache }, 'cloneset-controller');
    watcher.health.addReadinessCheck('controller', () => {});
    cloneset.health.addReadinessCheck('controller', () => {
      throw new Error('waiting for partitions');
    });
    assert.equal(watcher.bus.publisherId, 'watcher/all-in-one/host-1');
    assert.equal(cloneset.cache, cache);

    await watcher.bus.close();
    await watcher.health.close();
    assert.equal(busClosed, 0);
    const res = await fetch(`${health.url}/readyz?verbose`);
    assert.equal(res.status, 500);
    const body = await res.text();
    assert.match(body, /\[\+\]watcher-controller ok/);
    assert.match(body, /\[-\]cloneset-controller-controller failed: waiting for partitions/);
  } finally {
    await health.close();
  }
});
