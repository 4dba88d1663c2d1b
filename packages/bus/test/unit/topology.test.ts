import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { objectStorageFromEnv, topology } from '../../src/index.ts';

describe('topology', () => {
  test('names derive from the prefix', () => {
    const t = topology({ prefix: 'e2e-x1', partitions: 4 });
    assert.equal(t.objects.stream, 'E2E_X1_OBJECTS');
    assert.equal(t.events.stream, 'E2E_X1_EVENTS');
    assert.equal(t.leases.bucket, 'e2e_x1_leases');
    assert.equal(t.leases.stream, 'KV_e2e_x1_leases');
    assert.deepEqual(t.objects.config.subjects, ['e2e-x1.objects.>']);
    assert.deepEqual(t.events.config.subjects, ['e2e-x1.events.>']);
  });

  test('the object stream is a last-value cache with de-duplication', () => {
    const { config } = topology({ partitions: 8 }).objects;
    assert.equal(config.max_msgs_per_subject, 1);
    assert.equal(config.retention, RetentionPolicy.Limits);
    assert.equal(config.duplicate_window, nanos(120_000));
    assert.equal(config.allow_msg_ttl, true);
  });

  test('the object stream is kept in memory unless file storage is chosen', () => {
    assert.equal(topology({ partitions: 1 }).objects.config.storage, StorageType.Memory);
    assert.equal(topology({ partitions: 1, objectStorage: 'file' }).objects.config.storage, StorageType.File);
    // The domain events are a log, not a cache: always on disk.
    assert.equal(topology({ partitions: 1 }).events.config.storage, StorageType.File);
  });

  test('KRUISE_TS_OBJECT_STORAGE chooses it for the whole installation', () => {
    assert.equal(objectStorageFromEnv({}), 'memory');
    assert.equal(objectStorageFromEnv({ KRUISE_TS_OBJECT_STORAGE: ' ' }), 'memory');
    assert.equal(objectStorageFromEnv({ KRUISE_TS_OBJECT_STORAGE: 'file' }), 'file');
    assert.throws(
      () => objectStorageFromEnv({ KRUISE_TS_OBJECT_STORAGE: 'disk' }),
      /KRUISE_TS_OBJECT_STORAGE must be 'memory' or 'file', got 'disk'/,
    );
  });

  test('rejects a prefix that is not one token and a bad partition count', () => {
    assert.throws(() => topology({ prefix: 'a.b', partitions: 1 }), /prefix/);
    assert.throws(() => topology({ partitions: 0 }), /partitions/);
    assert.throws(() => topology({ partitions: 1.5 }), /partitions/);
  });
});
