// The contract rule on a real nats-server: publishes carry the contract version and the publisher's build, and
// consumers (the object feed, the event worker) refuse a message two versions ahead instead of acting on it,
// while reading one version ahead and the unversioned history (contract 1).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { domainEvents } from '../../src/contracts.ts';
import {
  CONTRACT_VERSION,
  CONTRACT_VERSION_HEADER,
  type ContractRefusal,
  connectBus,
  declarePublisherBuild,
  ensureEventConsumer,
  ensureTopology,
  eventSubject,
  ObjectEventType,
  objectEventCodec,
  objectSubject,
  openObjectFeed,
  PUBLISHER_HEADER,
  publishObjectEvent,
  type ReceivedDomainEvent,
  startEventWorker,
} from '../../src/index.ts';
import { natsPerFile } from '../e2e-fixture.ts';
import { testBus, waitFor } from '../support.ts';

const nats = natsPerFile();

const kind = { group: 'apps.kruise.io', version: 'v1beta1', kind: 'CloneSet' };
const event = (name: string, rv: number) => ({
  kind,
  type: ObjectEventType.OBJECT_EVENT_TYPE_MODIFIED,
  namespace: 'team-a',
  name,
  uid: `uid-${name}`,
  resourceVersion: String(rv),
  object: new TextEncoder().encode(JSON.stringify({ metadata: { name } })),
});

describe('bus contract', () => {
  test('publishes carry the contract version, the build, and the connection is named after the build', async () => {
    declarePublisherBuild({ service: 'contract-test', version: '1.2.3' });
    const plain = await testBus(nats.url);
    const bus = await connectBus({ servers: nats.url, topology: plain.topology, publisherId: 'x' });
    try {
      await ensureTopology(bus);
      assert.deepEqual(bus.build, { service: 'contract-test', version: '1.2.3' });
      const { subject } = await publishObjectEvent(bus, event('web', 1));
      const stored = await bus.jsm.direct.getMessage(bus.topology.objects.stream, { last_by_subj: subject });
      assert.equal(stored?.header.get(CONTRACT_VERSION_HEADER), String(CONTRACT_VERSION));
      assert.equal(stored?.header.get(PUBLISHER_HEADER), 'contract-test/1.2.3');
    } finally {
      await bus.close();
      await plain.dispose();
    }
  });

  test('the object feed refuses a message two versions ahead and reads one ahead and unversioned ones', async () => {
    const bus = await testBus(nats.url);
    try {
      await ensureTopology(bus);
      const raw = async (name: string, rv: number, version: string | undefined) => {
        const h = natsHeaders();
        if (version !== undefined) h.set(CONTRACT_VERSION_HEADER, version);
        const subject = objectSubject(bus.topology, { ...kind, namespace: 'team-a', name });
        await bus.js.publish(subject, objectEventCodec.encode(event(name, rv)), { headers: h });
      };
      await raw('unversioned', 1, undefined);
      await raw('next', 1, String(CONTRACT_VERSION + 1));
      await raw('future', 1, String(CONTRACT_VERSION + 2));
      await raw('garbled', 1, 'v2');
      const seen: string[] = [];
      const refused: ContractRefusal[] = [];
      const feed = await openObjectFeed(bus, {
        partitions: [...Array(bus.topology.partitions).keys()],
        onEvent: ({ event: e }) => {
          seen.push(e.name);
        },
        onRefused: (r) => {
          refused.push(r);
        },
      });
      try {
        await feed.synced;
        await waitFor('all four handled', () => seen.length + refused.length === 4);
        assert.deepEqual(seen.sort(), ['next', 'unversioned']);
        assert.deepEqual(
          refused
            .map((r) => [r.key, r.subjectKind, r.stream, Number.isNaN(r.version) ? 'NaN' : r.version])
            .sort(),
          [
            ['team-a/future', 'CloneSet', 'objects', CONTRACT_VERSION + 2],
            ['team-a/garbled', 'CloneSet', 'objects', 'NaN'],
          ],
        );
        assert.match(refused.find((r) => r.key === 'team-a/future')?.reason ?? '', /outside 1\.\.3/);
      } finally {
        await feed.stop();
      }
    } finally {
      await bus.dispose();
    }
  });

  test('the event worker leaves an event two versions ahead unhandled and reports it', async () => {
    const bus = await testBus(nats.url);
    try {
      await ensureTopology(bus);
      await ensureEventConsumer(bus, { durable: 'contract', maxDeliver: 2 });
      const h = natsHeaders();
      h.set(CONTRACT_VERSION_HEADER, String(CONTRACT_VERSION + 2));
      const progress = {
        meta: { eventId: 'e1' },
        workload: { kind, namespace: 'team-a', name: 'web' },
      };
      await bus.js.publish(
        eventSubject(bus.topology, 'RolloutProgress', { namespace: 'team-a', name: 'web' }),
        domainEvents.RolloutProgress.codec.encode(progress),
        { headers: h },
      );
      const handled: ReceivedDomainEvent[] = [];
      const refused: ContractRefusal[] = [];
      const worker = await startEventWorker(bus, {
        durable: 'contract',
        retryDelayMs: 50,
        handler: (e) => {
          handled.push(e);
        },
        onRefused: (r) => refused.push(r),
      });
      try {
        await waitFor('the refusal', () => refused.length > 0);
        assert.equal(refused[0]?.subjectKind, 'RolloutProgress');
        assert.equal(refused[0]?.key, 'team-a/web');
        assert.equal(handled.length, 0);
      } finally {
        await worker.stop();
      }
    } finally {
      await bus.dispose();
    }
  });
});
