import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { PodEventRecord } from '../../src/pod-watch.ts';
import { phaseSpan, statusRows, timelineRows, writeTimeline } from '../../src/timeline.ts';

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

test('the workload’s states go among the pod rows in order of arrival', () => {
  const pods = [
    ev(1010, 'DELETED', 'p-1', { terminating: true }),
    ev(1030, 'DELETED', 'p-0', { terminating: true }),
  ];
  const status = [{ at: 1045.2, name: 'bench', summary: 'gen 4/4 replicas 0 ready 0 updated 0' }];
  assert.deepEqual(statusRows(status, 1000), [
    { at: 1045.2, row: '45\tstatus\tbench\tgen 4/4 replicas 0 ready 0 updated 0' },
  ]);
  const dir = mkdtempSync(join(tmpdir(), 'timeline-'));
  const file = writeTimeline(dir, 'kruise-ts', 'scale down', pods, 1000, status);
  assert.equal(
    readFileSync(file, 'utf8'),
    'ms\tchange\tpod\timage\n10\tdeleted\tp-1\ta\n30\tdeleted\tp-0\ta\n45\tstatus\tbench\tgen 4/4 replicas 0 ready 0 updated 0\n',
  );
});
