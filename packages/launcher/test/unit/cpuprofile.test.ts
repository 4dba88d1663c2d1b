// The profile summary without processes: a small hand-made profile cut into windows, its self-time shares of
// busy samples, inclusive time and the nearest own frame.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type CpuProfile, frameName, summarise } from '../../src/cpuprofile.ts';

const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });

// root → (idle); root → reconcile (own) → JSON.parse (native); root → fetch (library) → writev (native).
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 3, 5] },
    { id: 2, callFrame: frame('(idle)') },
    { id: 3, callFrame: frame('reconcile', 'file:///w/services/x/src/r.ts', 9), children: [4] },
    { id: 4, callFrame: frame('parse') },
    { id: 5, callFrame: frame('fetch', 'file:///w/node_modules/undici/index.js', 0), children: [6] },
    { id: 6, callFrame: frame('writev') },
  ],
  startTime: 1000,
  endTime: 1100,
  // one sample every 10 µs, at 1010 … 1100
  samples: [2, 4, 4, 3, 6, 6, 6, 2, 4, 3],
  timeDeltas: [10, 10, 10, 10, 10, 10, 10, 10, 10, 10],
};

describe('cpuprofile summary', () => {
  it('names frames by function and shortened location', () => {
    assert.equal(frameName(frame('f', 'file:///a/b/packages/x/src/y.ts', 4)), 'f packages/x/src/y.ts:5');
    assert.equal(frameName(frame('', 'node:internal/timers', 0)), '(anonymous) internal/timers:1');
    assert.equal(frameName(frame('(garbage collector)')), '(garbage collector)');
  });

  const table: ReadonlyArray<{
    name: string;
    window: [number, number];
    busy: number;
    top: [string, number][];
  }> = [
    {
      name: 'whole profile',
      window: [0, 2000],
      busy: 8,
      top: [
        ['parse', 3 / 8],
        ['writev', 3 / 8],
        ['reconcile services/x/src/r.ts:10', 2 / 8],
      ],
    },
    {
      name: 'first half (one sample idle)',
      window: [1000, 1050],
      busy: 3,
      top: [
        ['parse', 2 / 3],
        ['reconcile services/x/src/r.ts:10', 1 / 3],
      ],
    },
    { name: 'idle only', window: [1080, 1081], busy: 0, top: [] },
  ];
  for (const c of table) {
    it(`self-time shares of busy samples: ${c.name}`, () => {
      const [s] = summarise(profile, [{ name: c.name, startUs: c.window[0], endUs: c.window[1] }], 3);
      assert.equal(s?.busySamples, c.busy);
      assert.deepEqual(
        s?.top.map((t) => [t.frame, t.share]),
        c.top,
      );
    });
  }

  it('charges library and native work to the nearest own frame, and counts inclusive time once per sample', () => {
    const [s] = summarise(profile, [{ name: 'all', startUs: 0, endUs: 2000 }], 10);
    assert.deepEqual(
      s?.ownCallers.map((t) => [t.frame, t.samples]),
      [
        ['reconcile services/x/src/r.ts:10', 5],
        ['(no own frame)', 3],
      ],
    );
    const inclusive = new Map(s?.inclusive.map((t) => [t.frame, t.samples]));
    assert.equal(inclusive.get('reconcile services/x/src/r.ts:10'), 5);
    assert.equal(inclusive.get('fetch node_modules/undici/index.js:1'), 3);
    assert.equal(inclusive.has('(root)'), false);
  });
});
