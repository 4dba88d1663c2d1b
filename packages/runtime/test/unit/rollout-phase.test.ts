// The rollout phase every workload kind reports in RolloutProgress: complete / held by the partition, paused,
// waiting on the best-explaining wait, progressing. The kinds' own tests cover how they compute the inputs.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RolloutPhase } from '@kruise-ts/bus';
import { type PhaseInput, type PhaseResult, rolloutPhaseOf } from '../../src/rollout-trace/rollout-phase.ts';
import { waitOn } from '../../src/rollout-trace/wait-events.ts';

const pods = (...names: string[]) => names.map((name) => ({ metadata: { name } }));

const base: PhaseInput = {
  kind: 'CloneSet',
  complete: false,
  replicas: 3,
  expectedUpdated: 3,
  updated: 1,
  currentRevision: 'rev-1',
  paused: false,
  waits: [],
  priority: ['WaitingForExpectations', 'WaitingForReadiness', 'MaxUnavailableReached'],
};

const cases: Array<{ name: string; input: Partial<PhaseInput>; want: PhaseResult }> = [
  {
    name: 'complete: every pod updated',
    input: { complete: true, updated: 3 },
    want: {
      phase: RolloutPhase.ROLLOUT_PHASE_COMPLETE,
      reason: 'RolloutComplete',
      message: 'all 3 pods updated and available',
    },
  },
  {
    name: 'complete below the partition',
    input: { complete: true, expectedUpdated: 1, updated: 1 },
    want: {
      phase: RolloutPhase.ROLLOUT_PHASE_COMPLETE,
      reason: 'PartitionReached',
      message: '1 of 3 pods updated; the partition keeps 2 at rev-1',
    },
  },
  {
    name: 'complete wins over paused',
    input: { complete: true, paused: true },
    want: {
      phase: RolloutPhase.ROLLOUT_PHASE_COMPLETE,
      reason: 'RolloutComplete',
      message: 'all 3 pods updated and available',
    },
  },
  {
    name: 'paused names the kind',
    input: { kind: 'StatefulSet', paused: true, waits: [waitOn('WaitingForReadiness', pods('a'))] },
    want: { phase: RolloutPhase.ROLLOUT_PHASE_PAUSED, reason: 'Paused', message: 'StatefulSet is paused' },
  },
  {
    name: 'waiting: the highest-priority wait leads',
    input: {
      waits: [waitOn('MaxUnavailableReached', pods('c')), waitOn('WaitingForReadiness', pods('a', 'b'))],
    },
    want: {
      phase: RolloutPhase.ROLLOUT_PHASE_WAITING,
      reason: 'WaitingForReadiness',
      message: '2 pod(s): a, b',
    },
  },
  {
    name: 'a wait not in the priority list never leads',
    input: { waits: [waitOn('PartitionReached', pods('a'))] },
    want: {
      phase: RolloutPhase.ROLLOUT_PHASE_PROGRESSING,
      reason: 'Progressing',
      message: '1 of 3 pods updated',
    },
  },
  {
    name: 'progressing counts against the expected updated',
    input: { expectedUpdated: 2, updated: 0 },
    want: {
      phase: RolloutPhase.ROLLOUT_PHASE_PROGRESSING,
      reason: 'Progressing',
      message: '0 of 2 pods updated',
    },
  },
];

describe('rolloutPhaseOf', () => {
  for (const c of cases) {
    it(c.name, () => {
      assert.deepEqual(rolloutPhaseOf({ ...base, ...c.input }), c.want);
    });
  }
});
