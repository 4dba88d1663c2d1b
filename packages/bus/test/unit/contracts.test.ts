import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import protobuf from 'protobufjs';
import {
  CertificateRotationReason,
  decodeDomainEvent,
  domainEvents,
  fromTimestamp,
  ObjectEventType,
  objectEventCodec,
  objectEventMsgId,
  objectOf,
  RolloutPhase,
  toTimestamp,
} from '../../src/index.ts';

const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-0', namespace: 'default', uid: 'u-1' } };

describe('ObjectEvent codec', () => {
  test('round-trips every field, int64 as number', () => {
    const bytes = objectEventCodec.encode({
      kind: { group: '', version: 'v1', kind: 'Pod' },
      type: ObjectEventType.OBJECT_EVENT_TYPE_MODIFIED,
      namespace: 'default',
      name: 'web-0',
      uid: 'u-1',
      resourceVersion: '42',
      generation: 2 ** 40,
      controllerUid: 'owner-1',
      labels: { app: 'web' },
      object: new TextEncoder().encode(JSON.stringify(pod)),
      partition: 0,
      observedAt: toTimestamp(new Date('2025-01-02T03:04:05.678Z')),
      publisherId: 'watcher/0',
    });
    const event = objectEventCodec.decode(bytes);
    assert.equal(objectEventCodec.typeName, 'kruise.bus.v1.ObjectEvent');
    assert.deepEqual(event.kind, { group: '', version: 'v1', kind: 'Pod' });
    assert.equal(event.type, ObjectEventType.OBJECT_EVENT_TYPE_MODIFIED);
    assert.equal(event.generation, 2 ** 40);
    assert.equal(typeof event.generation, 'number');
    assert.equal(event.partition, 0, 'an explicit partition 0 survives');
    assert.deepEqual(event.labels, { app: 'web' });
    assert.deepEqual(objectOf(event), pod);
    assert.equal(fromTimestamp(event.observedAt)?.toISOString(), '2025-01-02T03:04:05.678Z');
  });

  test('missing fields decode as proto3 zero values; an unset partition stays unset', () => {
    const event = objectEventCodec.decode(objectEventCodec.encode({ name: 'only-a-name' }));
    assert.equal(event.name, 'only-a-name');
    assert.equal(event.namespace, '');
    assert.equal(event.generation, 0);
    assert.equal(event.type, ObjectEventType.OBJECT_EVENT_TYPE_UNSPECIFIED);
    assert.deepEqual(event.labels, {});
    assert.equal(event.kind, null);
    assert.equal(event.partition, undefined);
    assert.equal(objectOf(event), undefined);
  });

  test('tolerates a newer publisher: unknown fields and enum values', () => {
    // A future ObjectEvent with a field and an event type this build has never heard of.
    const future = protobuf
      .parse(`
      syntax = "proto3";
      package kruise.bus.v1;
      message ObjectEvent {
        int32 type = 2;
        string name = 4;
        string uid = 5;
        repeated string finalizers_seen = 99;
        Extra extra = 100;
      }
      message Extra { string note = 1; }
    `)
      .root.lookupType('kruise.bus.v1.ObjectEvent');
    const bytes = future
      .encode(
        future.fromObject({
          type: 17,
          name: 'n',
          uid: 'u',
          finalizersSeen: ['a', 'b'],
          extra: { note: 'x' },
        }),
      )
      .finish();
    const event = objectEventCodec.decode(bytes);
    assert.equal(event.name, 'n');
    assert.equal(event.uid, 'u');
    assert.equal(event.type, 17, 'an unknown enum value is kept as its number');
  });

  test('refuses to encode a value of the wrong type', () => {
    assert.throws(
      () => objectEventCodec.encode({ name: 7 as unknown as string }),
      /invalid kruise\.bus\.v1\.ObjectEvent/,
    );
  });

  test('rejects bytes that are not an ObjectEvent, with the cause', () => {
    assert.throws(
      () => objectEventCodec.decode(new Uint8Array([0x0a, 0xff])),
      (err: Error) =>
        /cannot decode kruise\.bus\.v1\.ObjectEvent/.test(err.message) && err.cause !== undefined,
    );
  });

  test('message id is uid:resourceVersion:TYPE', () => {
    assert.equal(
      objectEventMsgId({
        uid: 'u-1',
        resourceVersion: '42',
        type: ObjectEventType.OBJECT_EVENT_TYPE_DELETED,
      }),
      'u-1:42:DELETED',
    );
  });
});

describe('domain events', () => {
  test('the registry covers rollout progress, certificate rotated and revision created', () => {
    assert.deepEqual(Object.keys(domainEvents).sort(), [
      'CertificateRotated',
      'RevisionCreated',
      'RolloutProgress',
    ]);
  });

  test('RolloutProgress round-trips and names its workload', () => {
    const def = domainEvents.RolloutProgress;
    const init = {
      meta: { eventId: 'cs-uid:3:7', publisherId: 'cloneset-controller/0' },
      workload: {
        kind: { group: 'apps.kruise.io', version: 'v1beta1', kind: 'CloneSet' },
        namespace: 'ns',
        name: 'web',
      },
      generation: 3,
      updateRevision: 'web-7d9',
      replicas: 5,
      updatedReplicas: 2,
      phase: RolloutPhase.ROLLOUT_PHASE_WAITING,
      reason: 'WaitingForReadiness',
    };
    assert.equal(def.subjectOf(init)?.name, 'web');
    const decoded = decodeDomainEvent('RolloutProgress', def.codec.encode(init));
    assert.equal(decoded.type, 'RolloutProgress');
    if (decoded.type !== 'RolloutProgress') return;
    assert.equal(decoded.event.generation, 3);
    assert.equal(decoded.event.updatedReplicas, 2);
    assert.equal(decoded.event.readyReplicas, 0);
    assert.equal(decoded.event.phase, RolloutPhase.ROLLOUT_PHASE_WAITING);
    assert.equal(decoded.event.meta?.eventId, 'cs-uid:3:7');
  });

  test('CertificateRotated and RevisionCreated round-trip', () => {
    const cert = domainEvents.CertificateRotated.codec.decode(
      domainEvents.CertificateRotated.codec.encode({
        meta: { eventId: 'serial-1' },
        secret: { namespace: 'kruise-system', name: 'kruise-webhook-certs' },
        reason: CertificateRotationReason.CERTIFICATE_ROTATION_REASON_EXPIRING,
        notAfter: toTimestamp(new Date('2030-01-01T00:00:00Z')),
        dnsNames: ['a.svc', 'a.svc.cluster.local'],
      }),
    );
    assert.equal(cert.reason, CertificateRotationReason.CERTIFICATE_ROTATION_REASON_EXPIRING);
    assert.deepEqual(cert.dnsNames, ['a.svc', 'a.svc.cluster.local']);
    assert.equal(fromTimestamp(cert.notAfter)?.getUTCFullYear(), 2030);

    const rev = domainEvents.RevisionCreated.codec.decode(
      domainEvents.RevisionCreated.codec.encode({ meta: { eventId: 'r' }, revisionNumber: 12, hash: 'abc' }),
    );
    assert.equal(rev.revisionNumber, 12);
    assert.equal(rev.hash, 'abc');
  });
});
