import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addedWatches, errorChain, renderScaleout } from '../../src/scaleout.ts';

describe('addedWatches', () => {
  it('keeps only resources with more watches than before', () => {
    assert.deepEqual(
      addedWatches({ pods: 5, 'clonesets.apps.kruise.io': 1, nodes: 3 }, { pods: 4, nodes: 3 }),
      {
        pods: 1,
        'clonesets.apps.kruise.io': 1,
      },
    );
  });
});

describe('errorChain', () => {
  it('names each cause after the message', () => {
    const err = new Error('GET /x failed', { cause: new Error('GET /x timed out') });
    assert.equal(errorChain(err), 'GET /x failed: GET /x timed out');
    assert.equal(errorChain('plain'), 'plain');
  });
});

describe('renderScaleout', () => {
  it('prints one row per replica count with per-replica figures', () => {
    const text = renderScaleout(
      [
        {
          replicas: 2,
          seconds: 10,
          converged: 4,
          watches: { pods: 1, 'clonesets.apps.kruise.io': 1 },
          watchesAddedDuringRun: 0,
          perReplica: [
            {
              name: 'a',
              reconciles: 10,
              queueP50Seconds: 0.01,
              queueP99Seconds: 0.25,
              queueTopBucketSeconds: 10,
              cpuSeconds: 1,
              peakRssMiB: 100,
              rssMiB: 90,
              partitions: 8,
            },
            {
              name: 'b',
              reconciles: 30,
              queueP50Seconds: 0.02,
              queueP99Seconds: 10,
              queueTopBucketSeconds: 10,
              cpuSeconds: 2,
              peakRssMiB: 110,
              rssMiB: 95,
              partitions: 8,
            },
          ],
        },
        {
          replicas: 4,
          seconds: Number.NaN,
          converged: 0,
          watches: {},
          watchesAddedDuringRun: Number.NaN,
          perReplica: [],
          error: 'boom',
        },
      ],
      { clonesets: 4, podsEach: 5 },
    );
    const [, , row, failed] = text.split('\n');
    assert.match(
      row ?? '',
      /\| 2 +\| 10\.0 s +\| 2\.0 pods\/s +\| 4\.0\/s \(40\) +\| 10\/250 \/ 20\/≥10000 ms +\| 1\.0 \/ 2\.0 s +\| 100 \/ 110 MiB +\| 8 \/ 8 +\| pods 1, clonesets 1; \+0/,
    );
    assert.match(failed ?? '', /failed: boom/);
  });
});
