// The bus's authorisation as the chart renders it, enforced by a real nats-server started with the chart's
// nats.conf: no anonymous access, each service's identity does its job through the real bus code, and a
// controller cannot publish what only the watcher may (object subjects), another controller's events or leases.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  type Bus,
  connectBus,
  DEFAULT_LEASE_TTL_MS,
  ensureTopology,
  eventFilterSubjects,
  ObjectEventType,
  objectSubject,
  openObjectFeed,
  publishDomainEvent,
  publishObjectEvent,
  topology,
} from '@kruise-ts/bus';
import { ensureBinaries, type NatsServer, startNats } from '@kruise-ts/devcluster';
import { DeliverPolicy } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { connect } from '@nats-io/transport-node';
import { services, template } from '../../src/index.ts';

const passwords = Object.fromEntries(services.map((s) => [s, randomBytes(12).toString('hex')]));
const passwordVar = (s: string) => `KRUISE_TS_NATS_PASSWORD_${s.toUpperCase().replaceAll('-', '_')}`;
const prefix = 'kts';
// A lease TTL proposed as the controllers propose it: without one nobody creates the lease bucket (bus declare.ts).
const topo = topology({ prefix, partitions: 4, replicas: 1, proposedLeaseTtlMs: DEFAULT_LEASE_TTL_MS });

let dir: string;
let nats: NatsServer;
const open: Bus[] = [];

before(async () => {
  await ensureBinaries();
  dir = mkdtempSync(join(tmpdir(), 'kts-nats-auth-'));
  const rendered = template({
    namespace: 'kruise-system',
    set: { busPrefix: prefix, 'nats.bundled.replicas': '1', 'nats.streamReplicas': '1' },
  });
  const configMap = rendered.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'kruise-ts-nats');
  const conf = (configMap?.data as Record<string, string> | undefined)?.['nats.conf'];
  assert.ok(conf, 'the chart renders nats.conf');
  // The chart's file as is, but on loopback (ports and store directory come from startNats' flags).
  const file = join(dir, 'nats.conf');
  writeFileSync(file, conf.replaceAll('0.0.0.0', '127.0.0.1'));
  nats = await startNats(dir, {
    config: {
      file,
      env: {
        POD_NAME: 'nats-0',
        ...Object.fromEntries(services.map((s) => [passwordVar(s), passwords[s]!])),
      },
    },
  });
});

after(async () => {
  await Promise.allSettled(open.map((b) => b.close()));
  await nats?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function busAs(service: string): Promise<Bus> {
  const bus = await connectBus({
    servers: nats.url,
    topology: topo,
    publisherId: `${service}/test`,
    requestTimeoutMs: 3_000,
    credentials: { user: service, password: passwords[service], inboxPrefix: `_INBOX.${service}` },
  });
  open.push(bus);
  return bus;
}

const podEvent = (name: string) => ({
  type: ObjectEventType.OBJECT_EVENT_TYPE_ADDED,
  kind: { group: '', version: 'v1', kind: 'Pod' },
  namespace: 'default',
  name,
  uid: `uid-${name}`,
  resourceVersion: '1',
  object: new TextEncoder().encode('{}'),
});

/** The error and its causes, as text. */
function chain(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e !== undefined && e !== null; e = (e as { cause?: unknown }).cause) {
    parts.push(String((e as Error).message ?? e));
    if (parts.length > 10) break;
  }
  return parts.join(' <- ');
}

/** Rejects because the server refused the permission, not for any other reason. */
async function refused(work: Promise<unknown>, what: string): Promise<void> {
  await assert.rejects(work, (err) => {
    assert.match(chain(err), /permission/i, `${what}: ${chain(err)}`);
    return true;
  });
}

const rollout = (name: string) => ({
  meta: { eventId: `rollout:${name}:${randomBytes(3).toString('hex')}` },
  workload: {
    kind: { group: 'apps.kruise.io', version: 'v1beta1', kind: 'CloneSet' },
    namespace: 'default',
    name,
  },
});

const certRotated = () => ({
  meta: { eventId: `cert:${randomBytes(3).toString('hex')}` },
  secret: {
    kind: { group: '', version: 'v1', kind: 'Secret' },
    namespace: 'kruise-system',
    name: 'kruise-webhook-certs',
  },
});

describe('NATS authorisation rendered by the chart', () => {
  test('an unauthenticated client and a wrong password are refused', async () => {
    await assert.rejects(connect({ servers: nats.url, timeout: 3_000 }), /Authorization|authorization/);
    await assert.rejects(
      connect({ servers: nats.url, user: 'watcher', pass: 'wrong', timeout: 3_000 }),
      /Authorization|authorization/,
    );
  });

  test('the watcher declares the streams and publishes objects', async () => {
    const watcher = await busAs('watcher');
    await ensureTopology(watcher);
    const published = await publishObjectEvent(watcher, podEvent('web-0'));
    assert.ok(published.seq > 0);
  });

  test('a controller reads objects, writes its own leases and events, and is refused everything else', async () => {
    const clone = await busAs('cloneset-controller');
    await ensureTopology(clone);
    const seen: string[] = [];
    const feed = await openObjectFeed(clone, {
      partitions: [0, 1, 2, 3],
      onEvent: (e) => {
        seen.push(e.event.name);
      },
    });
    await feed.synced;
    await feed.stop();
    assert.ok(seen.includes('web-0'), 'the object published by the watcher is read');

    const kv = await new Kvm(clone.js).open(topo.leases.bucket);
    await kv.put('cloneset.members.test', new TextEncoder().encode('me'));
    assert.equal((await kv.get('cloneset.members.test'))?.string(), 'me');
    // The lease manager lists members (a consumer on the KV stream) and claims partitions with create/update.
    const members: string[] = [];
    for await (const key of await kv.keys('cloneset.members.*')) members.push(key);
    assert.deepEqual(members, ['cloneset.members.test']);
    const rev = await kv.create('cloneset.partitions.0', new TextEncoder().encode('me'));
    await kv.update('cloneset.partitions.0', new TextEncoder().encode('me'), rev);
    await kv.delete('cloneset.partitions.0');
    await refused(
      kv.put('statefulset.partitions.0', new TextEncoder().encode('me')),
      "another controller's lease",
    );

    await publishDomainEvent(clone, 'RolloutProgress', rollout('web'));

    const subject = objectSubject(topo, { group: '', kind: 'Pod', namespace: 'default', name: 'forged' });
    await refused(clone.js.publish(subject, new Uint8Array([1])), "object subjects are the watcher's");
    await refused(publishObjectEvent(clone, podEvent('forged')), "object subjects are the watcher's");
    await refused(publishDomainEvent(clone, 'CertificateRotated', certRotated()), "cert-manager's event");
  });

  test('a controller without events of its own cannot publish any; cert-manager publishes CertificateRotated only', async () => {
    const bcj = await busAs('broadcastjob-controller');
    await refused(publishDomainEvent(bcj, 'RolloutProgress', rollout('web')), 'no events of its own');
    // The Advanced StatefulSet's rollouts are traced like CloneSet's (docs/adr/0022-shared-rollout-tracing.md).
    const sts = await busAs('statefulset-controller');
    await publishDomainEvent(sts, 'RolloutProgress', rollout('sts'));
    await refused(publishDomainEvent(sts, 'CertificateRotated', certRotated()), "cert-manager's event");
    const certs = await busAs('cert-manager');
    await publishDomainEvent(certs, 'CertificateRotated', certRotated());
    await refused(
      publishDomainEvent(certs, 'RolloutProgress', rollout('web')),
      "the CloneSet controller's event",
    );
  });

  test('webhook-server reads events and objects but publishes nothing', async () => {
    const webhook = await busAs('webhook-server');
    await ensureTopology(webhook);
    const consumer = await webhook.js.consumers.get(topo.events.stream, {
      filter_subjects: eventFilterSubjects(topo, { types: ['RolloutProgress'] }),
      deliver_policy: DeliverPolicy.All,
    });
    const first = await consumer.next({ expires: 3_000 });
    assert.ok(first, "the controller's RolloutProgress is readable");
    await refused(
      publishDomainEvent(webhook, 'RolloutProgress', rollout('web')),
      'webhook-server publishes nothing',
    );
    await refused(
      publishObjectEvent(webhook, podEvent('forged-by-webhook')),
      'webhook-server publishes nothing',
    );
  });

  test("one identity cannot listen on another's inbox", async () => {
    const nc = await connect({ servers: nats.url, user: 'watcher', pass: passwords.watcher, timeout: 3_000 });
    try {
      const errors: Error[] = [];
      const sub = nc.subscribe('_INBOX.cloneset-controller.>', {
        callback: (err) => {
          if (err) errors.push(err);
        },
      });
      await nc.flush();
      // The server answers a refused SUB with a permissions violation that closes the subscription.
      await Promise.race([
        sub.closed.then(
          (err) => {
            if (err) errors.push(err);
          },
          (err: Error) => errors.push(err),
        ),
        new Promise((resolve) => setTimeout(resolve, 3_000)),
      ]);
      assert.match(String(errors[0] ?? ''), /[Pp]ermission/);
    } finally {
      await nc.close();
    }
  });
});
