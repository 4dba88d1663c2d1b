// Our partition function against nats-server's own partition() subject-mapping transform: a stream whose
// subject transform maps `<p>.pt.<namespace>` to `<p>.ptout.{{partition(16,1)}}.{{partition(7,1)}}...`
// (the same SubjectTransform code the server uses for account mappings) stores each message under the
// partitions the server computed, which must equal ours for every namespace.
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { test } from 'node:test';
import { DeliverPolicy, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { partitionOf } from '../../src/index.ts';
import { natsPerFile } from '../e2e-fixture.ts';
import { partitionVectors } from '../partition-vectors.ts';
import { testBus } from '../support.ts';

const nats = natsPerFile();

const counts = [16, 7, 1000, 1] as const;

/** A random DNS-1123 label, like a Kubernetes namespace. */
function randomNamespace(): string {
  const alnum = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const inner = `${alnum}-`;
  const length = randomInt(1, 64);
  let ns = alnum[randomInt(26)]!;
  for (let i = 1; i < length; i++)
    ns += (i === length - 1 ? alnum : inner)[randomInt(i === length - 1 ? 36 : 37)];
  return ns;
}

test("partitionOf agrees with nats-server's partition() mapping for vectors and 200 random namespaces", async () => {
  const bus = await testBus(nats.url);
  const stream = `${bus.topology.prefix.toUpperCase()}_PARTITION_CHECK`;
  try {
    const src = `${bus.topology.prefix}.pt`;
    const dest = `${bus.topology.prefix}.ptout`;
    await bus.jsm.streams.add({
      name: stream,
      subjects: [`${src}.*`],
      retention: RetentionPolicy.Limits,
      storage: StorageType.Memory,
      subject_transform: {
        src: `${src}.*`,
        dest: `${dest}.${counts.map((n) => `{{partition(${n},1)}}`).join('.')}.{{wildcard(1)}}`,
      },
    });

    const namespaces = [
      ...partitionVectors.map((v) => v.namespace).filter((ns) => ns !== ''),
      ...Array.from({ length: 200 }, randomNamespace),
    ];
    for (const ns of namespaces) await bus.js.publish(`${src}.${ns}`, new Uint8Array());

    const consumer = await bus.js.consumers.get(stream, { deliver_policy: DeliverPolicy.All });
    const serverSays = new Map<string, number[]>();
    for (let i = 0; i < namespaces.length; i++) {
      const m = await consumer.next({ expires: 5_000 });
      assert.ok(m, `message ${i + 1} of ${namespaces.length} arrived`);
      const tokens = m.subject.split('.');
      assert.equal(tokens.slice(0, 2).join('.'), dest, m.subject);
      serverSays.set(tokens[2 + counts.length]!, tokens.slice(2, 2 + counts.length).map(Number));
    }
    assert.equal(serverSays.size, new Set(namespaces).size);

    const disagreements = [...serverSays].filter(([ns, server]) =>
      counts.some((n, i) => partitionOf(ns, n) !== server[i]),
    );
    assert.deepEqual(disagreements, []);
    // The vectors in the unit tests are the server's numbers too.
    for (const v of partitionVectors.filter((v) => v.namespace !== '')) {
      assert.deepEqual(serverSays.get(v.namespace)?.slice(0, 3), [v.p16, v.p7, v.p1000], v.namespace);
    }
  } finally {
    await bus.jsm.streams.delete(stream).catch(() => {});
    await bus.dispose();
  }
});
