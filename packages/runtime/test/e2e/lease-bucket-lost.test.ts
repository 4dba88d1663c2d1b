// The lease bucket is kept in memory (docs/adr/0033-leases-in-memory.md), so a nats-server restarted alone comes
// back without it. Against a real nats-server restarted on the same port: the replicas lose their partitions at
// once, declare the bucket again and share the partitions anew; a frozen holder, whose records went with the
// bucket, stops owning before anyone else owns its partitions. Uses its own server (it must restart it).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { type Bus, connectBus, ensureKv, topology } from '@kruise-ts/bus';
import { eventually, freePort, type NatsServer, startNats } from '@kruise-ts/devcluster';
import { Kvm } from '@nats-io/kv';
import { livenessBoundMs, PartitionLeaseManager } from '../../src/partitions/lease-manager.ts';
import { freezableKv } from './fixtures/freezable-kv.ts';

const PARTITIONS = 4;
// The default TTL: the longest liveness bound (3 s), so a frozen holder still trusts its leases for 2.25 s after
// its last beat, longer than the server takes to come back.
const TTL = 15_000;

interface Replica {
  bus: Bus;
  manager: PartitionLeaseManager;
  lost: number[];
  freeze(): () => void;
}

async function replica(url: string, prefix: string, id: string, errors: string[]): Promise<Replica> {
  const bus = await connectBus({
    servers: url,
    topology: topology({ prefix, partitions: PARTITIONS, leaseTtlMs: TTL }),
    publisherId: id,
    reconnectTimeWaitMs: 100,
    reconnectJitterMs: 0,
  });
  await ensureKv(bus, bus.topology.leases);
  const real = await new Kvm(bus.js).open(bus.topology.leases.bucket);
  // Freezing holds every KV call of this replica until thawed, as a SIGSTOPped process would.
  const { kv, freeze } = freezableKv(real);
  const lost: number[] = [];
  const manager = new PartitionLeaseManager({
    kv,
    controller: 'sample',
    memberId: id,
    partitions: PARTITIONS,
    ttlMs: TTL,
    onAcquired: async () => {},
    onReleasing: async () => {},
    onLost: (p) => void lost.push(p),
    onError: (err) => void errors.push(`${id}: ${err.message}`),
    redeclare: async () => {
      await ensureKv(bus, bus.topology.leases);
    },
  });
  return {
    bus,
    manager,
    lost,
    freeze,
  };
}

test('a lease bucket lost with its restarted server is declared again; a frozen holder stops owning before anyone else owns', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lease-bucket-lost-'));
  const port = await freePort();
  let server: NatsServer | undefined = await startNats(dir, { port });
  const replicas: Replica[] = [];
  const errors: string[] = [];
  const owned = (r: Replica) => r.manager.ownedPartitions().length;
  try {
    const prefix = `lost${randomBytes(3).toString('hex')}`;
    const frozen = await replica(server.url, prefix, 'frozen', errors);
    const survivor = await replica(server.url, prefix, 'survivor', errors);
    replicas.push(frozen, survivor);
    const info = await frozen.bus.jsm.streams.info(frozen.bus.topology.leases.stream);
    assert.equal(info.config.storage, 'memory', 'a new lease bucket is kept in memory');

    const startedAt = performance.now();
    frozen.manager.start();
    survivor.manager.start();
    await eventually(
      'the replicas share every partition',
      async () => owned(frozen) + owned(survivor) === PARTITIONS && owned(frozen) > 0 && owned(survivor) > 0,
      { timeoutMs: 30_000, intervalMs: 20 },
    );
    // Nothing was held before: still, no lease is taken until the replica's own record is a bound old.
    assert.ok(
      performance.now() - startedAt >= livenessBoundMs(TTL),
      'free leases wait for the liveness bound',
    );

    const frozenOwned = frozen.manager.ownedPartitions();
    const thaw = frozen.freeze();
    await server.stop();
    server = undefined;
    server = await startNats(dir, { port });
    const upAt = performance.now();
    let overlap = false;
    let frozenLastOwnedAt = Number.NEGATIVE_INFINITY;
    let survivorFirstOwnedAt = Number.POSITIVE_INFINITY;
    await eventually(
      'the survivor owns every partition in the declared-again bucket',
      async () => {
        const now = performance.now();
        for (const p of frozenOwned) {
          if (frozen.manager.owns(p)) frozenLastOwnedAt = now;
          if (survivor.manager.owns(p)) survivorFirstOwnedAt = Math.min(survivorFirstOwnedAt, now);
          if (frozen.manager.owns(p) && survivor.manager.owns(p)) overlap = true;
        }
        return owned(survivor) === PARTITIONS;
      },
      { timeoutMs: 30_000, intervalMs: 5 },
    );
    thaw();
    assert.equal(overlap, false, 'no partition owned by both');
    assert.ok(frozenLastOwnedAt < survivorFirstOwnedAt, 'the frozen holder stopped owning first');
    assert.ok(
      survivorFirstOwnedAt - upAt >= livenessBoundMs(TTL),
      'free leases in the new bucket waited a bound',
    );
    assert.ok(
      errors.some((e) => e.startsWith('survivor: the lease bucket is gone')),
      `the survivor noticed the lost bucket: ${errors.join(' | ')}`,
    );
    await frozen.bus.jsm.streams.info(frozen.bus.topology.leases.stream); // declared again

    // Thawed, the frozen replica finds its record gone, rejoins and gets its share back.
    await eventually(
      'the partitions are shared again',
      async () => owned(frozen) > 0 && owned(survivor) > 0 && owned(frozen) + owned(survivor) === PARTITIONS,
      { timeoutMs: 30_000, intervalMs: 50 },
    );
  } finally {
    for (const r of replicas) await r.manager.stop().catch(() => {});
    for (const r of replicas) await r.bus.close().catch(() => {});
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
