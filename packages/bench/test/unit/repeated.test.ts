import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fmtSpread, renderRepeatedTable, spread } from '../../src/repeated.ts';
import type { ContenderRun } from '../../src/report.ts';

const run = (contender: string, seconds: number, cpu: number, idleMillicores = 20): ContenderRun => ({
  contender,
  phases: [
    { phase: 'scale-up', pods: 10, seconds, cpu: { a: cpu / 2, b: cpu / 2 }, apiserverCpu: 1, requests: 30 },
  ],
  peakRssMiB: { a: 100, b: 50 },
  idle: { seconds: 30, millicores: idleMillicores, rssMiB: { a: 80 } },
  notCounted: [],
  violations: [],
  notes: [],
});

describe('spread', () => {
  const cases: [string, (number | undefined)[], ReturnType<typeof spread>][] = [
    ['odd count: the middle value', [3, 1, 2], { median: 2, min: 1, max: 3 }],
    ['even count: the mean of the middle two', [4, 1, 2, 3], { median: 2.5, min: 1, max: 4 }],
    ['missing and non-finite values are left out', [undefined, Number.NaN, 5], { median: 5, min: 5, max: 5 }],
    ['nothing to summarise', [undefined], undefined],
  ];
  for (const [name, values, want] of cases) it(name, () => assert.deepEqual(spread(values), want));
});

describe('fmtSpread', () => {
  it('prints the median and the range', () =>
    assert.equal(fmtSpread({ median: 2, min: 1, max: 3.25 }), '2.0 (1.0–3.3)'));
  it('prints one value when the runs agree', () =>
    assert.equal(fmtSpread({ median: 2, min: 2, max: 2 }), '2.0'));
  it('prints a dash for no runs', () => assert.equal(fmtSpread(undefined), '–'));
});

describe('renderRepeatedTable', () => {
  it('gives the ratio of the medians and the range of the per-pair ratios', () => {
    const ts = [run('kruise-ts', 10, 6), run('kruise-ts', 12, 9), run('kruise-ts', 11, 3)];
    const kruise = [run('Kruise', 10, 3), run('Kruise', 10, 3), run('Kruise', 10, 2)];
    const text = renderRepeatedTable(ts, kruise);
    const line = (label: string) => text.split('\n').find((l) => l.startsWith(`| ${label} `)) ?? '';
    // CPU medians 6 and 3: 2.00×; pairs 6/3, 9/3, 3/2.
    assert.match(
      line('scale-up CPU'),
      /6\.0 \(3\.0–9\.0\) \/ 3\.0 \(2\.0–3\.0\) s\s+\| 2\.00×\s+\| 1\.50×–3\.00×/,
    );
    assert.match(line('scale-up wall'), /11\.0 \(10\.0–12\.0\) \/ 10\.0 s\s+\| 1\.10×\s+\| 1\.00×–1\.20×/);
    assert.match(line('peak RSS (sum)'), /150 \/ 150 MiB\s+\| 1\.00×\s+\| 1\.00×/);
  });

  it('shows a dash for a contender that did not run', () => {
    const text = renderRepeatedTable([run('kruise-ts', 10, 6)], []);
    assert.match(text, /scale-up CPU\s+\| 6\.0 \/ – s\s+\| –/);
  });
});
