// Admission latency through the apiserver: 2,000 CloneSet creates (server-side dry run, so nothing piles up in
// etcd) in a namespace the mutating and validating webhooks cover, beside the same 2,000 in a namespace they do
// not cover. Requests are sequential, so the figures are latencies, not throughput. Prints p50/p90/p99.
// Usage: npm run bench (uses the cluster described by KRUISE_TS_* or starts a private one).
import { startE2eEnv } from '../test/support/env.ts';
import { fixtures } from '../test/support/fixtures.ts';

const count = Number(process.env.BENCH_REQUESTS ?? 2000);
const warmup = 50;
const env = await startE2eEnv();
try {
  const covered = await env.namespace();
  const uncovered = await env.namespace({ inScope: false });
  const f = fixtures[0]!;

  const measure = async (namespace: string): Promise<number[]> => {
    const samples: number[] = [];
    for (let i = 0; i < count + warmup; i++) {
      const body = f.valid(`bench-${i}`, 'v1beta1');
      const t0 = process.hrtime.bigint();
      await env.custom.createNamespacedCustomObject({
        group: 'apps.kruise.io',
        version: 'v1beta1',
        namespace,
        plural: f.plural,
        body,
        dryRun: 'All',
      });
      if (i >= warmup) samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    return samples.sort((a, b) => a - b);
  };
  const pct = (s: number[], p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
  const line = (label: string, s: number[]) =>
    `${label.padEnd(36)} p50 ${pct(s, 50).toFixed(2).padStart(7)} ms   p90 ${pct(s, 90).toFixed(2).padStart(7)} ms   p99 ${pct(s, 99).toFixed(2).padStart(7)} ms   mean ${(s.reduce((a, b) => a + b, 0) / s.length).toFixed(2).padStart(7)} ms`;

  const without = await measure(uncovered);
  const withWebhooks = await measure(covered);
  console.log(
    `\nCloneSet create (dry run) through the apiserver, ${count} sequential requests each, after ${warmup} warm-up:`,
  );
  console.log(line('no webhook', without));
  console.log(line('mutating + validating webhook', withWebhooks));
  console.log(
    `${'added by the webhooks'.padEnd(36)} p50 ${(pct(withWebhooks, 50) - pct(without, 50)).toFixed(2).padStart(7)} ms   p99 ${(pct(withWebhooks, 99) - pct(without, 99)).toFixed(2).padStart(7)} ms`,
  );
} finally {
  await env.cleanup();
}
process.exit(0);
