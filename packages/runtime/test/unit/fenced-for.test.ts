// A reconcile whose write was fenced is retried soon instead of backing off (partitioned-controller.ts): which
// errors count as fenced for the reconcile's partition.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FencedError, fencedFor } from '../../src/partitioned-controller.ts';

test('fenced: the error itself, or a cause of a wrapped one, of the same partition only', () => {
  const cases: [string, unknown, boolean][] = [
    ['FencedError of the partition', new FencedError(3), true],
    [
      'wrapped by a writer',
      new Error('cannot create pod web-1', { cause: new FencedError(3, 'lease lost') }),
      true,
    ],
    [
      'two levels down (an aborted request inside a wrapped call)',
      new Error('reconcile', { cause: new Error('request aborted', { cause: new FencedError(3) }) }),
      true,
    ],
    ['another partition', new FencedError(4), false],
    ['an ordinary failure', new Error('409 Conflict'), false],
    ['not an Error', 'FencedError', false],
    ['undefined', undefined, false],
  ];
  for (const [name, err, want] of cases) assert.equal(fencedFor(err, 3), want, name);
});
