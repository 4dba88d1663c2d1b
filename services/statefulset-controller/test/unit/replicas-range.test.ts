// Mirrors stateful_set_utils_test.go:TestGetStatefulSetReplicasRange, the reserveOrdinals/ordinals worked examples
// of docs/behaviour/advanced-statefulset.md#ordinals (types doc comment, TestStatefulSetControlWithStartOrdinal, e2e start-ordinal scaling) and
// getParentNameAndOrdinal.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { IntOrString } from '@kruise-ts/kube';
import {
  classifyOrdinal,
  getOrdinal,
  getStatefulSetReplicasRange,
  isMemberOf,
  parseStatefulPodName,
  reservedOrdinals,
  validOrdinals,
} from '../../src/index.ts';

const ON = { startOrdinal: true };

function valid(replicas: number, reserve: IntOrString[] = [], start?: number): number[] {
  const spec = {
    replicas,
    reserveOrdinals: reserve,
    ...(start === undefined ? {} : { ordinals: { start } }),
  };
  return validOrdinals(getStatefulSetReplicasRange({ spec }, ON));
}

describe('TestGetStatefulSetReplicasRange', () => {
  const cases: {
    name: string;
    replicas: number;
    reserve?: IntOrString[];
    start?: number;
    want: number[];
    end?: number;
  }[] = [
    { name: 'replicas 3, nothing reserved', replicas: 3, want: [0, 1, 2], end: 3 },
    { name: 'replicas 3, reserve [1] (migrate pod-1)', replicas: 3, reserve: [1], want: [0, 2, 3], end: 4 },
    { name: 'replicas 2, reserve [1] (delete pod-1 only)', replicas: 2, reserve: [1], want: [0, 2], end: 3 },
    { name: 'replicas 4, reserve [1,3]', replicas: 4, reserve: [1, 3], want: [0, 2, 4, 5], end: 6 },
    { name: 'replicas 3, reserve [0,"2-5"]', replicas: 3, reserve: [0, '2-5'], want: [1, 6, 7], end: 8 },
    { name: 'replicas 1, reserve [0,"2-5"]', replicas: 1, reserve: [0, '2-5'], want: [1], end: 2 },
    { name: 'start 2, replicas 3', replicas: 3, start: 2, want: [2, 3, 4], end: 5 },
    { name: 'start 2, reserve [0,4]', replicas: 3, reserve: [0, 4], start: 2, want: [2, 3, 5], end: 6 },
    {
      name: 'start 2, reserve [0,2,3,4,5]',
      replicas: 3,
      reserve: [0, 2, 3, 4, 5],
      start: 2,
      want: [6, 7, 8],
    },
    {
      name: 'start 1, replicas 4, reserve [1,3,4]',
      replicas: 4,
      reserve: [1, 3, 4],
      start: 1,
      want: [2, 5, 6, 7],
    },
    {
      name: 'start 4, replicas 4, reserve [1,3] (below start: no effect)',
      replicas: 4,
      reserve: [1, 3],
      start: 4,
      want: [4, 5, 6, 7],
      end: 8,
    },
    { name: 'replicas 0', replicas: 0, want: [], end: 0 },
    {
      name: 'an unparsable string empties the reserved set',
      replicas: 3,
      reserve: [1, '5-2'],
      want: [0, 1, 2],
    },
    { name: '"12" is not a range', replicas: 2, reserve: [0, '12'], want: [0, 1] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      assert.deepEqual(valid(c.replicas, c.reserve, c.start), c.want);
      if (c.end !== undefined) {
        const spec = {
          replicas: c.replicas,
          reserveOrdinals: c.reserve ?? [],
          ...(c.start === undefined ? {} : { ordinals: { start: c.start } }),
        };
        assert.equal(getStatefulSetReplicasRange({ spec }, ON).end, c.end);
      }
    });
  }

  it('doc comment: start 2, replicas 4, reserve [1,3] ⇒ [2,7) with reserved {1,3}', () => {
    const r = getStatefulSetReplicasRange(
      { spec: { replicas: 4, reserveOrdinals: [1, 3], ordinals: { start: 2 } } },
      ON,
    );
    assert.equal(r.start, 2);
    assert.equal(r.end, 7);
    assert.deepEqual([...r.reserved].sort(), [1, 3]);
  });

  it('ordinals.start is ignored with the StatefulSetStartOrdinal gate off (Kruise default)', () => {
    assert.deepEqual(
      validOrdinals(getStatefulSetReplicasRange({ spec: { replicas: 2, ordinals: { start: 2 } } })),
      [0, 1],
    );
  });

  it('reservedOrdinals expands inclusive ranges', () => {
    assert.deepEqual(
      [...reservedOrdinals([7, '2-4', '9-9'])].sort((a, b) => a - b),
      [2, 3, 4, 7, 9],
    );
    assert.deepEqual([...reservedOrdinals(['-1-2'])], []);
  });
});

describe('TestStatefulSetControlWithStartOrdinal: membership when ordinals.start changes (e2e start ordinal)', () => {
  const cases: {
    name: string;
    replicas: number;
    start?: number;
    pods: number[];
    valid: number[];
    condemned: number[];
  }[] = [
    { name: 'start 0→2, replicas 2→3', replicas: 3, start: 2, pods: [0, 1], valid: [], condemned: [0, 1] },
    { name: 'start 2→4, replicas 2', replicas: 2, start: 4, pods: [2, 3, 4], valid: [4], condemned: [2, 3] },
    { name: 'start 3→2', replicas: 2, start: 2, pods: [3, 4], valid: [3], condemned: [4] },
    { name: 'ordinals removed', replicas: 2, pods: [2, 3], valid: [], condemned: [2, 3] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const range = getStatefulSetReplicasRange(
        {
          spec: { replicas: c.replicas, ...(c.start === undefined ? {} : { ordinals: { start: c.start } }) },
        },
        ON,
      );
      const cls = c.pods.map((o) => [o, classifyOrdinal(`ss-${o}`, range)] as const);
      assert.deepEqual(
        cls.filter(([, k]) => k === 'valid').map(([o]) => o),
        c.valid,
      );
      assert.deepEqual(
        cls.filter(([, k]) => k === 'condemned').map(([o]) => o),
        c.condemned,
      );
    });
  }
});

describe('getParentNameAndOrdinal / isMemberOf', () => {
  const cases: { name: string; parent?: string; ordinal: number }[] = [
    { name: 'web-0', parent: 'web', ordinal: 0 },
    { name: 'web-12', parent: 'web', ordinal: 12 },
    { name: 'my-web-3', parent: 'my-web', ordinal: 3 },
    { name: 'web-01', parent: 'web', ordinal: 1 },
    { name: 'web', ordinal: -1 },
    { name: 'web-a', ordinal: -1 },
    { name: 'web-3-x', ordinal: -1 },
    { name: 'web-99999999999', parent: 'web', ordinal: -1 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      assert.equal(parseStatefulPodName(c.name)?.parent, c.parent);
      assert.equal(getOrdinal(c.name), c.ordinal);
    });
  }
  it('isMemberOf needs the exact parent name', () => {
    assert.equal(isMemberOf('web', 'web-1'), true);
    assert.equal(isMemberOf('web', 'my-web-1'), false);
    assert.equal(isMemberOf('my', 'my-web-1'), false);
  });
  it('names without an ordinal are ignored, not condemned', () => {
    const range = getStatefulSetReplicasRange({ spec: { replicas: 1 } });
    assert.equal(classifyOrdinal('web-x', range), 'ignored');
    assert.equal(classifyOrdinal('web-5', range), 'condemned');
    assert.equal(classifyOrdinal('web-0', range), 'valid');
  });
});
