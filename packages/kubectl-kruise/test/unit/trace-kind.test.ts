// Which controller's spans `rollout why` reads for a workload kind.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { CLONESET_TRACE, STATEFULSET_TRACE, traceKindOf } from '../../src/why/trace-kind.ts';

it('a trace is of the kind whose sync spans it holds most of; a CloneSet one when none', () => {
  assert.equal(traceKindOf(['watcher publish', 'sync statefulset', 'sync statefulset']), STATEFULSET_TRACE);
  assert.equal(traceKindOf(['sync cloneset', 'sync statefulset', 'sync cloneset']), CLONESET_TRACE);
  assert.equal(traceKindOf(['watcher publish']), CLONESET_TRACE);
});

it('the names are those the controllers use', () => {
  assert.deepEqual(STATEFULSET_TRACE, {
    title: 'Advanced StatefulSet',
    service: 'statefulset-controller',
    syncSpan: 'sync statefulset',
    attributePrefix: 'kruise.statefulset',
  });
  assert.equal(CLONESET_TRACE.syncSpan, 'sync cloneset');
});
