// The whole system in all-in-one mode (`npm start -- --all-in-one`): nats-server and one process running every
// service on one bus connection, one cache and one health server. The same user scenarios as the split system
// (e2e/test/e2e/support/system-scenarios.ts), the CloneSet rollout still one trace whose spans name the parts as
// the split system's services do. Container launch priority is on here (ADR 49): one process's cache holds every pod
// anyway, so keeping the barriers costs it nothing more. Afterwards it prints (never asserts) the process's idle RSS
// and CPU next to nats-server's.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type Cluster, eventually, startCluster } from '@kruise-ts/devcluster';
import {
  advancedCronJobRuns,
  advancedStatefulSetScales,
  broadcastJobCompletes,
  cloneSetRolloutWithSidecarSet,
} from '@kruise-ts/e2e/system-scenarios';
import { type RunningSystem, startSystem } from '@kruise-ts/launcher';
import { cpuSeconds, findProcess, residentMiB } from './support/proc.ts';

let cluster: Cluster | undefined;
let system: RunningSystem | undefined;

before(async () => {
  cluster = await startCluster();
  // The launcher's services inherit this process's environment.
  process.env.KRUISE_TS_CONTAINER_LAUNCH_PRIORITY = 'true';
  system = await startSystem(cluster, { allInOne: true });
});
after(async () => {
  await system?.stop();
  await cluster?.stop();
  delete process.env.KRUISE_TS_CONTAINER_LAUNCH_PRIORITY;
});

const sys = () => system as RunningSystem;

it('runs as one process whose /readyz lists every part', async () => {
  assert.deepEqual(
    sys().services.map((s) => s.name),
    ['all-in-one'],
  );
  const [one] = sys().services;
  const body = await eventually(
    'all-in-one ready',
    async () => {
      const res = await fetch(`${one?.healthUrl}/readyz?verbose`);
      return res.ok ? await res.text() : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 500 },
  );
  for (const part of [
    'watcher-mirror',
    'cloneset-controller-controller',
    'statefulset-controller-controller',
    'broadcastjob-controller-controller',
    'advancedcronjob-controller-controller',
    'sidecarset-controller-leader-cache',
    'revision-gc-bus',
    'webhook-server-certificate',
    'cert-manager-certificates-synced',
  ]) {
    assert.match(body, new RegExp(`\\[\\+\\]${part} ok`), body);
  }
  const metrics = await (await fetch(`${one?.healthUrl}/metrics`)).text();
  assert.match(metrics, /controller_runtime_reconcile_total\{[^}]*controller="cloneset"/);
  assert.match(metrics, /controller_runtime_reconcile_total\{[^}]*controller="sidecarset"/);
});

it('the docs CloneSet rolls out with the SidecarSet injected, as one trace', async () => {
  // Each part's spans carry its service's name, as in the split system.
  await cloneSetRolloutWithSidecarSet(sys(), cluster as Cluster);
});

it('the docs BroadcastJob runs once on every node and completes', async () => {
  await broadcastJobCompletes(sys());
});

it('an AdvancedCronJob creates Jobs that complete', async () => {
  await advancedCronJobRuns(sys());
});

it('the docs Advanced StatefulSet runs sample-0..2 and follows kubectl scale', async () => {
  await advancedStatefulSetScales(sys());
});

it('an Ordered pod gets its barrier env and its barrier ConfigMap (container launch priority, shared cache)', async () => {
  const ns = 'launch-order';
  sys().kubectl(['create', 'namespace', ns]);
  // Kept off every node (no node matches), so the fake kubelet does not make it ready before the barrier is made.
  const pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: 'ordered',
      namespace: ns,
      annotations: { 'apps.kruise.io/container-launch-priority': 'Ordered' },
    },
    spec: {
      nodeSelector: { 'kruise-ts.e2e/no-such-node': 'true' },
      containers: ['first', 'second'].map((name) => ({ name, image: 'busybox:1.36' })),
    },
  };
  sys().kubectl(['apply', '-f', '-'], JSON.stringify(pod));
  const created = JSON.parse(sys().kubectl(['get', 'pod', 'ordered', '-n', ns, '-o', 'json'])) as {
    spec: { containers: { env?: { name: string; valueFrom?: { configMapKeyRef?: { key?: string } } }[] }[] };
  };
  assert.deepEqual(
    created.spec.containers.map(
      (c) => c.env?.find((e) => e.name === 'KRUISE_CONTAINER_BARRIER')?.valueFrom?.configMapKeyRef?.key,
    ),
    ['p_0', 'p_-1'],
  );
  await eventually(
    'ordered-barrier holds p_0 only',
    async () => {
      const r = (() => {
        try {
          return sys().kubectl(['get', 'configmap', 'ordered-barrier', '-n', ns, '-o', 'jsonpath={.data}']);
        } catch {
          return '';
        }
      })();
      return r === '' ? undefined : JSON.stringify(JSON.parse(r)) === '{"p_0":"true"}';
    },
    { timeoutMs: 30_000, intervalMs: 500 },
  );
  sys().kubectl(['delete', 'namespace', ns, '--wait=false']);
});

it('prints the idle RSS and CPU of the process and of nats-server', async () => {
  const pid = sys().services[0]?.pid ?? 0;
  const nats = findProcess('nats-server', (cluster as Cluster).dir);
  const idleMs = 30_000;
  const before = { one: cpuSeconds(pid), nats: nats === undefined ? 0 : cpuSeconds(nats) };
  await new Promise((resolve) => setTimeout(resolve, idleMs));
  const cpu = (now: number, then: number) =>
    `${(((now - then) / (idleMs / 1000)) * 1000).toFixed(1)} millicores`;
  console.log(
    `all-in-one idle: RSS ${residentMiB(pid).toFixed(0)} MiB (peak ${residentMiB(pid, 'VmHWM').toFixed(0)} MiB), ` +
      `CPU ${cpu(cpuSeconds(pid), before.one)} over ${idleMs / 1000} s`,
  );
  if (nats !== undefined) {
    console.log(
      `nats-server idle: RSS ${residentMiB(nats).toFixed(0)} MiB, CPU ${cpu(cpuSeconds(nats), before.nats)} over ${idleMs / 1000} s`,
    );
  }
});
