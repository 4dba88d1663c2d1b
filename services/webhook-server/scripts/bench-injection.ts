// SidecarSet injection latency through the apiserver: 2,000 pod creates (server-side dry run, so nothing piles up
// in etcd or on the fake nodes) that a SidecarSet matches, beside 2,000 the pod webhook sees but no SidecarSet
// matches, and 2,000 in a namespace the pod webhook does not cover. Requests are sequential: the figures are
// latencies, not throughput. Prints p50/p90/p99 and what injection adds.
// Usage: npm run bench:injection (uses the cluster described by KRUISE_TS_* or starts a private one).
import { eventually, startWatcherProcess } from '@kruise-ts/devcluster';
import type { V1Pod } from '@kubernetes/client-node';
import { startE2eEnv } from '../test/support/env.ts';

const count = Number(process.env.BENCH_REQUESTS ?? 2000);
const warmup = 50;
const env = await startE2eEnv();
const watcher = await startWatcherProcess({
  kubeconfigPath: env.cluster.kubeconfigPath,
  natsUrl: env.cluster.natsUrl,
  busPrefix: `wh${env.run}`,
  resources: ['sidecarsets.apps.kruise.io', 'namespaces.core'],
});
const sidecarSetName = `bench-${env.run}`;
try {
  const covered = await env.namespace();
  const uncovered = await env.namespace({ inScope: false });
  await env.custom.createClusterCustomObject({
    group: 'apps.kruise.io',
    version: 'v1beta1',
    plural: 'sidecarsets',
    body: {
      apiVersion: 'apps.kruise.io/v1beta1',
      kind: 'SidecarSet',
      metadata: { name: sidecarSetName, labels: { [env.scope.key]: env.scope.value } },
      spec: {
        selector: { matchLabels: { bench: 'inject' } },
        containers: [
          {
            name: 'log-agent',
            image: 'busybox:1.36',
            command: ['sleep', '999d'],
            volumeMounts: [{ name: 'logs', mountPath: '/var/log' }],
          },
        ],
        volumes: [{ name: 'logs', emptyDir: {} }],
      },
    },
  });

  const pod = (name: string, bench: string): V1Pod => ({
    metadata: { name, labels: { bench } },
    spec: { containers: [{ name: 'app', image: 'nginx:1.25' }] },
  });
  await eventually(
    'the SidecarSet in the webhook cache',
    async () => {
      const dry = await env.core.createNamespacedPod({
        namespace: covered,
        body: pod('probe', 'inject'),
        dryRun: 'All',
      });
      return dry.spec?.containers.length === 2;
    },
    { timeoutMs: 60_000, intervalMs: 250 },
  );

  const measure = async (namespace: string, bench: string, containers: number): Promise<number[]> => {
    const samples: number[] = [];
    for (let i = 0; i < count + warmup; i++) {
      const t0 = process.hrtime.bigint();
      const created = await env.core.createNamespacedPod({
        namespace,
        body: pod(`bench-${i}`, bench),
        dryRun: 'All',
      });
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (created.spec?.containers.length !== containers)
        throw new Error(`expected ${containers} containers, got ${created.spec?.containers.length}`);
      if (i >= warmup) samples.push(ms);
    }
    return samples.sort((a, b) => a - b);
  };
  const pct = (s: number[], p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
  const fmt = (n: number) => n.toFixed(2).padStart(7);
  const line = (label: string, s: number[]) =>
    `${label.padEnd(48)} p50 ${fmt(pct(s, 50))} ms   p90 ${fmt(pct(s, 90))} ms   p99 ${fmt(pct(s, 99))} ms   mean ${fmt(s.reduce((a, b) => a + b, 0) / s.length)} ms`;

  const noWebhook = await measure(uncovered, 'inject', 1);
  const noMatch = await measure(covered, 'none', 1);
  const injected = await measure(covered, 'inject', 2);
  console.log(
    `\nPod create (dry run) through the apiserver, ${count} sequential requests each, after ${warmup} warm-up:`,
  );
  console.log(line('pod webhook not called (namespace out of scope)', noWebhook));
  console.log(line('pod webhook, no SidecarSet matches', noMatch));
  console.log(line('pod webhook, one SidecarSet injected', injected));
  console.log(
    `${'added by injection vs. no match'.padEnd(48)} p50 ${fmt(pct(injected, 50) - pct(noMatch, 50))} ms   p99 ${fmt(pct(injected, 99) - pct(noMatch, 99))} ms`,
  );
} finally {
  await env.custom
    .deleteClusterCustomObject({
      group: 'apps.kruise.io',
      version: 'v1beta1',
      plural: 'sidecarsets',
      name: sidecarSetName,
    })
    .catch(() => {});
  await watcher.stop();
  await env.cleanup();
}
process.exit(0);
