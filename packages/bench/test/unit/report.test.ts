import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  breakdown,
  type ContenderRun,
  fmtRatio,
  ratio,
  renderDetails,
  renderPeerTable,
  renderTable,
} from '../../src/report.ts';

const run = (
  contender: string,
  seconds: number,
  cpu: number,
  extra: Partial<ContenderRun> = {},
): ContenderRun => ({
  contender,
  phases: [
    { phase: 'scale-up', pods: 10, seconds, cpu: { a: cpu / 2, b: cpu / 2 }, apiserverCpu: 1, requests: 30 },
  ],
  peakRssMiB: { a: 100, b: 50 },
  idle: { seconds: 30, millicores: 20, rssMiB: { a: 80, b: 40 } },
  notCounted: [],
  violations: [],
  notes: [],
  ...extra,
});

describe('ratio', () => {
  const cases: [number | undefined, number | undefined, string][] = [
    [2, 1, '2.00×'],
    [1, 4, '0.25×'],
    [1, 0, '–'],
    [undefined, 1, '–'],
    [1, undefined, '–'],
    [Number.NaN, 1, '–'],
  ];
  for (const [a, b, want] of cases)
    it(`${a} / ${b} → ${want}`, () => assert.equal(fmtRatio(ratio(a, b)), want));
});

describe('renderTable', () => {
  it('pads every column to its widest cell', () => {
    assert.equal(
      renderTable(['a', 'bb'], [['ccc', 'd']]),
      ['| a   | bb |', '|-----|----|', '| ccc | d  |'].join('\n'),
    );
  });
});

describe('breakdown', () => {
  it('lists the largest first and folds the rest', () => {
    assert.equal(breakdown({ x: 1, y: 3, z: 2 }, 1, 2), 'y 3.0, z 2.0, 1 others 1.0');
  });
});

describe('renderPeerTable', () => {
  it('shows both contenders and the kruise-ts ÷ Kruise ratios', () => {
    const text = renderPeerTable(run('kruise-ts', 20, 8), run('Kruise', 10, 2));
    const row = text.split('\n').find((l) => l.startsWith('| scale-up'));
    assert.ok(row);
    assert.match(row, /20\.0 \/ 10\.0 s/);
    assert.match(row, /2\.00×/);
    assert.match(row, /8\.0 \/ 2\.0 s/);
    assert.match(row, /4\.00×/);
    assert.match(row, /3\.00 \/ 3\.00/);
    assert.match(text, /peak RSS \(sum\) \| 150 \/ 150 MiB/);
    assert.match(text, /idle 30 s.*120 \/ 120 MiB.*20 \/ 20 mcores/);
    // Results from before PSS was measured show a dash.
    assert.match(text, /peak PSS \(sum\) +\| – \/ – MiB/);
  });
  it('sums PSS, peak and idle, and gives their ratios', () => {
    const pss = (peak: number, a: number, b: number) => ({
      peakPssMiB: peak,
      idle: { seconds: 30, millicores: 20, rssMiB: { a: 80, b: 40 }, pssMiB: { a, b } },
    });
    const text = renderPeerTable(
      run('kruise-ts', 20, 8, pss(300, 150, 50)),
      run('Kruise', 10, 2, pss(100, 90, 10)),
    );
    assert.match(text, /peak PSS \(sum\) +\| 300 \/ 100 MiB\s+\| 3\.00×/);
    assert.match(text, /idle PSS \(sum\)\s+\| 200 \/ 100 MiB\s+\| 2\.00×/);
    assert.match(renderDetails(run('kruise-ts', 20, 8, pss(300, 150, 50))), /idle PSS MiB: a 150, b 50/);
  });
  it('shows "–" for a contender that did not run', () => {
    const text = renderPeerTable(run('kruise-ts', 20, 8), undefined);
    assert.match(text, /20\.0 \/ – s/);
  });
});

describe('renderDetails', () => {
  it('prints the idle V8 heap, the largest committed first, only when the contender reported it', () => {
    assert.doesNotMatch(renderDetails(run('kruise', 1, 1)), /V8 heap/);
    const heapMiB = { a: { used: 30.2, committed: 60.4 }, b: { used: 50, committed: 90 } };
    const text = renderDetails(
      run('kruise-ts', 1, 1, { idle: { seconds: 30, millicores: 1, rssMiB: {}, heapMiB } }),
    );
    assert.match(text, /idle V8 heap used \/ committed MiB: b 50 \/ 90, a 30 \/ 60/);
  });

  it('says the invariants held, or lists the violations', () => {
    assert.match(renderDetails(run('kruise-ts', 1, 1)), /invariants: held/);
    assert.match(
      renderDetails(run('kruise-ts', 1, 1, { violations: ['x: 3 active'] })),
      /VIOLATIONS:\n {4}x: 3 active/,
    );
  });

  it('prints requests per pod by verb and resource, the largest first', () => {
    const phases = [
      {
        phase: 'scale-up',
        pods: 10,
        seconds: 1,
        cpu: { a: 1 },
        apiserverCpu: 1,
        requests: 45,
        requestsBy: { 'POST pods': 10, 'PATCH pods/status': 25, 'POST events': 10 },
      },
    ];
    assert.match(
      renderDetails(run('kruise-ts', 1, 1, { phases })),
      /scale-up requests\/pod: PATCH pods\/status 2\.50, POST pods 1\.00, POST events 1\.00/,
    );
  });

  it('prints the workload reconciles per phase, and nothing for results from before they were counted', () => {
    assert.doesNotMatch(renderDetails(run('kruise', 1, 1)), /reconciles/);
    const phase = { pods: 10, seconds: 1, cpu: { a: 1 }, apiserverCpu: 1, requests: 1 };
    const phases = [
      { ...phase, phase: 'scale-up', reconciles: 120 },
      { ...phase, phase: 'scale-down', reconciles: 40 },
    ];
    assert.match(
      renderDetails(run('kruise', 1, 1, { phases })),
      /reconciles of the workload: scale-up 120, scale-down 40/,
    );
  });

  it('prints the object events published and coalesced per pod, and nothing for a contender without a bus', () => {
    assert.doesNotMatch(renderDetails(run('kruise', 1, 1)), /object events/);
    const phase = { pods: 10, seconds: 1, cpu: { a: 1 }, apiserverCpu: 1, requests: 1 };
    const phases = [
      { ...phase, phase: 'scale-up', busEvents: { published: 25, coalesced: 24 } },
      { ...phase, phase: 'scale-down', busEvents: { published: 20, coalesced: 0 } },
    ];
    assert.match(
      renderDetails(run('kruise-ts', 1, 1, { phases })),
      /object events published \/ coalesced per pod: scale-up 2\.50 \/ 2\.40, scale-down 2\.00 \/ 0\.00/,
    );
  });
});
