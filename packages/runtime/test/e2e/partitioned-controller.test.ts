// Two replicas of a sample controller on the real cluster and bus, fed by the real watcher service:
// partitions split between them; after `kill -9` of one, the other owns every partition within a bounded
// time (measured and printed); no key is ever reconciled by two replicas at once (checked from a log of
// reconcile start/end events); one reconcile's trace in Jaeger connects the watcher's publish, the
// controller's reconcile and the apiserver's own span.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { partitionOf } from '@kruise-ts/bus';
import { acquireCluster, type ClusterLease, eventually } from '@kruise-ts/devcluster';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..', '..', '..');
const node = process.execPath;
const PARTITIONS = 8;
const LEASE_TTL_MS = 3000;

let cluster: ClusterLease;
let core: CoreV1Api;
let dir: string;
const children: ChildProcess[] = [];
const namespaces: string[] = [];
const prefix = `pc${randomBytes(3).toString('hex')}`;

function baseEnv(service: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    KRUISE_TS_KUBECONFIG: cluster.kubeconfigPath,
    KRUISE_TS_NATS_URL: cluster.natsUrl,
    KRUISE_TS_BUS_PREFIX: prefix,
    KRUISE_TS_PARTITIONS: String(PARTITIONS),
    KRUISE_TS_LEASE_TTL_MS: String(LEASE_TTL_MS),
    KRUISE_TS_HTTP_HOST: '127.0.0.1',
    KRUISE_TS_HTTP_PORT: '0',
    OTEL_SERVICE_NAME: service,
    OTEL_EXPORTER_OTLP_ENDPOINT: cluster.otlpHttpEndpoint,
    OTEL_TRACES_SAMPLER: 'always_on',
    OTEL_BSP_SCHEDULE_DELAY: '200',
    KRUISE_TS_LOG_LEVEL: 'warn',
  };
}

function spawnService(script: string, env: NodeJS.ProcessEnv, name: string): ChildProcess {
  const child = spawn(node, [script], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (d: Buffer) => process.stderr.write(`[${name}] ${d}`));
  children.push(child);
  return child;
}

function replica(member: string): ChildProcess {
  return spawnService(
    join(here, 'fixtures', 'sample-controller.ts'),
    {
      ...baseEnv('sample-controller'),
      KRUISE_TS_MEMBER_ID: member,
      KRUISE_TS_SAMPLE_LOG: join(dir, 'log.jsonl'),
    },
    member,
  );
}

interface LogLine {
  member: string;
  t: number;
  start?: string;
  end?: string;
  ready?: boolean;
  ownership?: { partition: number; owned: boolean };
}

function readLog(): LogLine[] {
  try {
    return readFileSync(join(dir, 'log.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as LogLine);
  } catch {
    return [];
  }
}

/** Partitions each member owns now, from its ownership events. */
function ownership(log: LogLine[]): Map<string, Set<number>> {
  const owned = new Map<string, Set<number>>();
  for (const line of log) {
    if (!line.ownership) continue;
    const set = owned.get(line.member) ?? new Set<number>();
    owned.set(line.member, set);
    if (line.ownership.owned) set.add(line.ownership.partition);
    else set.delete(line.ownership.partition);
  }
  return owned;
}

before(async () => {
  cluster = await acquireCluster();
  const kc = new KubeConfig();
  kc.loadFromFile(cluster.kubeconfigPath);
  core = kc.makeApiClient(CoreV1Api);
  dir = mkdtempSync(join(tmpdir(), 'partitioned-'));
});

after(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const ns of namespaces) await core.deleteNamespace({ name: ns }).catch(() => {});
  if (process.env.KEEP_LOG) console.log(readFileSync(join(dir, 'log.jsonl'), 'utf8'));
  rmSync(dir, { recursive: true, force: true });
  await cluster.release();
});

async function createManagedPods(count: number, tag: string): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    const ns = namespaces[i % namespaces.length]!;
    const name = `${tag}-${i}`;
    await core.createNamespacedPod({
      namespace: ns,
      body: {
        metadata: { name, labels: { 'sample.kruise-ts.dev/managed': 'true' } },
        spec: { containers: [{ name: 'c', image: 'nginx:1.22-alpine' }] },
      },
    });
    keys.push(`${ns}/${name}`);
  }
  return keys;
}

async function stamped(keys: string[]): Promise<Map<string, string>> {
  const by = new Map<string, string>();
  for (const key of keys) {
    const [namespace, name] = key.split('/') as [string, string];
    const pod = await core.readNamespacedPod({ namespace, name });
    const member = pod.metadata?.annotations?.['sample.kruise-ts.dev/by'];
    if (member) by.set(key, member);
  }
  return by;
}

test('two replicas split partitions, survive kill -9 of one, never overlap, and trace end to end', async () => {
  // Namespaces covering every partition, so both replicas get work.
  for (let i = 0; namespaces.length < PARTITIONS * 2 && i < 1000; i++) {
    const ns = `${prefix}-${i}`;
    const covered = new Set(namespaces.map((n) => partitionOf(n, PARTITIONS)));
    if (covered.size === PARTITIONS && namespaces.length >= PARTITIONS) break;
    if (covered.has(partitionOf(ns, PARTITIONS)) && covered.size < PARTITIONS) continue;
    await core.createNamespace({ body: { metadata: { name: ns } } });
    namespaces.push(ns);
  }

  spawnService(
    join(repo, 'services', 'watcher', 'src', 'main.ts'),
    { ...baseEnv('watcher'), KRUISE_TS_WATCHER_RESOURCES: 'pods.core' },
    'watcher',
  );
  const a = replica('replica-a');
  replica('replica-b');

  await eventually(
    'both replicas own partitions and together own all',
    async () => {
      const owned = ownership(readLog());
      const all = new Set([...(owned.get('replica-a') ?? []), ...(owned.get('replica-b') ?? [])]);
      return (
        (owned.get('replica-a')?.size ?? 0) > 0 &&
        (owned.get('replica-b')?.size ?? 0) > 0 &&
        all.size === PARTITIONS
      );
    },
    { timeoutMs: 60_000, intervalMs: 250 },
  );

  const first = await createManagedPods(24, 'first');
  const firstBy = await eventually(
    'every pod stamped',
    async () => {
      const by = await stamped(first);
      return by.size === first.length ? by : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 500 },
  );
  assert.deepEqual(new Set(firstBy.values()), new Set(['replica-a', 'replica-b']), 'both replicas did work');

  // kill -9: no hand-off; the survivor must take over once the dead leases expire.
  a.kill('SIGKILL');
  const killedAt = Date.now();
  await eventually(
    'replica-b owns every partition',
    async () => (ownership(readLog()).get('replica-b')?.size ?? 0) === PARTITIONS,
    { timeoutMs: 60_000, intervalMs: 100 },
  );
  const takeoverMs = Date.now() - killedAt;
  console.log(
    `takeover after kill -9: ${takeoverMs} ms (lease TTL ${LEASE_TTL_MS} ms, ${PARTITIONS} partitions)`,
  );
  assert.ok(takeoverMs < LEASE_TTL_MS * 4, `takeover within 4 lease TTLs, took ${takeoverMs} ms`);

  const second = await createManagedPods(16, 'second');
  const secondBy = await eventually(
    'pods created after the kill stamped by the survivor',
    async () => {
      const by = await stamped(second);
      return by.size === second.length ? by : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 500 },
  );
  assert.deepEqual(new Set(secondBy.values()), new Set(['replica-b']));

  // No key reconciled by two replicas at once. A killed replica's open reconcile ends at the kill.
  const log = readLog();
  const intervals = new Map<string, { member: string; from: number; to: number }[]>();
  const open = new Map<string, number>();
  for (const line of log) {
    const key = line.start ?? line.end;
    if (!key) continue;
    const id = `${line.member} ${key}`;
    if (line.start) open.set(id, line.t);
    else {
      const from = open.get(id);
      open.delete(id);
      if (from !== undefined)
        intervals.set(key, [...(intervals.get(key) ?? []), { member: line.member, from, to: line.t }]);
    }
  }
  for (const [id, from] of open) {
    const [member, key] = id.split(' ') as [string, string];
    intervals.set(key, [
      ...(intervals.get(key) ?? []),
      { member, from, to: member === 'replica-a' ? killedAt : Date.now() },
    ]);
  }
  let checked = 0;
  for (const [key, list] of intervals) {
    for (const x of list) {
      for (const y of list) {
        if (x.member === y.member) continue;
        checked++;
        assert.ok(
          x.to <= y.from || y.to <= x.from,
          `${key} reconciled by ${x.member} and ${y.member} at once`,
        );
      }
    }
  }
  console.log(
    `reconcile intervals checked for overlap: ${log.filter((l) => l.start).length} reconciles, ${checked} cross-replica pairs`,
  );

  // One trace: watcher publish -> controller reconcile -> kube client call -> apiserver.
  const [ns, name] = second[0]!.split('/') as [string, string];
  const traceId = (await core.readNamespacedPod({ namespace: ns, name })).metadata?.annotations?.[
    'sample.kruise-ts.dev/trace-id'
  ];
  assert.ok(traceId, 'the reconcile recorded its trace id');
  const trace = await eventually(
    'the trace in Jaeger with spans from watcher, controller and apiserver',
    async () => {
      const res = await fetch(`${cluster.jaegerQueryUrl}/api/traces/${traceId}`);
      if (res.status !== 200) return undefined;
      const body = (await res.json()) as {
        data?: {
          spans: {
            spanID: string;
            operationName: string;
            processID: string;
            references: { spanID: string }[];
          }[];
          processes: Record<string, { serviceName: string }>;
        }[];
      };
      const t = body.data?.[0];
      if (!t) return undefined;
      const services = new Set(t.spans.map((s) => t.processes[s.processID]?.serviceName));
      return services.has('watcher') && services.has('sample-controller') && services.has('apiserver')
        ? t
        : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 1000 },
  );
  const ids = new Set(trace.spans.map((s) => s.spanID));
  const roots = trace.spans.filter((s) => !s.references.some((r) => ids.has(r.spanID)));
  assert.equal(
    roots.length,
    1,
    `one connected trace, roots: ${roots.map((r) => r.operationName).join(', ')}`,
  );
  console.log(
    `trace ${traceId}: ${trace.spans.map((s) => `${trace.processes[s.processID]?.serviceName}:${s.operationName}`).join(' | ')}`,
  );
});
