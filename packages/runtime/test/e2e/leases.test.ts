// Partition leases against a real nats-server: split, exclusive ownership, CAS conflicts, expiry after a
// crash, and graceful hand-off.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type Bus, connectBus, ensureKv, topology } from '@kruise-ts/bus';
import { eventually, startNats } from '@kruise-ts/devcluster';
import { Kvm } from '@nats-io/kv';
import { PartitionLeaseManager } from '../../src/partitions/lease-manager.ts';

const PARTITIONS = 8;
const TTL = 1500;
let natsUrl: string;
let stopNats: (() => Promise<void>) | undefined;
let dir: string | undefined;
const buses: Bus[] = [];

before(async () => {
  if (process.env.KRUISE_TS_NATS_URL) {
    natsUrl = process.env.KRUISE_TS_NATS_URL;
  } else {
    dir = mkdtempSync(join(tmpdir(), 'leases-'));
    const nats = await startNats(dir);
    natsUrl = nats.url;
    stopNats = nats.stop;
  }
});

after(async () => {
  for (const bus of buses) if (!bus.nc.isClosed()) await bus.close().catch(() => {});
  await stopNats?.();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function replica(
  prefix: string,
  id: string,
  log: string[],
  onReleasing?: (p: number, budgetMs: number) => Promise<void>,
  ttlMs = TTL,
) {
  const bus = await connectBus({
    servers: natsUrl,
    topology: topology({ prefix, partitions: PARTITIONS, leaseTtlMs: ttlMs }),
    publisherId: id,
  });
  buses.push(bus);
  await ensureKv(bus, bus.topology.leases);
  const real = await new Kvm(bus.js).open(bus.topology.leases.bucket);
  // Freezing holds every KV call of this replica until thawed, as a SIGSTOPped process would.
  let thaw: Promise<void> = Promise.resolve();
  const freezer = {
    freeze() {
      let resolve!: () => void;
      thaw = new Promise<void>((r) => (resolve = r));
      return resolve;
    },
  };
  // KV calls by method and key (what a steady state costs the server).
  const calls: string[] = [];
  const kv = new Proxy(real, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        calls.push(`${String(prop)} ${typeof args[0] === 'string' ? args[0] : JSON.stringify(args[0])}`);
        await thaw;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  const lost: number[] = [];
  const manager = new PartitionLeaseManager({
    kv,
    controller: 'sample',
    memberId: id,
    partitions: PARTITIONS,
    ttlMs,
    onAcquired: async (p) => {
      log.push(`${id} +${p}`);
    },
    onReleasing: async (p, budgetMs) => {
      log.push(`${id} -${p}`);
      await onReleasing?.(p, budgetMs);
    },
    onLost: (p) => {
      lost.push(p);
      log.push(`${id} lost ${p}`);
    },
  });
  return { bus, kv: real, manager, lost, freezer, calls };
}

const allPartitions = Array.from({ length: PARTITIONS }, (_, i) => i);

describe('partition leases on a real nats-server', () => {
  test('a hand-off stuck on one partition is bounded and never stalls the renewals of the others', async () => {
    const prefix = `lease${randomBytes(3).toString('hex')}`;
    const log: string[] = [];
    const budgets: number[] = [];
    // A's reconciles of every partition it hands off never finish (a hung apiserver call, say).
    const a = await replica(prefix, 'a', log, (_p, budgetMs) => {
      budgets.push(budgetMs);
      return new Promise(() => {});
    });
    a.manager.start();
    await eventually('a owns everything', async () => a.manager.ownedPartitions().length === PARTITIONS, {
      timeoutMs: 20_000,
      intervalMs: 50,
    });
    const b = await replica(prefix, 'b', log);
    const joinedAt = performance.now();
    b.manager.start();
    await eventually(
      'b took over its share despite a stuck hand-off',
      async () => b.manager.ownedPartitions().length === PARTITIONS / 2,
      { timeoutMs: 20_000, intervalMs: 50 },
    );
    const tookMs = performance.now() - joinedAt;
    // Bounded by the lease's safe validity (TTL × 0.75) plus a tick or two, not stuck forever.
    assert.ok(tookMs < TTL * 3, `hand-off took ${Math.round(tookMs)} ms`);
    assert.ok(budgets.length > 0 && budgets.every((ms) => ms <= TTL), `budgets ${budgets.join(',')}`);
    // A kept renewing what it keeps: its partitions stayed owned for several TTLs without a gap.
    const kept = a.manager.ownedPartitions();
    assert.equal(kept.length, PARTITIONS / 2);
    for (let i = 0; i < 30; i++) {
      for (const p of kept) assert.ok(a.manager.owns(p), `a lost partition ${p} while handing others off`);
      for (const p of allPartitions)
        assert.ok(!(a.manager.owns(p) && b.manager.owns(p)), `partition ${p} owned twice`);
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.deepEqual(a.lost, [], 'nothing lost without hand-off');
    await a.manager.stop(); // its hung hand-offs are bounded too
    await b.manager.stop();
  });

  test('two replicas split the partitions and never own one at the same time', async () => {
    const prefix = `lease${randomBytes(3).toString('hex')}`;
    const log: string[] = [];
    const a = await replica(prefix, 'a', log);
    const b = await replica(prefix, 'b', log);
    a.manager.start();
    b.manager.start();
    await eventually(
      'every partition owned by exactly one replica, both replicas owning some',
      async () => {
        const owners = allPartitions.map(
          (p) => [a.manager.owns(p), b.manager.owns(p)].filter(Boolean).length,
        );
        return (
          owners.every((n) => n === 1) &&
          a.manager.ownedPartitions().length > 0 &&
          b.manager.ownedPartitions().length > 0
        );
      },
      { timeoutMs: 20_000, intervalMs: 50 },
    );
    // Sample ownership for a few ticks: never two owners.
    for (let i = 0; i < 40; i++) {
      for (const p of allPartitions)
        assert.ok(!(a.manager.owns(p) && b.manager.owns(p)), `partition ${p} owned twice`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await a.manager.stop();
    await b.manager.stop();
  });

  test('in a steady state members and leases come from one watch: no key listing per tick, no read per beat or tick', async () => {
    const prefix = `lease${randomBytes(3).toString('hex')}`;
    const log: string[] = [];
    const a = await replica(prefix, 'a', log);
    const b = await replica(prefix, 'b', log);
    a.manager.start();
    b.manager.start();
    await eventually(
      'both replicas own their share',
      async () => a.manager.ownedPartitions().length + b.manager.ownedPartitions().length === PARTITIONS,
      { timeoutMs: 20_000, intervalMs: 50 },
    );
    const ticks = 4;
    await new Promise((r) => setTimeout(r, a.manager.tickMs)); // the first full delivery of the watch is in
    a.calls.length = 0;
    await new Promise((r) => setTimeout(r, a.manager.tickMs * ticks));
    const byMethod = (m: string) => a.calls.filter((c) => c.startsWith(`${m} `));
    assert.deepEqual(byMethod('keys'), [], 'no key listing (a consumer each) per tick');
    assert.deepEqual(byMethod('watch'), [], 'the watch stays open');
    assert.deepEqual(byMethod('get'), [], 'member and lease records are read from the watch');
    assert.ok(byMethod('update').length >= ticks * (PARTITIONS / 2), 'the renewals go on');
    // Both still see each other: the split holds and nothing was taken over.
    assert.equal(a.manager.ownedPartitions().length, PARTITIONS / 2);
    assert.deepEqual([...a.lost, ...b.lost], []);
    await a.manager.stop();
    await b.manager.stop();
  });

  test('graceful hand-off: a stopping replica drains before the survivor takes over, well before the TTL', async () => {
    const prefix = `lease${randomBytes(3).toString('hex')}`;
    const log: string[] = [];
    const a = await replica(prefix, 'a', log);
    const b = await replica(prefix, 'b', log);
    a.manager.start();
    b.manager.start();
    await eventually(
      'split',
      async () => a.manager.ownedPartitions().length + b.manager.ownedPartitions().length === PARTITIONS,
      {
        timeoutMs: 20_000,
        intervalMs: 50,
      },
    );
    const aHad = a.manager.ownedPartitions();
    await a.manager.stop();
    await eventually('b owns everything', async () => b.manager.ownedPartitions().length === PARTITIONS, {
      timeoutMs: 20_000,
      intervalMs: 50,
    });
    for (const p of aHad) {
      const released = log.indexOf(`a -${p}`);
      const taken = log.lastIndexOf(`b +${p}`);
      assert.ok(released >= 0 && taken > released, `partition ${p}: a released before b acquired`);
    }
    await b.manager.stop();
  });

  test('a crashed replica (connection gone, no hand-off) loses its partitions to the survivor after the TTL', async () => {
    const prefix = `lease${randomBytes(3).toString('hex')}`;
    const log: string[] = [];
    const a = await replica(prefix, 'a', log);
    const b = await replica(prefix, 'b', log);
    a.manager.start();
    b.manager.start();
    await eventually(
      'split',
      async () => a.manager.ownedPartitions().length > 0 && b.manager.ownedPartitions().length > 0,
      {
        timeoutMs: 20_000,
        intervalMs: 50,
      },
    );
    // Crash: the connection dies without releasing anything.
    await a.bus.nc.close();
    const crashedAt = Date.now();
    await eventually('b owns everything', async () => b.manager.ownedPartitions().length === PARTITIONS, {
      timeoutMs: 30_000,
      intervalMs: 50,
    });
    const takeover = Date.now() - crashedAt;
    console.log(`takeover after crash: ${takeover} ms (lease TTL ${TTL} ms)`);
    assert.ok(takeover >= TTL * 0.5, 'not before the dead leases could expire');
    // The crashed replica, fenced by its own clock, no longer claims anything.
    await new Promise((r) => setTimeout(r, TTL));
    assert.deepEqual(a.manager.ownedPartitions(), []);
    await a.manager.stop();
    await b.manager.stop();
  });

  test('fast failover: with a 15 s lease TTL a crashed holder is taken over within the liveness bound, never while it may write', async () => {
    const prefix = `lease${randomBytes(3).toString('hex')}`;
    const log: string[] = [];
    const ttl = 15_000;
    const a = await replica(prefix, 'a', log, undefined, ttl);
    const b = await replica(prefix, 'b', log, undefined, ttl);
    a.manager.start();
    b.manager.start();
    await eventually(
      'split',
      async () =>
        a.manager.ownedPartitions().length > 0 &&
        b.manager.ownedPartitions().length > 0 &&
        a.manager.ownedPartitions().length + b.manager.ownedPartitions().length === PARTITIONS,
      { timeoutMs: 30_000, intervalMs: 50 },
    );
    const aOwned = a.manager.ownedPartitions();
    await a.bus.nc.close();
    const crashedAt = Date.now();
    let overlap = false;
    await eventually(
      'b owns everything',
      async () => {
        for (const p of aOwned) if (b.manager.owns(p) && a.manager.owns(p)) overlap = true;
        return b.manager.ownedPartitions().length === PARTITIONS;
      },
      { timeoutMs: 20_000, intervalMs: 10 },
    );
    const takeover = Date.now() - crashedAt;
    console.log(
      `takeover after crash: ${takeover} ms (lease TTL ${ttl} ms, liveness bound ${a.manager.livenessMs} ms)`,
    );
    assert.equal(overlap, false, 'both owned a partition at once');
    assert.ok(takeover < 5000, `takeover took ${takeover} ms`);
    await a.manager.stop();
    await b.manager.stop();
  });

  test('a frozen holder is fenced out: it stops owning before the survivor owns, and finds itself fenced on thaw', async () => {
    const prefix = `lease${randomBytes(3).toString('hex')}`;
    const log: string[] = [];
    const ttl = 15_000;
    const a = await replica(prefix, 'a', log, undefined, ttl);
    const b = await replica(prefix, 'b', log, undefined, ttl);
    a.manager.start();
    b.manager.start();
    await eventually(
      'split',
      async () =>
        a.manager.ownedPartitions().length > 0 &&
        b.manager.ownedPartitions().length > 0 &&
        a.manager.ownedPartitions().length + b.manager.ownedPartitions().length === PARTITIONS,
      { timeoutMs: 30_000, intervalMs: 50 },
    );
    const aOwned = a.manager.ownedPartitions();
    const thaw = a.freezer.freeze();
    let overlap = false;
    await eventually(
      'b owns everything',
      async () => {
        for (const p of aOwned) if (b.manager.owns(p) && a.manager.owns(p)) overlap = true;
        return b.manager.ownedPartitions().length === PARTITIONS;
      },
      { timeoutMs: 20_000, intervalMs: 10 },
    );
    assert.equal(overlap, false, 'both owned a partition at once');
    thaw();
    await eventually('a lost its partitions', async () => aOwned.every((p) => a.lost.includes(p)), {
      timeoutMs: 10_000,
      intervalMs: 50,
    });
    assert.deepEqual(a.manager.ownedPartitions(), []);
    // It rejoined: the partitions split again, each owned by one replica only.
    await eventually('split again', async () => a.manager.ownedPartitions().length > 0, {
      timeoutMs: 30_000,
      intervalMs: 50,
    });
    for (const p of allPartitions)
      assert.ok(!(a.manager.owns(p) && b.manager.owns(p)), `partition ${p} owned twice`);
    await a.manager.stop();
    await b.manager.stop();
  });

  test('a lease record changed behind the holder (CAS conflict) is treated as lost, never overwritten', async () => {
    const prefix = `lease${randomBytes(3).toString('hex')}`;
    const log: string[] = [];
    const a = await replica(prefix, 'a', log);
    a.manager.start();
    await eventually('a owns all', async () => a.manager.ownedPartitions().length === PARTITIONS, {
      timeoutMs: 20_000,
      intervalMs: 50,
    });
    await a.kv.put('sample.partitions.3', new TextEncoder().encode(JSON.stringify({ holder: 'intruder' })));
    await eventually('a lost partition 3', async () => a.lost.includes(3), {
      timeoutMs: 10_000,
      intervalMs: 50,
    });
    assert.equal(a.manager.owns(3), false);
    const entry = await a.kv.get('sample.partitions.3');
    assert.equal(JSON.parse(new TextDecoder().decode(entry!.value)).holder, 'intruder');
    await a.manager.stop();
  });
});
