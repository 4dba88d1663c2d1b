// Streams and the lease bucket are declared as code: creating is idempotent, a matching config is kept,
// a changed one is updated in place, and one the server cannot change in place is refused.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { StorageType } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import {
  connectBus,
  ensureBusSettings,
  ensureKv,
  ensureStream,
  ensureTopology,
  topology,
  withoutDowngrade,
  withStoredLeaseTtl,
} from '../../src/index.ts';
import { natsPerFile } from '../e2e-fixture.ts';
import { testBus } from '../support.ts';

const nats = natsPerFile();

describe('declaring the bus', () => {
  test('ensureTopology creates everything once, then keeps it unchanged', async () => {
    const bus = await testBus(nats.url, { leaseTtlMs: 15_000 });
    try {
      const first = await ensureTopology(bus);
      assert.deepEqual(
        { objects: first.objects, events: first.events, leases: first.leases },
        { objects: 'created', events: 'created', leases: 'created' },
      );
      assert.equal(first.settings.leaseTtlMs, 15_000);
      assert.equal(first.settings.partitions, 8);
      const again = await ensureTopology(bus);
      assert.deepEqual(
        { objects: again.objects, events: again.events, leases: again.leases },
        { objects: 'unchanged', events: 'unchanged', leases: 'unchanged' },
      );

      const objects = await bus.jsm.streams.info(bus.topology.objects.stream);
      assert.deepEqual(objects.config.subjects, [`${bus.topology.prefix}.objects.>`]);
      assert.equal(objects.config.max_msgs_per_subject, 1);
      assert.equal(objects.config.duplicate_window, nanos(120_000));
      assert.equal(objects.config.allow_msg_ttl, true);

      const leases = await bus.jsm.streams.info(bus.topology.leases.stream);
      assert.equal(leases.config.max_msgs_per_subject, 1);
      assert.equal(leases.config.max_age, nanos(15_000));
      assert.deepEqual(leases.config.subjects, [`$KV.${bus.topology.leases.bucket}.>`]);
      assert.equal(leases.config.storage, StorageType.Memory, 'leases are kept in memory');
    } finally {
      await bus.dispose();
    }
  });

  test('a lease bucket that already exists on file storage is kept as it is', async () => {
    const bus = await testBus(nats.url, { leaseTtlMs: 15_000 });
    try {
      // As an earlier release created it.
      assert.equal(await ensureKv(bus, { ...bus.topology.leases, storage: StorageType.File }), 'created');
      const result = await ensureTopology(bus);
      assert.equal(result.leases, 'unchanged');
      const leases = await bus.jsm.streams.info(bus.topology.leases.stream);
      assert.equal(leases.config.storage, StorageType.File);
    } finally {
      await bus.dispose();
    }
  });

  test('concurrent declarations from several replicas all succeed', async () => {
    const bus = await testBus(nats.url, { leaseTtlMs: 15_000 });
    try {
      const results = await Promise.all([ensureTopology(bus), ensureTopology(bus), ensureTopology(bus)]);
      for (const part of ['objects', 'events', 'leases'] as const) {
        assert.ok(
          results.some((r) => r[part] === 'created'),
          `${part} created by one of them`,
        );
      }
      const again = await ensureTopology(bus);
      assert.deepEqual(
        { objects: again.objects, events: again.events, leases: again.leases },
        { objects: 'unchanged', events: 'unchanged', leases: 'unchanged' },
      );
    } finally {
      await bus.dispose();
    }
  });

  test('a changed stream setting is updated in place, keeping the data; the lease TTL is never rewritten', async () => {
    const bus = await testBus(nats.url, { leaseTtlMs: 15_000 });
    try {
      await ensureTopology(bus);
      await bus.js.publish(`${bus.topology.objects.subjectRoot}.Pod._.0.a.b`, new Uint8Array([1]));
      const changed = topology({
        prefix: bus.topology.prefix,
        partitions: 8,
        duplicateWindowMs: 30_000,
        leaseTtlMs: 5_000,
      });
      assert.equal(await ensureStream(bus.jsm, changed.objects.config), 'updated');
      await assert.rejects(ensureKv(bus, changed.leases), /refusing to rewrite them/);
      const info = await bus.jsm.streams.info(changed.objects.stream);
      assert.equal(info.config.duplicate_window, nanos(30_000));
      assert.equal(info.state.messages, 1);
      assert.equal((await bus.jsm.streams.info(changed.leases.stream)).config.max_age, nanos(15_000));
      assert.equal(await ensureStream(bus.jsm, changed.objects.config), 'unchanged');
    } finally {
      await bus.dispose();
    }
  });

  test('settings the server has and we do not declare are left alone', async () => {
    const bus = await testBus(nats.url);
    try {
      await ensureTopology(bus);
      const { config } = await bus.jsm.streams.info(bus.topology.events.stream);
      await bus.jsm.streams.update(config.name, { ...config, max_bytes: 1 << 30 });
      assert.equal(await ensureStream(bus.jsm, bus.topology.events.config), 'unchanged');
      assert.equal((await bus.jsm.streams.info(config.name)).config.max_bytes, 1 << 30);
    } finally {
      await bus.dispose();
    }
  });

  test('a storage change is refused rather than recreating the cache', async () => {
    const bus = await testBus(nats.url);
    try {
      await ensureTopology(bus);
      const file = { ...bus.topology.objects.config, storage: StorageType.File };
      await assert.rejects(
        ensureStream(bus.jsm, file),
        /cannot be changed in place \(storage: memory on the server, file declared\)/,
      );
    } finally {
      await bus.dispose();
    }
  });

  test('the object stream keeps the storage its creator chose; a process declaring another starts beside it', async () => {
    const bus = await testBus(nats.url, { leaseTtlMs: 15_000 });
    try {
      // An installation that chose file storage (or a build from before memory was the default), then this
      // build (memory storage) declaring everything.
      const file = { ...bus.topology.objects.config, storage: StorageType.File };
      assert.equal(await ensureStream(bus.jsm, file), 'created');
      const declared = await ensureTopology(bus);
      assert.equal(declared.objects, 'unchanged');
      const { config } = await bus.jsm.streams.info(bus.topology.objects.stream);
      assert.equal(config.storage, StorageType.File);
      // The other settings are still declared: a changed one is updated in place, storage left alone.
      await bus.jsm.streams.update(config.name, { ...config, allow_direct: false });
      assert.equal(
        await ensureStream(bus.jsm, bus.topology.objects.config, { onCreateOnly: ['storage'] }),
        'updated',
      );
      const after = (await bus.jsm.streams.info(config.name)).config;
      assert.deepEqual([after.storage, after.allow_direct], [StorageType.File, true]);
    } finally {
      await bus.dispose();
    }
  });

  test('cluster-wide settings live once in the bus: a conflicting process refuses to start', async () => {
    const controller = await testBus(nats.url, { leaseTtlMs: 60_000 });
    const prefix = controller.topology.prefix;
    const others: { dispose(): Promise<void> }[] = [];
    try {
      // webhook-server and cert-manager hold no lease: they declare no TTL and adopt the stored one.
      const webhook = await testBus(nats.url, { prefix });
      others.push(webhook);
      const first = await ensureTopology(webhook);
      assert.equal(first.leases, 'skipped');
      assert.equal(first.settings.leaseTtlMs, undefined);

      assert.equal((await ensureTopology(controller)).leases, 'created');
      assert.equal(
        (await controller.jsm.streams.info(controller.topology.leases.stream)).config.max_age,
        nanos(60_000),
      );

      // The webhook restarting later declares nothing and changes nothing.
      assert.equal((await ensureTopology(webhook)).settings.leaseTtlMs, 60_000);
      assert.equal(
        (await controller.jsm.streams.info(controller.topology.leases.stream)).config.max_age,
        nanos(60_000),
      );

      // A controller started with another TTL, or a watcher with another partition count, refuses to start.
      const short = await testBus(nats.url, { prefix, leaseTtlMs: 15_000 });
      others.push(short);
      await assert.rejects(ensureTopology(short), (err: Error) => {
        assert.equal(err.name, 'BusSettingsConflictError');
        assert.match(
          err.message,
          /lease TTL \(ms\): 60000 stored in the bus \(by test\/[^)]+\), 15000 declared/,
        );
        return true;
      });
      const partitions = await testBus(nats.url, { prefix, partitions: 4 });
      others.push(partitions);
      await assert.rejects(ensureBusSettings(partitions), /partition count: 8 stored in the bus.*4 declared/);
      assert.equal(
        (await controller.jsm.streams.info(controller.topology.leases.stream)).config.max_age,
        nanos(60_000),
      );
    } finally {
      for (const other of others) await other.dispose().catch(() => {});
      await controller.dispose();
    }
  });

  test("a lease holder given no TTL stores the default on a new bus and adopts an older install's", async () => {
    const fresh = await testBus(nats.url, { proposedLeaseTtlMs: 60_000 });
    const installed = await testBus(nats.url, { leaseTtlMs: 15_000 });
    const others: { dispose(): Promise<void> }[] = [];
    try {
      const created = await ensureTopology(fresh);
      assert.equal(created.settings.leaseTtlMs, 60_000);
      assert.equal(withStoredLeaseTtl(fresh.topology, created.settings).leases.ttlMs, 60_000);

      // A bus an older build created (it always declared its 15 s default): a newer one joins it unchanged.
      await ensureTopology(installed);
      const joiner = await testBus(nats.url, {
        prefix: installed.topology.prefix,
        proposedLeaseTtlMs: 60_000,
      });
      others.push(joiner);
      const joined = await ensureTopology(joiner);
      assert.equal(joined.settings.leaseTtlMs, 15_000);
      assert.equal(withStoredLeaseTtl(joiner.topology, joined.settings).leases.ttlMs, 15_000);
      assert.equal(
        (await joiner.jsm.streams.info(joiner.topology.leases.stream)).config.max_age,
        nanos(15_000),
      );
    } finally {
      for (const other of others) await other.dispose().catch(() => {});
      await installed.dispose();
      await fresh.dispose();
    }
  });

  test('a stream is never reconfigured downwards (replicas)', () => {
    assert.deepEqual(withoutDowngrade({ num_replicas: 1, max_age: 5 }, { num_replicas: 3 }), {
      num_replicas: 3,
      max_age: 5,
    });
    assert.deepEqual(withoutDowngrade({ num_replicas: 3 }, { num_replicas: 1 }), { num_replicas: 3 });
  });

  test('connecting to nothing fails with the cause', async () => {
    await assert.rejects(
      connectBus({ servers: 'nats://127.0.0.1:1', topology: topology({ partitions: 1 }), publisherId: 'x' }),
      (err: Error) => /cannot connect to NATS/.test(err.message) && err.cause !== undefined,
    );
  });
});
