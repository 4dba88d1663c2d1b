// The local supervisor's decision per probe (supervision-plan.ts), as the kubelet's liveness handling; no servers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type ProbeOutcome, probeDue, superviseStep } from '../../src/supervision-plan.ts';

const policy = { periodMs: 10_000, exitCheckMs: 2_000, timeoutMs: 2_000, failureThreshold: 3 };

test('superviseStep: an exited process restarts at once, a failing one after the threshold in a row', () => {
  const run = (outcomes: ProbeOutcome[]) => {
    let failures = 0;
    return outcomes.map((o) => {
      const step = superviseStep(failures, o, policy);
      failures = step.failures;
      return step.restart ? 'restart' : String(step.failures);
    });
  };
  const cases: [ProbeOutcome[], string[]][] = [
    [
      ['live', 'live'],
      ['0', '0'],
    ],
    [['exited'], ['restart']],
    [
      ['not-live', 'not-live', 'not-live'],
      ['1', '2', 'restart'],
    ],
    // No answer (a frozen or busy process) counts as a failure, as a probe timeout does for the kubelet.
    [
      ['no-answer', 'not-live', 'no-answer', 'live'],
      ['1', '2', 'restart', '0'],
    ],
    // A success in between starts the count again.
    [
      ['not-live', 'not-live', 'live', 'not-live', 'not-live'],
      ['1', '2', '0', '1', '2'],
    ],
  ];
  for (const [outcomes, want] of cases) assert.deepEqual(run(outcomes), want, outcomes.join(','));
});

test('probeDue: a service never probed is due at once, then once per period, however often the supervisor looks', () => {
  const cases: [number | undefined, number, boolean][] = [
    [undefined, 0, true],
    [1_000, 2_000, false],
    [1_000, 10_999, false],
    [1_000, 11_000, true],
    [1_000, 60_000, true],
  ];
  for (const [last, now, want] of cases) assert.equal(probeDue(last, now, policy), want, `${last} -> ${now}`);
});
