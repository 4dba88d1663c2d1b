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
import {
  type AcquiredContext,
  type LeaseManagerOptions,
  PartitionLeaseManager,
} from '../../src/partitions/lease-manager.ts';
import { assignPartitions } from '../../src/partitions/rendezvous.ts';
import { freezableKv } from './fixtures/freezable-kv.ts';

const PARTITIONS = 8;
const TTL = 1500;
let natsUrl: string;
let stopNats: (() => Promise<void>) | undefined;
let dir: string | undefined;
const buses: Bus[] = [];
/** What each acquisition was told, by `<id> +<partition>` (the latest one). */
const acquired = new Map<string, AcquiredContext>();

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
  /** Runs before each KV call of this replica (after a freeze lifts): a test may hold one up. */
  beforeCall?: (method: string, key: unknown) => Promise<void>,
  /** The controller's work (LeaseManagerOptions.active): given, a lone idle replica rests. */
  active?: () => boolean,
  /** Deletes owed per partition (LeaseManagerOptions.owed). */
  owed?: (p: number) => readonly string[],
  /** Any other lease manager option. */
  extra: Partial<LeaseManagerOptions> = {},
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
  const { kv, calls, freeze } = freezableKv(real, beforeCall);
  const freezer = { freeze };
  const lost: number[] = [];
  const manager = new PartitionLeaseManager({
    kv,
    controller: 'sample',
    memberId: id,
    partitions: PARTITIONS,
    ttlMs,
    onAcquired: async (p, context) => {
      log.push(`${id} +${p}`);
      acquired.set(`${id} +${p}`, context);
    },
    onReleasing: async (p, budgetMs) => {
      log.push(`${id} -${p}`);
      await onReleasing?.(p, budgetMs);
    },
    onLost: (p) => {
      lost.push(p);
      log.push(`${id} lost ${p}`);
    },
    ...(active === undefined ? {} : { active }),
    ...(owed === undefined ? {} : { owed }),
    ...extra,
  });
  return { bus, kv: real, manager, lost, freezer, calls };
}

const allPartitions = Array.from({ length: PARTITIONS }, (_, i) => i);

type Replica = Awaited<ReturnType<typeof replica>>;

/** Polls `check` (every 50 ms by default) until it holds; fails naming `what` after the timeout. */
async function until(what: string, check: () => boolean, timeoutMs = 20_000, intervalMs = 50): Promise<void> {
  await eventually(what, async () => check(), { timeoutMs, intervalMs });
}

/** Replicas a and b of one controller on a fresh prefix, both started. */
async function startPair(ttlMs = TTL): Promise<{ a: Replica; b: Replica; log: string[] }> {
  const prefix = `lease${randomBytes(3).toString('hex')}`;
  const log: string[] = [];
  const a = await replica(prefix, 'a', log, undefined, ttlMs);
  const b = await replica(prefix, 'b', log, undefined, ttlMs);
  a.manager.start();
  b.manager.start();
  return { a, b, log };
}

const owned = (r: Replica) => r.manager.ownedPartitions().length;
/** Every partition owned, each replica owning some. */
const split = (a: Replica, b: Replica) => owned(a) > 0 && owned(b) > 0 && owned(a) + owned(b) === PARTITIONS;

/** Waits until b owns every partition, recording whether a partition was ever owned by both meanwhile. */
async function untilSurvivorOwnsAll(a: Replica, b: Replica, aOwned: readonly number[]): Promise<boolean> {
  let overlap = false;
  await until(
    'b owns everything',
    () => {
      for (const p of aOwned) if (b.manager.owns(p) && a.manager.owns(p)) overlap = true;
      return owned(b) === PARTITIONS;
    },
    20_000,
    10,
  );
  return overlap;
}

async function stopAll(...replicas: Replica[]): Promise<void> {
  for (const r of replicas) await r.manager.stop();
}

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
    await until('a owns everything', () => owned(a) === PARTITIONS);
    const b = await replica(prefix, 'b', log);
    const joinedAt = performance.now();
    b.manager.start();
    await until('b took over its share despite a stuck hand-off', () => owned(b) === PARTITIONS / 2);
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
    await stopAll(a, b); // a's hung hand-offs are bounded too
  });

  test('two replicas split the partitions and never own one at the same time', async () => {
    const { a, b } = await startPair();
    await until(
      'every partition owned by exactly one replica, both replicas owning some',
      () =>
        allPartitions.every((p) => [a.manager.owns(p), b.manager.owns(p)].filter(Boolean).length === 1) &&
        owned(a) > 0 &&
        owned(b) > 0,
    );
    // Sample ownership for a few ticks: never two owners.
    for (let i = 0; i < 40; i++) {
      for (const p of allPartitions)
        assert.ok(!(a.manager.owns(p) && b.manager.owns(p)), `partition ${p} owned twice`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await stopAll(a, b);
  });

  test('in a steady state members and leases come from one watch: no key listing per tick, no read per beat or tick', async () => {
    const { a, b } = await startPair();
    await until('both replicas own their share', () => split(a, b));
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
    await stopAll(a, b);
  });

  test('with a 60 s TTL (a tick every 30 s) a member joining or leaving re-plans at once, not a tick later', async () => {
    const prefix = `lease${randomBytes(3).toString('hex')}`;
    const log: string[] = [];
    const a = await replica(prefix, 'a', log, undefined, 60_000);
    a.manager.start();
    await until('a alone owns everything', () => owned(a) === PARTITIONS);
    const b = await replica(prefix, 'b', log, undefined, 60_000);
    const joinedAt = Date.now();
    b.manager.start();
    await until('the two split the partitions', () => split(a, b), 10_000, 10);
    const splitMs = Date.now() - joinedAt;
    await b.manager.stop();
    const leftAt = Date.now();
    await until('a owns everything again', () => owned(a) === PARTITIONS, 10_000, 10);
    const backMs = Date.now() - leftAt;
    console.log(
      `tick ${a.manager.tickMs} ms: split ${splitMs} ms after the join, whole ${backMs} ms after the leave`,
    );
    assert.ok(splitMs < a.manager.tickMs / 3 && backMs < a.manager.tickMs / 3, 'neither waited for a tick');
    await stopAll(a);
  });

  test('graceful hand-off: a stopping replica drains before the survivor takes over, well before the TTL', async () => {
    const { a, b, log } = await startPair();
    await until('split', () => owned(a) + owned(b) === PARTITIONS);
    const aHad = a.manager.ownedPartitions();
    await a.manager.stop();
    await until('b owns everything', () => owned(b) === PARTITIONS);
    for (const p of aHad) {
      const released = log.indexOf(`a -${p}`);
      const taken = log.lastIndexOf(`b +${p}`);
      assert.ok(released >= 0 && taken > released, `partition ${p}: a released before b acquired`);
    }
    await b.manager.stop();
  });

  test('a crashed replica (connection gone, no hand-off) loses its partitions to the survivor after the TTL', async () => {
    const { a, b } = await startPair();
    await until('split', () => owned(a) > 0 && owned(b) > 0);
    // Crash: the connection dies without releasing anything.
    await a.bus.nc.close();
    const crashedAt = Date.now();
    await until('b owns everything', () => owned(b) === PARTITIONS, 30_000);
    const takeover = Date.now() - crashedAt;
    console.log(`takeover after crash: ${takeover} ms (lease TTL ${TTL} ms)`);
    assert.ok(takeover >= TTL * 0.5, 'not before the dead leases could expire');
    // The crashed replica, fenced by its own clock, no longer claims anything.
    await new Promise((r) => setTimeout(r, TTL));
    assert.deepEqual(a.manager.ownedPartitions(), []);
    await stopAll(a, b);
  });

  test('fast failover: with a 15 s lease TTL a crashed holder is taken over within the liveness bound, never while it may write', async () => {
    const ttl = 15_000;
    const { a, b } = await startPair(ttl);
    await until('split', () => split(a, b), 30_000);
    const aOwned = a.manager.ownedPartitions();
    await a.bus.nc.close();
    const crashedAt = Date.now();
    const overlap = await untilSurvivorOwnsAll(a, b, aOwned);
    const takeover = Date.now() - crashedAt;
    console.log(
      `takeover after crash: ${takeover} ms (lease TTL ${ttl} ms, liveness bound ${a.manager.livenessMs} ms)`,
    );
    assert.equal(overlap, false, 'both owned a partition at once');
    assert.ok(takeover < 5000, `takeover took ${takeover} ms`);
    await stopAll(a, b);
  });

  test('a holder that dies while the survivor is in a tick is taken over when that tick ends, not a tick later', async () => {
    const ttl = 15_000;
    const prefix = `lease${randomBytes(3).toString('hex')}`;
    const log: string[] = [];
    let onRenewal: (() => Promise<void>) | undefined;
    const isLeaseUpdate = (method: string, key: unknown) =>
      method === 'update' && typeof key === 'string' && key.includes('.partitions.');
    const a = await replica(prefix, 'a', log, undefined, ttl);
    const b = await replica(prefix, 'b', log, undefined, ttl, async (method, key) => {
      if (isLeaseUpdate(method, key)) await onRenewal?.();
    });
    a.manager.start();
    b.manager.start();
    await until('split', () => split(a, b), 30_000);
    const aOwned = a.manager.ownedPartitions();
    let crashedAt = 0;
    // b's next renewal: a crashes then, and b's tick stays in that renewal past the liveness bound, so b judges
    // a dead (on a beat) while the tick that read a as alive is still running.
    onRenewal = async () => {
      onRenewal = undefined;
      await a.bus.nc.close();
      crashedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, b.manager.livenessMs + 1500));
    };
    try {
      const overlap = await untilSurvivorOwnsAll(a, b, aOwned);
      const takeover = Date.now() - crashedAt;
      console.log(
        `takeover after a crash during the survivor's tick: ${takeover} ms (tick every ${b.manager.tickMs} ms)`,
      );
      assert.equal(overlap, false, 'both owned a partition at once');
      // The held-up tick ends at liveness bound + 1.5 s; a tick later would be another tickMs (5 s) on top.
      assert.ok(takeover < b.manager.livenessMs + 1500 + 2000, `takeover took ${takeover} ms`);
    } finally {
      // Also on failure: running managers would keep the test process from exiting.
      await stopAll(a, b);
    }
  });

  test('a tick that fails is retried after a beat, not a whole tick later (ADR 5, amendment)', async () => {
    const ttl = 6_000;
    const prefix = `lease${randomBytes(3).toString('hex')}`;
    let refuseMembersUntil = 0;
    const renewals: number[] = [];
    const a = await replica(prefix, 'a', [], undefined, ttl, async (method, key) => {
      if (method !== 'update' || typeof key !== 'string') return;
      if (key.includes('.partitions.')) renewals.push(Date.now());
      else if (key.includes('.members.') && Date.now() < refuseMembersUntil)
        throw new Error('injected: the member write is refused');
    });
    a.manager.start();
    try {
      await until('a owns every partition', () => owned(a) === PARTITIONS, 30_000);
      const seen = renewals.length;
      await until('a renewal', () => renewals.length > seen, 20_000, 10);
      // Let that tick finish (on a loaded machine its renewals' replies can be slow) before the window opens, so
      // a renewal in the window can only come from a tick whose beat the window refused.
      await new Promise((r) => setTimeout(r, 250));
      // Refuse our member writes until just past the next tick: that tick fails at its beat, before renewing.
      const refusedFrom = Date.now();
      refuseMembersUntil = refusedFrom + a.manager.tickMs + 300;
      await until(
        'a renewal after the refusals',
        () => renewals.some((t) => t > refuseMembersUntil),
        20_000,
        10,
      );
      const during = renewals.filter((t) => t >= refusedFrom && t <= refuseMembersUntil);
      assert.deepEqual(during, [], 'the tick in the window failed before renewing');
      const next = renewals.find((t) => t > refuseMembersUntil) as number;
      console.log(
        `renewed ${next - refuseMembersUntil} ms after the refusals ended (beat ${a.manager.beatMs} ms, tick ${a.manager.tickMs} ms)`,
      );
      assert.ok(next - refuseMembersUntil < a.manager.tickMs / 2, 'retried after a beat, not a tick later');
      assert.deepEqual(a.lost, [], 'no lease lost');
      await until('a owns every partition again', () => owned(a) === PARTITIONS);
    } finally {
      await stopAll(a);
    }
  });

  test('a renewal whose reply was lost: the partition is taken back at the next tick, not after the TTL', async () => {
    const ttl = 15_000;
    const prefix = `lease${randomBytes(3).toString('hex')}`;
    const log: string[] = [];
    let loseReplyOf: string | undefined;
    let lostAt = 0;
    let real: Replica['kv'] | undefined;
    const a = await replica(prefix, 'a', log, undefined, ttl, async (method, key) => {
      if (method !== 'update' || typeof key !== 'string' || key !== loseReplyOf || real === undefined) return;
      loseReplyOf = undefined;
      // The renewal lands in the bucket, but its reply never reaches the replica.
      const entry = await real.get(key);
      if (entry === null) throw new Error(`no record at ${key}`);
      await real.update(key, entry.value, entry.revision);
      lostAt = Date.now();
      throw new Error('injected: the reply of this renewal was lost');
    });
    real = a.kv;
    a.manager.start();
    try {
      await until('a owns every partition', () => owned(a) === PARTITIONS, 30_000);
      loseReplyOf = 'sample.partitions.3';
      await until('the renewal of partition 3 lost its reply', () => lostAt > 0, a.manager.tickMs + 5_000);
      await until('partition 3 lost', () => a.lost.includes(3), 5_000);
      await until('a owns partition 3 again', () => a.manager.owns(3), ttl);
      const back = Date.now() - lostAt;
      console.log(
        `partition 3 owned again ${back} ms after the lost reply (tick ${a.manager.tickMs} ms, TTL ${ttl} ms)`,
      );
      // Waiting the record out would take the TTL: its last write was the renewal itself.
      assert.ok(back < a.manager.tickMs + 3_000, `taken back after ${back} ms`);
      assert.deepEqual(a.lost, [3], 'only the partition whose reply was lost');
      assert.equal(log.filter((l) => l === 'a +3').length, 2, 'acquired, then reclaimed');
      assert.equal(owned(a), PARTITIONS);
    } finally {
      await stopAll(a);
    }
  });

  test('a record still ours for a partition another member should own is deleted, not left to its TTL', async () => {
    const ttl = 20_000;
    const prefix = `lease${randomBytes(3).toString('hex')}`;
    const log: string[] = [];
    // A partition that b owns once it joins.
    const p = assignPartitions(['a', 'b'], PARTITIONS).get('b')?.[0] as number;
    const key = `sample.partitions.${p}`;
    let mode: 'pass' | 'lose-reply' | 'refuse' = 'pass';
    let lostAt = 0;
    let real: Replica['kv'] | undefined;
    const a = await replica(prefix, 'a', log, undefined, ttl, async (method, k) => {
      if (method !== 'update' || k !== key || mode === 'pass' || real === undefined) return;
      if (mode === 'refuse') throw new Error('injected: the bucket cannot be reached for this record');
      // The renewal lands in the bucket, but its reply never reaches a; a's attempts to take it back fail too.
      mode = 'refuse';
      const entry = await real.get(k);
      if (entry === null) throw new Error(`no record at ${k}`);
      await real.update(k, entry.value, entry.revision);
      lostAt = Date.now();
      throw new Error('injected: the reply of this renewal was lost');
    });
    real = a.kv;
    a.manager.start();
    let b: Replica | undefined;
    try {
      await until('a owns every partition', () => owned(a) === PARTITIONS, 30_000);
      mode = 'lose-reply';
      await until(`the renewal of partition ${p} lost its reply`, () => lostAt > 0, a.manager.tickMs + 5_000);
      await until(`partition ${p} lost`, () => a.lost.includes(p), 5_000);
      b = await replica(prefix, 'b', log, undefined, ttl);
      b.manager.start();
      const bb = b;
      await until(`b owns partition ${p}`, () => bb.manager.owns(p), ttl + 10_000);
      const after = Date.now() - lostAt;
      console.log(`partition ${p} owned by b ${after} ms after a's lost reply (TTL ${ttl} ms)`);
      // The record's last write was that renewal: waiting it out would take the TTL.
      assert.ok(after < ttl - 2_000, `b took it ${after} ms after the lost reply`);
      assert.equal(log.filter((l) => l === `a +${p}`).length, 1, 'a never took it back');
    } finally {
      await stopAll(a, ...(b === undefined ? [] : [b]));
    }
  });

  test('a write in a partition handed on leaves the member record after the bound; one held stays until seen', async () => {
    const prefix = `lease${randomBytes(3).toString('hex')}`;
    const rememberWritesMs = 1500;
    const a = await replica(prefix, 'a', [], undefined, TTL, undefined, undefined, undefined, {
      rememberWritesMs,
    });
    a.manager.start();
    let b: Replica | undefined;
    try {
      await until('a owns every partition', () => owned(a) === PARTITIONS, 30_000);
      // Written while a held every partition (a cache that never sees them: no `seen` here).
      for (const p of allPartitions) a.manager.noteWrite(p, 'Pod.', '12345');
      b = await replica(prefix, 'b', [], undefined, TTL);
      b.manager.start();
      const bb = b;
      await until('split', () => split(a, bb), 30_000);
      const kept = a.manager.ownedPartitions();
      const handedOn = allPartitions.filter((p) => !kept.includes(p));
      const carried = async () => {
        const entry = await a.kv.get('sample.members.a');
        const record = JSON.parse(new TextDecoder().decode(entry?.value)) as {
          rvs?: Record<string, unknown>;
        };
        return Object.keys(record.rvs ?? {})
          .map(Number)
          .sort((x, y) => x - y);
      };
      await eventually(
        'the writes of the partitions handed on dropped after the bound',
        async () => (await carried()).every((p) => kept.includes(p)),
        { timeoutMs: 10_000, intervalMs: 50 },
      );
      assert.deepEqual(await carried(), kept, 'the partitions still held keep theirs until seen');
      assert.ok(handedOn.length > 0);
    } finally {
      await stopAll(a, ...(b === undefined ? [] : [b]));
    }
  });

  test('a frozen holder is fenced out: it stops owning before the survivor owns, and finds itself fenced on thaw', async () => {
    const { a, b } = await startPair(15_000);
    await until('split', () => split(a, b), 30_000);
    const aOwned = a.manager.ownedPartitions();
    const thaw = a.freezer.freeze();
    assert.equal(await untilSurvivorOwnsAll(a, b, aOwned), false, 'both owned a partition at once');
    thaw();
    await until('a lost its partitions', () => aOwned.every((p) => a.lost.includes(p)), 10_000);
    assert.deepEqual(a.manager.ownedPartitions(), []);
    // It rejoined: the partitions split again, each owned by one replica only.
    await until('split again', () => owned(a) > 0, 30_000);
    for (const p of allPartitions)
      assert.ok(!(a.manager.owns(p) && b.manager.owns(p)), `partition ${p} owned twice`);
    await stopAll(a, b);
  });

  test('a successor inherits the deletes a frozen holder recorded as owed (persist) before freezing', async () => {
    const prefix = `lease${randomBytes(3).toString('hex')}`;
    const log: string[] = [];
    const owedByA = new Map<number, string[]>();
    const a = await replica(
      prefix,
      'a',
      log,
      undefined,
      15_000,
      undefined,
      undefined,
      (p) => owedByA.get(p) ?? [],
    );
    const b = await replica(prefix, 'b', log, undefined, 15_000);
    a.manager.start();
    b.manager.start();
    await until('split', () => split(a, b), 30_000);
    const aOwned = a.manager.ownedPartitions();
    const [first] = aOwned as [number];
    // Noted, made durable, then the first write would follow: the replica freezes in between.
    owedByA.set(first, ['ns/web/data-web-aaaaa', 'ns/web/data-web-bbbbb']);
    await a.manager.persist();
    const thaw = a.freezer.freeze();
    assert.equal(await untilSurvivorOwnsAll(a, b, aOwned), false, 'both owned a partition at once');
    assert.deepEqual(acquired.get(`b +${first}`)?.owed, ['ns/web/data-web-aaaaa', 'ns/web/data-web-bbbbb']);
    for (const p of aOwned.slice(1)) assert.deepEqual(acquired.get(`b +${p}`)?.owed, [], `partition ${p}`);
    thaw();
    await stopAll(a, b);
  });

  test('a lease record changed behind the holder (CAS conflict) is treated as lost, never overwritten', async () => {
    const prefix = `lease${randomBytes(3).toString('hex')}`;
    const log: string[] = [];
    const a = await replica(prefix, 'a', log);
    a.manager.start();
    await until('a owns all', () => owned(a) === PARTITIONS);
    await a.kv.put('sample.partitions.3', new TextEncoder().encode(JSON.stringify({ holder: 'intruder' })));
    await until('a lost partition 3', () => a.lost.includes(3), 10_000);
    assert.equal(a.manager.owns(3), false);
    const entry = await a.kv.get('sample.partitions.3');
    assert.equal(JSON.parse(new TextDecoder().decode(entry!.value)).holder, 'intruder');
    await a.manager.stop();
  });
});

describe('a lone idle replica rests between ticks (ADR 40)', () => {
  // Whether the replicas' controller has work (a reconcile queued or running).
  let busy = false;
  const idle = () => busy;
  const restingPair = async () => {
    busy = false;
    const prefix = `rest${randomBytes(3).toString('hex')}`;
    const log: string[] = [];
    const a = await replica(prefix, 'a', log, undefined, 15_000, undefined, idle);
    a.manager.start();
    await until(
      'a owns every partition and rests',
      () => owned(a) === PARTITIONS && a.manager.resting,
      30_000,
    );
    const b = await replica(prefix, 'b', log, undefined, 15_000, undefined, idle);
    return { a, b };
  };

  test('only its ticks rewrite its member key; its write fence lapses, and awake() beats before a write', async () => {
    const { a } = await restingPair();
    const memberUpdates = () => a.calls.filter((c) => c.startsWith('update sample.members.')).length;
    const before = memberUpdates();
    // A beat every 750 ms would be 10 rewrites in 7.5 s; resting leaves the one of the tick.
    await new Promise((r) => setTimeout(r, a.manager.tickMs));
    assert.ok(
      memberUpdates() - before <= 2,
      `member key rewritten ${memberUpdates() - before} times in a tick`,
    );
    await until('the write fence lapsed', () => !a.manager.owns(0), a.manager.livenessMs + 1_000);
    assert.equal(owned(a), PARTITIONS, 'a resting replica still reports its partitions');
    busy = true; // a reconcile starts: it wakes the replica before deciding anything
    await a.manager.awake();
    assert.ok(a.manager.owns(0), 'writes are allowed again after awake()');
    await new Promise((r) => setTimeout(r, a.manager.livenessMs));
    assert.ok(a.manager.owns(0) && !a.manager.resting, 'while busy it beats regularly');
    busy = false;
    await until('idle again, it rests', () => a.manager.resting, 5_000);
    assert.deepEqual(a.lost, []);
    await stopAll(a);
  });

  test('a member that joins wakes it at once: not fenced, the partitions split, never owned twice', async () => {
    const { a, b } = await restingPair();
    b.manager.start();
    let overlap = false;
    let aWoke = false;
    await until(
      'split',
      () => {
        if (!a.manager.resting) aWoke = true;
        for (const p of allPartitions) if (a.manager.owns(p) && b.manager.owns(p)) overlap = true;
        return split(a, b);
      },
      30_000,
      10,
    );
    assert.ok(aWoke, 'a beat regularly again once b appeared');
    assert.equal(overlap, false, 'a partition owned by both');
    assert.deepEqual(a.lost, [], 'a was not judged dead');
    // Two members: nobody rests (each judges the other by the bound).
    await new Promise((r) => setTimeout(r, a.manager.livenessMs));
    assert.equal(a.manager.resting || b.manager.resting, false);
    await stopAll(a, b);
  });

  test('one that cannot wake (frozen) is fenced by the joiner after the bound and never owns beside it', async () => {
    const { a, b } = await restingPair();
    const aOwned = a.manager.ownedPartitions();
    const thaw = a.freezer.freeze();
    b.manager.start();
    assert.equal(await untilSurvivorOwnsAll(a, b, aOwned), false, 'both owned a partition at once');
    thaw();
    await until('a lost its partitions', () => aOwned.every((p) => a.lost.includes(p)), 10_000);
    await until('split again', () => split(a, b), 30_000);
    for (const p of allPartitions)
      assert.ok(!(a.manager.owns(p) && b.manager.owns(p)), `partition ${p} owned twice`);
    await stopAll(a, b);
  });
});
