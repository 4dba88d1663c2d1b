// The labels of the fake nodes: with the `zones` cluster option they spread round-robin over zone-a, zone-b, …
// under the well-known topology labels (what topologySpreadConstraints and Kruise's spread ranker read).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fakeNodeLabels, REGION_LABEL, ZONE_LABEL } from '../../src/cluster.ts';
import { shapeArgs } from '../../src/cluster-shape.ts';

describe('fakeNodeLabels', () => {
  it('without zones: hostname, os and type only', () => {
    assert.deepEqual(fakeNodeLabels('kwok-node-0', 0), {
      type: 'kwok',
      'kubernetes.io/hostname': 'kwok-node-0',
      'kubernetes.io/os': 'linux',
    });
  });

  it('4 nodes over 2 zones alternate zone-a, zone-b in one region', () => {
    const zones = [0, 1, 2, 3].map((i) => fakeNodeLabels(`kwok-node-${i}`, i, 2)[ZONE_LABEL]);
    assert.deepEqual(zones, ['zone-a', 'zone-b', 'zone-a', 'zone-b']);
    assert.equal(fakeNodeLabels('kwok-node-3', 3, 2)[REGION_LABEL], 'region-1');
  });

  it('refuses more zones than letters', () => assert.throws(() => fakeNodeLabels('n', 0, 27), /at most 26/));
});

describe('shapeArgs (npm run cluster -- up --nodes N --zones N)', () => {
  it('both flags, either spelling', () =>
    assert.deepEqual(shapeArgs(['--nodes', '4', '--zones=2']), { nodes: 4, zones: 2 }));
  it('none: the defaults', () => assert.deepEqual(shapeArgs([]), {}));
  it('refuses other arguments and non-positive counts', () => {
    assert.throws(() => shapeArgs(['--workers', '2']), /unknown argument/);
    assert.throws(() => shapeArgs(['--zones', '0']), /positive integer/);
    assert.throws(() => shapeArgs(['--nodes']), /positive integer/);
  });
});
