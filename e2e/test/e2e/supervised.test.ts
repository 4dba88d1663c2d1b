// `npm start` supervises its services as the kubelet would (packages/launcher/src/supervisor.ts): a service that
// exits is started again, and so is every service whose liveness fails because the JetStream store was wiped
// under it (docs/adr/0038-object-stream-replaced.md). Real cluster, real nats-server, the whole system.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { type Cluster, eventually, startCluster } from '@kruise-ts/devcluster';
import { type RunningSystem, startSystem } from '@kruise-ts/launcher';

let cluster: Cluster | undefined;
let system: RunningSystem | undefined;

before(async () => {
  cluster = await startCluster();
  system = await startSystem(cluster, { supervise: true });
});
after(async () => {
  await system?.stop();
  await cluster?.stop();
});

const s = () => system as RunningSystem;
const pidOf = (name: string) => s().services.find((x) => x.name === name)?.pid;
const live = async (name: string) => {
  const url = s().services.find((x) => x.name === name)?.healthUrl;
  return fetch(`${url}/livez`).then(
    (r) => r.ok,
    () => false,
  );
};

it('starts a service that was killed again', async () => {
  const before = pidOf('revision-gc');
  s().signal('revision-gc', 'SIGKILL');
  await eventually(
    'revision-gc running again',
    async () => pidOf('revision-gc') !== before && live('revision-gc'),
    {
      timeoutMs: 60_000,
      intervalMs: 500,
    },
  );
});

it('restarts every service whose liveness fails after the store was wiped, and they come back live', async () => {
  const c = cluster as Cluster;
  const pids = new Map(s().services.map((x) => [x.name, x.pid]));
  await c.stopNats();
  rmSync(join(c.dir, 'jetstream'), { recursive: true, force: true });
  await c.startNats();
  // cert-manager reads no objects: it keeps running.
  const readers = s()
    .services.map((x) => x.name)
    .filter((n) => n !== 'cert-manager');
  await eventually(
    'every service reading objects restarted and live',
    async () => {
      for (const name of readers) if (pidOf(name) === pids.get(name) || !(await live(name))) return false;
      return true;
    },
    { timeoutMs: 120_000, intervalMs: 1_000 },
  );
  assert.equal(pidOf('cert-manager'), pids.get('cert-manager'));
  // Started over on the new stream: the watcher lists everything again and CloneSets reconcile.
  s().kubectl(['create', 'namespace', 'supervised']);
  s().kubectl(
    ['apply', '-f', '-'],
    JSON.stringify({
      apiVersion: 'apps.kruise.io/v1alpha1',
      kind: 'CloneSet',
      metadata: { name: 'web', namespace: 'supervised' },
      spec: {
        replicas: 2,
        selector: { matchLabels: { app: 'web' } },
        template: {
          metadata: { labels: { app: 'web' } },
          spec: { containers: [{ name: 'c', image: 'nginx:1' }] },
        },
      },
    }),
  );
  await eventually(
    'the CloneSet ready',
    async () => {
      const cs = JSON.parse(
        s().kubectl(['get', 'clonesets.apps.kruise.io', 'web', '-n', 'supervised', '-o', 'json']),
      ) as { status?: { readyReplicas?: number } };
      return cs.status?.readyReplicas === 2;
    },
    { timeoutMs: 60_000, intervalMs: 500 },
  );
});
