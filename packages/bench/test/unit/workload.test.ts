import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { converged, phases, rollPatch } from '../../src/workload.ts';

const status = (s: Record<string, unknown>, generation = 2) => ({
  metadata: { generation },
  status: { observedGeneration: 2, currentRevision: 'r1', updateRevision: 'r1', ...s },
});
const full = { replicas: 3, readyReplicas: 3, availableReplicas: 3, updatedReplicas: 3 };

describe('converged', () => {
  const cases: [string, ReturnType<typeof status>, number, boolean][] = [
    ['all counts and revisions', status(full), 3, true],
    ['old generation', status(full, 3), 3, false],
    ['not all ready', status({ ...full, readyReplicas: 2 }), 3, false],
    ['revisions differ', status({ ...full, currentRevision: 'r0' }), 3, false],
    ['zero replicas with counters omitted', status({}), 0, true],
  ];
  for (const [name, obj, n, want] of cases) it(name, () => assert.equal(converged(obj, n), want));
});

describe('phases', () => {
  it('keeps the ceiling at N through scale-down (pods leave gradually)', () => {
    assert.deepEqual(
      phases('cloneset', 5).map((p) => [p.phase, p.replicas, p.ceiling]),
      [
        ['scale-up', 5, 5],
        ['ReCreate roll', 5, 5],
        ['in-place roll', 5, 5],
        ['scale-down', 0, 5],
      ],
    );
  });
  it('puts the update policy where each kind keeps it', () => {
    assert.deepEqual(rollPatch('cloneset', 'x', 'InPlaceIfPossible').spec, {
      updateStrategy: { type: 'InPlaceIfPossible', maxUnavailable: '50%' },
      template: { spec: { containers: [{ name: 'main', image: 'x' }] } },
    });
    assert.deepEqual(
      (rollPatch('asts', 'x', 'ReCreate').spec as { updateStrategy: unknown }).updateStrategy,
      {
        type: 'RollingUpdate',
        rollingUpdate: { podUpdatePolicy: 'ReCreate', maxUnavailable: '50%' },
      },
    );
  });
});
