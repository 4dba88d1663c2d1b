// Benchmark: one cloneset-controller process driving a CloneSet of N pods through four phases, against the
// apiserver's raw pod-create ceiling under the same client limits.
//   scale-up   0 → N           ReCreate   image change, podUpdatePolicy ReCreate
//   in-place   image change, podUpdatePolicy InPlaceIfPossible     scale-down   N → 0
// Each phase is timed from the spec write until the status converged (observedGeneration = generation, the
// counts match, updateRevision = currentRevision). Per phase: wall time, the controller's apiserver requests
// (counted by a proxy in front of the apiserver: the runtime's KubeClient keeps no request counter) per pod,
// its reconciles (controller_runtime_reconcile_total), CPU seconds (/proc/<pid>/stat) and peak RSS (VmHWM).
// The raw ceiling: N bare pods created by a KubeClient with the same qps/burst through the same proxy.
// Usage: npm run bench -w @kruise-ts/cloneset-controller [-- --replicas 500 --qps 100 --burst 200]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { KubeClient, resources } from '@kruise-ts/runtime';
import type { V1Pod } from '@kubernetes/client-node';
import {
  type CloneSet,
  cloneSetObject,
  createCloneSet,
  getCloneSet,
  patchCloneSet,
  type StatusWant,
  statusMatches,
} from '../test/e2e/support/cloneset.ts';
import { Harness, PARTITIONS } from '../test/e2e/support/harness.ts';
import { type CountingProxy, countsSince, startCountingProxy } from './counting-proxy.ts';

const { values } = parseArgs({
  options: {
    replicas: { type: 'string', default: '500' },
    qps: { type: 'string', default: '100' },
    burst: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '20' },
    'phase-timeout': { type: 'string', default: '600' },
  },
});
const N = Number(values.replicas);
const QPS = Number(values.qps);
const BURST = Number(values.burst);
const CONCURRENCY = Number(values.concurrency);
const PHASE_TIMEOUT_MS = Number(values['phase-timeout']) * 1000;
for (const [k, v] of Object.entries({ N, QPS, BURST, CONCURRENCY, PHASE_TIMEOUT_MS }))
  if (!Number.isFinite(v) || v <= 0) throw new Error(`bad option ${k}`);

const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
const IMAGES = ['nginx:1.22-alpine', 'nginx:1.23-alpine', 'nginx:1.24-alpine'] as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name "(…)": state is field 3, utime 14, stime 15.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(rest[11]) + Number(rest[12])) / CLK_TCK;
}

function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

async function reconcileTotal(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith('controller_runtime_reconcile_total'))
    .reduce((n, l) => n + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
}

const fmtCounts = (m: Map<string, number>) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

const h = new Harness();
let proxy: CountingProxy | undefined;
let exitCode = 0;
let tmp: string | undefined;
try {
  console.log(
    `benchmark: CloneSet of ${N} pods, one controller, client qps ${QPS} burst ${BURST}, ${PARTITIONS} partitions`,
  );
  await h.start({ controller: false });
  proxy = await startCountingProxy(h.kc);
  tmp = mkdtempSync(join(tmpdir(), 'cloneset-bench-'));
  const proxyKubeconfig = proxy.writeKubeconfig(join(tmp, 'proxy.kubeconfig'));
  const ctrl = h.startController('bench', {
    KRUISE_TS_KUBECONFIG: proxyKubeconfig,
    KRUISE_TS_KUBE_QPS: String(QPS),
    KRUISE_TS_KUBE_BURST: String(BURST),
    // Tracing off: the figures are the controller's own work, not span export.
    OTEL_TRACES_SAMPLER: 'always_off',
  });
  const url = await ctrl.url;
  const pid = ctrl.child.pid;
  if (pid === undefined) throw new Error('controller has no pid');
  // Let it take its partitions before the clock starts.
  await sleep(2000);

  const ns = await h.namespace('bench');
  const name = 'bench';

  interface PhaseResult {
    name: string;
    seconds: number;
    pods: number;
  }
  const results: PhaseResult[] = [];

  async function phase(label: string, pods: number, write: () => Promise<CloneSet>, want: StatusWant) {
    const p = proxy as CountingProxy;
    const counts0 = new Map(p.counts);
    const cpu0 = cpuSeconds(pid as number);
    const rec0 = await reconcileTotal(url);
    const t0 = performance.now();
    await write();
    let last: CloneSet | undefined;
    for (;;) {
      last = await getCloneSet(h, ns, name);
      if (statusMatches(last, want)) break;
      if (performance.now() - t0 > PHASE_TIMEOUT_MS) {
        throw new Error(
          `${label}: not converged after ${PHASE_TIMEOUT_MS / 1000} s; want ${JSON.stringify(want)}, ` +
            `generation ${last.metadata.generation}, status ${JSON.stringify(last.status)}`,
        );
      }
      await sleep(100);
    }
    const seconds = (performance.now() - t0) / 1000;
    const cpu = cpuSeconds(pid as number) - cpu0;
    const reconciles = (await reconcileTotal(url)) - rec0;
    const diff = countsSince(p.counts, counts0);
    const requests = [...diff.values()].reduce((a, b) => a + b, 0);
    results.push({ name: label, seconds, pods });
    console.log(
      `${label.padEnd(10)} ${seconds.toFixed(1).padStart(6)} s  (${(pods / seconds).toFixed(1)} pods/s)  ` +
        `requests ${requests} = ${(requests / pods).toFixed(2)}/pod  reconciles ${reconciles}  ` +
        `cpu ${cpu.toFixed(1)} s  peak RSS ${peakRssMiB(pid as number).toFixed(0)} MiB`,
    );
    console.log(`           ${fmtCounts(diff)}`);
  }

  const full: StatusWant = {
    replicas: N,
    readyReplicas: N,
    availableReplicas: N,
    updatedReplicas: N,
    updatedReadyReplicas: N,
    converged: true,
  };
  const setImage = (image: string, podUpdatePolicy: 'ReCreate' | 'InPlaceIfPossible') => async () => {
    const cs = await getCloneSet(h, ns, name);
    const containers = structuredClone(cs.spec.template.spec?.containers ?? []);
    (containers[0] as { image: string }).image = image;
    return patchCloneSet(h, ns, name, {
      spec: {
        updateStrategy: { rollingUpdate: { podUpdatePolicy } },
        template: { spec: { containers } },
      },
    });
  };

  // The CloneSet exists with 0 replicas first, so scale-up times only the pods (not the first revision).
  await createCloneSet(h, cloneSetObject(ns, name, { replicas: 0, image: IMAGES[0] }));
  for (let i = 0; !statusMatches(await getCloneSet(h, ns, name), { replicas: 0, converged: true }); i++) {
    if (i >= 600) throw new Error('the empty CloneSet did not get a status within 60 s');
    await sleep(100);
  }

  await phase('scale-up', N, () => patchCloneSet(h, ns, name, { spec: { replicas: N } }), full);
  await phase('recreate', N, setImage(IMAGES[1], 'ReCreate'), full);
  await phase('in-place', N, setImage(IMAGES[2], 'InPlaceIfPossible'), full);
  await phase('scale-down', N, () => patchCloneSet(h, ns, name, { spec: { replicas: 0 } }), {
    replicas: 0,
    converged: true,
  });

  // The raw ceiling: N bare pods, the same template, the same limits, the same proxy.
  const rawNs = await h.namespace('raw');
  const raw = new KubeClient({
    kubeconfigPath: proxyKubeconfig,
    qps: QPS,
    burst: BURST,
    userAgent: 'bench-raw',
  });
  const pods = raw.resource<V1Pod>(resources.pods);
  const body = (i: number): V1Pod => ({
    metadata: { name: `raw-${i}`, labels: { app: 'raw' } },
    spec: { containers: [{ name: 'main', image: IMAGES[0] }] },
  });
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < N) {
        const i = next++;
        await pods.create({ namespace: rawNs, body: body(i) });
      }
    }),
  );
  const rawSeconds = (performance.now() - t0) / 1000;
  const rawRate = N / rawSeconds;
  const up = results.find((r) => r.name === 'scale-up');
  const upRate = up === undefined ? Number.NaN : up.pods / up.seconds;
  console.log(
    `raw create ${rawSeconds.toFixed(1).padStart(6)} s  (${rawRate.toFixed(1)} pods/s, ${CONCURRENCY} in flight, ` +
      `qps ${QPS} burst ${BURST})`,
  );
  console.log(
    `scale-up / raw ceiling: ${upRate.toFixed(1)} / ${rawRate.toFixed(1)} pods/s = ${((100 * upRate) / rawRate).toFixed(0)}%`,
  );
} catch (err) {
  exitCode = 1;
  console.error(`benchmark failed: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  await h.stop().catch((err: unknown) => console.error('cleanup failed', err));
  await proxy?.close();
  if (tmp !== undefined) rmSync(tmp, { recursive: true, force: true });
}
process.exitCode = exitCode;
