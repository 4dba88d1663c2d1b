import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PodEventRecord } from '../../src/pod-watch.ts';
import { phaseSpan, timelineRows } from '../../src/timeline.ts';

const ev = (at: number, type: PodEventRecord['type'], name: string, more: Partial<PodEventRecord> = {}) => ({
  at,
  type,
  name,
  terminating: false,
  ready: false,
  image: 'a',
  ...more,
});

test('each event is named for what it changed against the pod’s previous event', () => {
  const rows = timelineRows(
    [
      ev(1000, 'MODIFIED', 'old', { ready: true }),
      ev(1010, 'MODIFIED', 'old', { ready: true, terminating: true }),
      ev(1020, 'MODIFIED', 'old', { ready: false, terminating: true }),
      ev(1030, 'DELETED', 'old', { terminating: true }),
      ev(1040.4, 'ADDED', 'new', { image: 'b' }),
      ev(1050, 'MODIFIED', 'new', { image: 'b' }),
      ev(1060, 'MODIFIED', 'new', { image: 'b', ready: true }),
      ev(1070, 'MODIFIED', 'new', { image: 'b', ready: false }),
    ],
    1000,
  );
  assert.deepEqual(rows, [
    '0\tupdated\told\ta',
    '10\tterminating\told\ta',
    '20\tunready\told\ta',
    '30\tdeleted\told\ta',
    '40\tcreated\tnew\tb',
    '50\tupdated\tnew\tb',
    '60\tready\tnew\tb',
    '70\tunready\tnew\tb',
  ]);
});

test('the phase span: first and last event, and the last pod to turn terminating', () => {
  assert.deepEqual(phaseSpan([]), {});
  assert.deepEqual(
    phaseSpan([
      ev(1000, 'MODIFIED', 'a', { terminating: true }),
      ev(1010, 'MODIFIED', 'b'),
      ev(1020, 'MODIFIED', 'b', { terminating: true }),
      ev(1030, 'MODIFIED', 'a', { terminating: true }),
      ev(1040, 'DELETED', 'b', { terminating: true }),
      ev(1050, 'ADDED', 'c'),
    ]),
    { first: 1000, last: 1050, lastTerminating: 1020 },
  );
});
