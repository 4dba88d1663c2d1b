// `npm run profile -- [--replicas N] [--kind cloneset|asts] [--cpu-prof] [--idle-seconds S] [--idle-only]
// [--all-in-one] [--sources]`: where the whole system's CPU and memory go. Starts a local cluster and the system as
// `npm start` does (with --all-in-one: as one process), measures idle CPU and RSS of every process it started,
// drives one CloneSet (or Advanced StatefulSet) through scale-up, a ReCreate image roll, an in-place image roll and
// scale-down, and prints CPU-seconds per phase per process (with --idle-only: a second idle window instead of the
// workload). With --cpu-prof every service writes a V8 CPU profile on exit and the top self-time frames of each are
// printed.
// Bounded: every wait has a deadline; everything it started is stopped.
// Figures are printed, never asserted (docs/performance.md records them).
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { startCluster } from '@kruise-ts/devcluster';
import { formatSummaries, INDEX_FILE, type Window } from './cpuprofile.ts';
import { startSystem } from './system.ts';

const { values } = parseArgs({
  options: {
    replicas: { type: 'string', default: '300' },
    // The workload's kind: a CloneSet, or an Advanced StatefulSet (Parallel, the peer benchmark's shape).
    kind: { type: 'string', default: 'cloneset' },
    'cpu-prof': { type: 'boolean', default: false },
    'idle-seconds': { type: 'string', default: '30' },
    'top-frames': { type: 'string', default: '15' },
    'keep-dir': { type: 'boolean', default: false },
    // Only the idle figures: two idle windows one after the other, no workload (minutes instead of a quarter hour).
    'idle-only': { type: 'boolean', default: false },
    'all-in-one': { type: 'boolean', default: false },
    // The services from their TypeScript instead of their bundles (ADR 36), to compare the two.
    sources: { type: 'boolean', default: false },
  },
});
const replicas = Number(values.replicas);
const idleSeconds = Number(values['idle-seconds']);
const topFrames = Number(values['top-frames']);
if (!Number.isInteger(replicas) || replicas < 1) throw new Error('--replicas must be a positive integer');
const kind = values.kind;
if (kind !== 'cloneset' && kind !== 'asts') throw new Error('--kind must be cloneset or asts');

const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const PHASE_TIMEOUT_MS = 15 * 60_000;

interface ProcSample {
  name: string;
  cpuTicks: number;
  rssKiB: number;
  /**
   * Proportional set size: shared pages (the node binary, mapped by every service) split among the processes
   * that map them, so PSS adds up to the memory the system really holds, where RSS counts them in each one.
   */
  pssKiB: number;
}

/** Names of every process seen, for naming the CPU profiles (their file names carry the pid). */
const namesByPid = new Map<number, string>();

/** Every live descendant of this process, named by service (node) or binary (control plane). */
function sampleDescendants(): Map<number, ProcSample> {
  const parents = new Map<number, number>();
  const stats = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // comm may hold spaces and parentheses: fields start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      stats.set(Number(entry), stat);
    } catch {
      // exited meanwhile
    }
  }
  const out = new Map<number, ProcSample>();
  const isDescendant = (pid: number): boolean => {
    for (let p = parents.get(pid), hops = 0; p !== undefined && hops < 20; p = parents.get(p), hops++) {
      if (p === process.pid) return true;
    }
    return false;
  };
  for (const [pid, stat] of stats) {
    if (!isDescendant(pid)) continue;
    try {
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cpuTicks = Number(fields[11]) + Number(fields[12]); // utime + stime
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const pssKiB = Number(
        /^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0,
      );
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      // From its sources or its bundle (ADR 36).
      const service = argv
        .map((a) => /services\/([^/]+)\/(?:src\/main\.ts|dist\/main\.mjs)$/.exec(a)?.[1])
        .find(Boolean);
      const name = service ?? basename(argv[0] ?? String(pid));
      namesByPid.set(pid, name);
      out.set(pid, { name, cpuTicks, rssKiB, pssKiB });
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

/** CPU-seconds per process name between two samples (a process that appeared counts from zero). */
function cpuBetween(before: Map<number, ProcSample>, after: Map<number, ProcSample>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [pid, s] of after) {
    const spent = (s.cpuTicks - (before.get(pid)?.cpuTicks ?? 0)) / TICKS_PER_SECOND;
    out.set(s.name, (out.get(s.name) ?? 0) + spent);
  }
  return out;
}

function memoryByName(sample: Map<number, ProcSample>, field: 'rssKiB' | 'pssKiB'): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of sample.values()) out.set(s.name, (out.get(s.name) ?? 0) + s[field] / 1024);
  return out;
}

/** nats-server's message counters and consumer count from its monitoring endpoint (undefined if unreachable). */
async function natsCounters(): Promise<{ in_msgs: number; out_msgs: number; consumers: number } | undefined> {
  try {
    const varz = (await (await fetch(`${cluster.natsMonitorUrl}/varz`)).json()) as {
      in_msgs: number;
      out_msgs: number;
    };
    const jsz = (await (await fetch(`${cluster.natsMonitorUrl}/jsz`)).json()) as { consumers?: number };
    return { in_msgs: varz.in_msgs, out_msgs: varz.out_msgs, consumers: jsz.consumers ?? 0 };
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, check: () => boolean): Promise<void> {
  const deadline = Date.now() + PHASE_TIMEOUT_MS;
  for (;;) {
    if (check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(1000);
  }
}

const cluster = await startCluster({ nodes: 4, keepDir: values['keep-dir'] });
if (values['keep-dir']) console.error(`profile: cluster directory (kept, with service logs): ${cluster.dir}`);
let profDir: string | undefined;
if (values['cpu-prof']) {
  // Outside the cluster's directory, which its stop() removes.
  profDir = mkdtempSync(join(tmpdir(), 'kruise-ts-cpu-prof-'));
  // The services inherit this process's environment (system.ts spawns them with it).
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${profDir}`.trim();
}
let system: Awaited<ReturnType<typeof startSystem>> | undefined;
const rows: { phase: string; wallS: number; cpu: Map<string, number> }[] = [];
/** Phase windows on the profiler's clock (monotonic microseconds), to cut each profile per phase. */
const windows: Window[] = [];
const nowUs = () => Number(process.hrtime.bigint() / 1000n);
try {
  system = await startSystem(cluster, { allInOne: values['all-in-one'], sources: values.sources });
  if (values['cpu-prof']) delete process.env.NODE_OPTIONS;
  const { kubectl } = system;
  // Let start-up work (certificates, CRD conversion, first syncs) finish before measuring idle.
  await sleep(10_000);

  const idle = async (label: string) => {
    const a = sampleDescendants();
    const natsBefore = await natsCounters();
    const startUs = nowUs();
    await sleep(idleSeconds * 1000);
    windows.push({ name: label, startUs, endUs: nowUs() });
    const b = sampleDescendants();
    const natsAfter = await natsCounters();
    const cpu = cpuBetween(a, b);
    rows.push({ phase: label, wallS: idleSeconds, cpu });
    // Message counts do not depend on how busy the shared machine is, unlike CPU figures.
    if (natsBefore !== undefined && natsAfter !== undefined) {
      const rate = (k: 'in_msgs' | 'out_msgs') => ((natsAfter[k] - natsBefore[k]) / idleSeconds).toFixed(1);
      console.error(
        `profile: ${label}: nats-server ${rate('in_msgs')} msgs/s in, ${rate('out_msgs')} msgs/s out, ` +
          `${natsAfter.consumers} consumers`,
      );
    }
    return { cpu, rss: memoryByName(b, 'rssKiB'), pss: memoryByName(b, 'pssKiB') };
  };
  const idleBefore = await idle(values['idle-only'] ? 'idle 1' : 'idle (before)');
  const idleAfter = values['idle-only'] ? await idle('idle 2') : await workload();

  async function workload() {
    const ns = 'profile';
    kubectl(['create', 'namespace', ns]);
    const resource = kind === 'cloneset' ? 'cloneset' : 'statefulsets.apps.kruise.io';
    const template = (image: string) => ({
      metadata: { labels: { app: 'bench' } },
      spec: {
        containers: [{ name: 'main', image }],
        // An Advanced StatefulSet needs the gate for in-place updates; a CloneSet adds it itself.
        ...(kind === 'asts' ? { readinessGates: [{ conditionType: 'InPlaceUpdateReady' }] } : {}),
      },
    });
    const workloadObject = (
      n: number,
      image: string,
      policy: 'ReCreate' | 'InPlaceIfPossible' = 'ReCreate',
    ) =>
      JSON.stringify(
        kind === 'cloneset'
          ? {
              apiVersion: 'apps.kruise.io/v1alpha1',
              kind: 'CloneSet',
              metadata: { name: 'bench', namespace: ns },
              spec: {
                replicas: n,
                selector: { matchLabels: { app: 'bench' } },
                updateStrategy: { type: policy, maxUnavailable: '50%' },
                template: template(image),
              },
            }
          : {
              apiVersion: 'apps.kruise.io/v1beta1',
              kind: 'StatefulSet',
              metadata: { name: 'bench', namespace: ns },
              spec: {
                replicas: n,
                serviceName: 'bench',
                podManagementPolicy: 'Parallel',
                selector: { matchLabels: { app: 'bench' } },
                updateStrategy: {
                  type: 'RollingUpdate',
                  rollingUpdate: { podUpdatePolicy: policy, maxUnavailable: '50%' },
                },
                template: template(image),
              },
            },
      );
    interface Status {
      metadata: { generation: number };
      status?: {
        observedGeneration?: number;
        replicas?: number;
        readyReplicas?: number;
        updatedReadyReplicas?: number;
      };
    }
    const status = (): Status => JSON.parse(kubectl(['-n', ns, 'get', resource, 'bench', '-o', 'json']));
    const settled = (want: number) => () => {
      const s = status();
      const st = s.status ?? {};
      return (
        st.observedGeneration === s.metadata.generation &&
        (st.replicas ?? 0) === want &&
        (st.readyReplicas ?? 0) === want &&
        (st.updatedReadyReplicas ?? 0) === want
      );
    };
    const podCount = () =>
      kubectl(['-n', ns, 'get', 'pods', '-o', 'name']).split('\n').filter(Boolean).length;
    const phase = async (name: string, act: () => void, done: () => boolean) => {
      const a = sampleDescendants();
      const t0 = Date.now();
      const startUs = nowUs();
      act();
      await waitFor(name, done);
      windows.push({ name, startUs, endUs: nowUs() });
      const wallS = (Date.now() - t0) / 1000;
      rows.push({ phase: name, wallS, cpu: cpuBetween(a, sampleDescendants()) });
      console.error(`profile: ${name} done in ${wallS.toFixed(1)} s`);
    };

    kubectl(['apply', '-f', '-'], workloadObject(0, 'nginx:1.25'));
    await phase(
      `scale-up 0→${replicas}`,
      () => kubectl(['apply', '-f', '-'], workloadObject(replicas, 'nginx:1.25')),
      settled(replicas),
    );
    await phase(
      'ReCreate roll',
      () => kubectl(['apply', '-f', '-'], workloadObject(replicas, 'nginx:1.26')),
      settled(replicas),
    );
    await phase(
      'in-place roll',
      () => kubectl(['apply', '-f', '-'], workloadObject(replicas, 'nginx:1.27', 'InPlaceIfPossible')),
      settled(replicas),
    );
    await phase(
      `scale-down ${replicas}→0`,
      () => kubectl(['apply', '-f', '-'], workloadObject(0, 'nginx:1.27', 'InPlaceIfPossible')),
      () => settled(0)() && podCount() === 0,
    );
    return idle('idle (after)');
  }

  // The table: one row per process, one column per phase.
  const names = [...new Set(rows.flatMap((r) => [...r.cpu.keys()]))].sort(
    (a, b) => total(b) - total(a) || a.localeCompare(b),
  );
  function total(name: string) {
    return rows.reduce((s, r) => s + (r.cpu.get(name) ?? 0), 0);
  }
  const head = [
    'process',
    ...rows.map((r) => r.phase),
    'RSS idle before MiB',
    'RSS idle after MiB',
    'PSS idle after MiB',
  ];
  const lines = [head];
  for (const name of names) {
    lines.push([
      name,
      ...rows.map((r) =>
        r.phase.startsWith('idle')
          ? `${(((r.cpu.get(name) ?? 0) / r.wallS) * 1000).toFixed(1)} m`
          : (r.cpu.get(name) ?? 0).toFixed(2),
      ),
      (idleBefore.rss.get(name) ?? 0).toFixed(0),
      (idleAfter.rss.get(name) ?? 0).toFixed(0),
      (idleAfter.pss.get(name) ?? 0).toFixed(0),
    ]);
  }
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  // kruise-ts's own processes: the services and the bus (the control plane and Jaeger are the cluster's).
  const clusterProcesses = new Set([
    'kube-apiserver',
    'etcd',
    'kwok',
    'kube-scheduler',
    'kube-controller-manager',
    'jaeger',
  ]);
  const own = (m: Map<string, number>) => new Map([...m].filter(([name]) => !clusterProcesses.has(name)));
  lines.push([
    'kruise-ts (services + nats-server)',
    ...rows.map((r) =>
      r.phase.startsWith('idle')
        ? `${((sum(own(r.cpu)) / r.wallS) * 1000).toFixed(1)} m`
        : sum(own(r.cpu)).toFixed(2),
    ),
    sum(own(idleBefore.rss)).toFixed(0),
    sum(own(idleAfter.rss)).toFixed(0),
    sum(own(idleAfter.pss)).toFixed(0),
  ]);
  lines.push([
    'TOTAL',
    ...rows.map((r) =>
      r.phase.startsWith('idle') ? `${((sum(r.cpu) / r.wallS) * 1000).toFixed(1)} m` : sum(r.cpu).toFixed(2),
    ),
    sum(idleBefore.rss).toFixed(0),
    sum(idleAfter.rss).toFixed(0),
    sum(idleAfter.pss).toFixed(0),
  ]);
  lines.push(['wall s', ...rows.map((r) => r.wallS.toFixed(1)), '', '', '']);
  const widths = head.map((_, i) => Math.max(...lines.map((l) => (l[i] ?? '').length)));
  console.log(`\nCPU-seconds per phase (idle: millicores), RSS and PSS; ${replicas} replicas\n`);
  for (const l of lines) console.log(`| ${l.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`);
} finally {
  await system?.stop();
  await cluster.stop();
}

if (profDir !== undefined) {
  writeFileSync(
    join(profDir, INDEX_FILE),
    JSON.stringify({
      windows,
      names: Object.fromEntries([...namesByPid].map(([pid, n]) => [String(pid), n])),
    }),
  );
  console.log(`\nCPU profiles (kept): ${profDir}; self-time shares per phase (of busy samples):`);
  console.log(formatSummaries(profDir, { windows, names: Object.fromEntries(namesByPid) }, topFrames));
}
