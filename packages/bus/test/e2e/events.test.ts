// Domain events: published once per event id, consumed through a durable work consumer shared by replicas,
// redelivered with back-off when the handler fails, typed by subject, traced, and stopped cleanly.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ROOT_CONTEXT, TraceFlags, trace } from '@opentelemetry/api';
import {
  ensureEventConsumer,
  lastDomainEvent,
  partitionOf,
  publishDomainEvent,
  type ReceivedDomainEvent,
  RolloutPhase,
  startEventWorker,
} from '../../src/index.ts';
import { busPerTest, natsPerFile } from '../e2e-fixture.ts';
import { waitFor, withTimeout } from '../support.ts';

const nats = natsPerFile();
const withBus = busPerTest(nats);

const workload = (namespace: string, name: string) => ({
  kind: { group: 'apps.kruise.io', version: 'v1beta1', kind: 'CloneSet' },
  namespace,
  name,
  uid: `uid-${name}`,
});

function progress(namespace: string, name: string, generation: number, updated: number) {
  return {
    meta: { eventId: `uid-${name}:${generation}:${updated}` },
    workload: workload(namespace, name),
    generation,
    replicas: 3,
    updatedReplicas: updated,
    phase: updated === 3 ? RolloutPhase.ROLLOUT_PHASE_COMPLETE : RolloutPhase.ROLLOUT_PHASE_PROGRESSING,
  };
}

describe('domain events', () => {
  test('the durable consumer is declared idempotently and updated in place', () =>
    withBus(async (bus) => {
      assert.equal(await ensureEventConsumer(bus, { durable: 'svc' }), 'created');
      assert.equal(await ensureEventConsumer(bus, { durable: 'svc' }), 'unchanged');
      assert.equal(
        await ensureEventConsumer(bus, { durable: 'svc', ackWaitMs: 5_000, types: ['RolloutProgress'] }),
        'updated',
      );
      assert.equal(
        await ensureEventConsumer(bus, { durable: 'svc', ackWaitMs: 5_000, types: ['RolloutProgress'] }),
        'unchanged',
      );
      const info = await bus.jsm.consumers.info(bus.topology.events.stream, 'svc');
      assert.equal(info.config.ack_wait, 5_000_000_000);
      const multi = {
        durable: 'multi',
        types: ['RolloutProgress', 'RevisionCreated'] as const,
        partitions: [1, 2],
      };
      assert.equal(await ensureEventConsumer(bus, multi), 'created');
      assert.equal(await ensureEventConsumer(bus, multi), 'unchanged');
    }));

  test('events arrive typed, once per event id, with their subject, partition and trace context', () =>
    withBus(async (bus) => {
      await ensureEventConsumer(bus, { durable: 'rollouts', ackWaitMs: 5_000 });
      const parent = trace.setSpanContext(ROOT_CONTEXT, {
        traceId: '11111111111111111111111111111111',
        spanId: '2222222222222222',
        traceFlags: TraceFlags.SAMPLED,
      });
      const first = await publishDomainEvent(bus, 'RolloutProgress', progress('prod', 'web', 4, 1), {
        context: parent,
      });
      const again = await publishDomainEvent(bus, 'RolloutProgress', progress('prod', 'web', 4, 1));
      assert.equal(again.duplicate, true);
      assert.equal(
        first.subject,
        `${bus.topology.prefix}.events.RolloutProgress.${partitionOf('prod', 8)}.prod.web`,
      );
      await publishDomainEvent(bus, 'CertificateRotated', {
        meta: { eventId: 'serial-9' },
        secret: { namespace: 'kruise-system', name: 'kruise-webhook-certs' },
        serialNumber: '09',
      });
      await publishDomainEvent(bus, 'RevisionCreated', {
        meta: { eventId: 'rev-uid' },
        owner: workload('prod', 'web'),
        revision: { namespace: 'prod', name: 'web-5d8b', uid: 'rev-uid' },
        revisionNumber: 5,
        hash: '5d8b',
      });

      const received: ReceivedDomainEvent[] = [];
      const worker = await startEventWorker(bus, {
        durable: 'rollouts',
        handler: (e) => void received.push(e),
      });
      await waitFor('three events', () => received.length >= 3);
      await worker.stop();
      assert.deepEqual(
        received.map((e) => e.type),
        ['RolloutProgress', 'CertificateRotated', 'RevisionCreated'],
      );
      const [rollout, cert, revision] = received;
      assert.ok(rollout?.type === 'RolloutProgress');
      assert.equal(rollout.event.updatedReplicas, 1);
      assert.equal(rollout.event.meta?.publisherId, `test/${bus.topology.prefix}`);
      assert.equal(rollout.deliveryCount, 1);
      assert.equal(trace.getSpanContext(rollout.context)?.traceId, '11111111111111111111111111111111');
      assert.ok(cert?.type === 'CertificateRotated');
      assert.equal(cert.event.serialNumber, '09');
      assert.ok(revision?.type === 'RevisionCreated');
      assert.equal(revision.event.revisionNumber, 5);
      const info = await bus.jsm.consumers.info(bus.topology.events.stream, 'rollouts');
      assert.equal(info.num_pending + info.num_ack_pending, 0, 'all acked');
      await assert.rejects(
        publishDomainEvent(bus, 'RolloutProgress', { ...progress('a', 'b', 1, 1), meta: {} }),
        /meta\.eventId is required/,
      );
    }));

  test('a failing handler gets the event again after a back-off', () =>
    withBus(async (bus) => {
      await ensureEventConsumer(bus, { durable: 'retry', ackWaitMs: 10_000 });
      await publishDomainEvent(bus, 'RolloutProgress', progress('dev', 'api', 1, 0));
      const deliveries: Array<{ count: number; at: number }> = [];
      const errors: Error[] = [];
      const worker = await startEventWorker(bus, {
        durable: 'retry',
        retryDelayMs: 300,
        onError: (e) => errors.push(e),
        handler: (e) => {
          deliveries.push({ count: e.deliveryCount, at: Date.now() });
          if (e.deliveryCount < 3) throw new Error('apiserver unavailable');
        },
      });
      await waitFor('three deliveries', () => deliveries.length >= 3);
      await worker.stop();
      assert.deepEqual(
        deliveries.map((d) => d.count),
        [1, 2, 3],
      );
      assert.ok(deliveries[1]!.at - deliveries[0]!.at >= 250, 'first retry waited ~300 ms');
      assert.ok(deliveries[2]!.at - deliveries[1]!.at >= 550, 'second retry waited ~600 ms');
      assert.equal(errors.length, 2);
      assert.match((errors[0]!.cause as Error).message, /apiserver unavailable/);
    }));

  test('two replicas share a durable consumer: each event is handled once', () =>
    withBus(async (bus) => {
      await ensureEventConsumer(bus, { durable: 'shared' });
      const handledBy = new Map<string, string[]>();
      const record = (replica: string) => (e: ReceivedDomainEvent) => {
        const id = e.event.meta?.eventId ?? '';
        handledBy.set(id, [...(handledBy.get(id) ?? []), replica]);
      };
      const a = await startEventWorker(bus, { durable: 'shared', bufferMessages: 1, handler: record('a') });
      const b = await startEventWorker(bus, { durable: 'shared', bufferMessages: 1, handler: record('b') });
      for (let i = 0; i < 20; i++)
        await publishDomainEvent(bus, 'RolloutProgress', progress(`ns-${i}`, 'w', 1, i));
      await waitFor('20 events', () => handledBy.size === 20);
      await Promise.all([a.stop(), b.stop()]);
      assert.ok([...handledBy.values()].every((replicas) => replicas.length === 1));
    }));

  test('stop() finishes the event in hand, then delivers nothing more; later events wait on the server', () =>
    withBus(async (bus) => {
      await ensureEventConsumer(bus, { durable: 'stopper', ackWaitMs: 30_000 });
      await publishDomainEvent(bus, 'RolloutProgress', progress('s', 'one', 1, 1));
      let release!: () => void;
      const gate = new Promise<void>((r) => {
        release = r;
      });
      const handled: string[] = [];
      let inHand = false;
      const worker = await startEventWorker(bus, {
        durable: 'stopper',
        handler: async (e) => {
          inHand = true;
          await gate;
          handled.push(e.event.meta?.eventId ?? '');
        },
      });
      // Delivered to the client is not yet in hand: a message still buffered when stop() comes is dropped.
      await waitFor('the event in hand', async () => inHand);
      const stopping = worker.stop();
      release();
      await withTimeout(stopping, 5_000, 'stop');
      await withTimeout(worker.done, 5_000, 'done');
      assert.deepEqual(handled, ['uid-one:1:1']);

      await publishDomainEvent(bus, 'RolloutProgress', progress('s', 'two', 1, 1));
      await new Promise((r) => setTimeout(r, 300));
      assert.deepEqual(handled, ['uid-one:1:1']);
      const info = await bus.jsm.consumers.info(bus.topology.events.stream, 'stopper');
      assert.equal(info.num_pending, 1, 'the later event is kept for the next worker');
      assert.equal(info.num_ack_pending, 0, 'the handled event was acked');
    }));

  test('a worker for a missing consumer fails with the cause', () =>
    withBus(async (bus) => {
      await assert.rejects(
        startEventWorker(bus, { durable: 'nope', handler: () => {} }),
        (err: Error) => /cannot consume nope/.test(err.message) && err.cause !== undefined,
      );
    }));
  test("the newest event about an object is read back with its publisher's trace context", () =>
    withBus(async (bus) => {
      assert.equal(
        await lastDomainEvent(bus, 'RolloutProgress', { namespace: 'prod', name: 'api' }),
        undefined,
      );
      const span = (id: string) =>
        trace.setSpanContext(ROOT_CONTEXT, {
          traceId: '33333333333333333333333333333333',
          spanId: id,
          traceFlags: TraceFlags.SAMPLED,
        });
      await publishDomainEvent(bus, 'RolloutProgress', progress('prod', 'api', 7, 1), {
        context: span('4444444444444444'),
      });
      await publishDomainEvent(bus, 'RolloutProgress', progress('prod', 'api', 7, 2), {
        context: span('5555555555555555'),
      });
      await publishDomainEvent(bus, 'RolloutProgress', progress('prod', 'other', 9, 3));
      const last = await lastDomainEvent(bus, 'RolloutProgress', { namespace: 'prod', name: 'api' });
      assert.equal(last?.event.generation, 7);
      assert.equal(last?.event.updatedReplicas, 2, 'the newest one');
      const remote = last === undefined ? undefined : trace.getSpanContext(last.context);
      assert.equal(remote?.traceId, '33333333333333333333333333333333');
      assert.equal(remote?.spanId, '5555555555555555');
      assert.equal(remote?.isRemote, true);
    }));
});
