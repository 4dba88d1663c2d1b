import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ExpectationLeak } from '../../src/expectation-leaks.ts';
import { ScaleExpectations } from '../../src/scale-expectations.ts';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('ScaleExpectations — expect / observe / satisfied (docs/behaviour/cloneset.md#watches, #reconcile-steps step 3)', () => {
  it('is satisfied with nothing recorded', () => {
    assert.deepEqual(new ScaleExpectations().satisfied('ns/cs'), { satisfied: true });
  });
  it('waits for every expected name of every action, per controller (Kruise TestScale)', () => {
    const e = new ScaleExpectations();
    e.expect('ns/a', 'create', 'pod-1');
    e.expect('ns/a', 'create', 'pod-2');
    e.expect('ns/a', 'delete', 'pod-1');
    assert.equal(e.satisfied('ns/a').satisfied, false);
    e.observe('ns/a', 'create', 'pod-2');
    e.observe('ns/a', 'create', 'pod-1');
    assert.equal(e.satisfied('ns/a').satisfied, false);
    e.observe('ns/b', 'delete', 'pod-1');
    assert.equal(e.satisfied('ns/a').satisfied, false);
    e.observe('ns/a', 'delete', 'pod-1');
    assert.equal(e.satisfied('ns/a').satisfied, true);
  });
  it('does not confuse actions: observing a delete does not satisfy a create of the same name', () => {
    const e = new ScaleExpectations();
    e.expect('k', 'create', 'p');
    e.observe('k', 'delete', 'p');
    assert.equal(e.satisfied('k').satisfied, false);
  });
  it('reports the first pending action, create before delete, with sorted names', () => {
    const e = new ScaleExpectations();
    e.expect('k', 'delete', 'd');
    e.expect('k', 'create', 'b');
    e.expect('k', 'create', 'a');
    const s = e.satisfied('k');
    assert.equal(s.satisfied, false);
    assert.deepEqual(!s.satisfied && s.pending, { action: 'create', names: ['a', 'b'] });
    e.observe('k', 'create', 'a');
    e.observe('k', 'create', 'b');
    const s2 = e.satisfied('k');
    assert.deepEqual(!s2.satisfied && s2.pending, { action: 'delete', names: ['d'] });
  });
  it('ignores observations for unknown controllers or names', () => {
    const e = new ScaleExpectations();
    e.observe('k', 'create', 'x');
    e.expect('k', 'create', 'p');
    e.observe('k', 'create', 'x');
    assert.deepEqual(e.get('k'), { create: ['p'], delete: [] });
  });
  it('records a name once however often it is expected', () => {
    const e = new ScaleExpectations();
    e.expect('k', 'create', 'p');
    e.expect('k', 'create', 'p');
    e.observe('k', 'create', 'p');
    assert.equal(e.satisfied('k').satisfied, true);
  });
  it('deletes all expectations of a controller (CloneSet gone)', () => {
    const e = new ScaleExpectations();
    e.expect('k', 'create', 'p');
    e.delete('k');
    assert.equal(e.get('k'), undefined);
    assert.equal(e.satisfied('k').satisfied, true);
  });
  it('get returns a copy', () => {
    const e = new ScaleExpectations();
    e.expect('k', 'create', 'p');
    e.get('k')?.create.push('q');
    assert.deepEqual(e.get('k'), { create: ['p'], delete: [] });
  });
});

describe('ScaleExpectations — timeout and leaks (docs/behaviour/cloneset.md#reconcile-steps step 3, docs/behaviour/cloneset.md#edge-expectation-timeouts)', () => {
  it('starts the timer at the first unsatisfied check, not at expect', () => {
    const c = clock();
    const e = new ScaleExpectations({ now: c.now });
    e.expect('k', 'create', 'p');
    c.advance(60_000);
    const first = e.satisfied('k');
    assert.equal(!first.satisfied && first.unsatisfiedForMs, 0);
    c.advance(1_500);
    const second = e.satisfied('k');
    assert.equal(!second.satisfied && second.unsatisfiedForMs, 1_500);
  });
  it('keeps the timer while more names are expected; a fully observed controller starts afresh', () => {
    const c = clock();
    const e = new ScaleExpectations({ now: c.now });
    e.expect('k', 'create', 'a');
    e.satisfied('k');
    c.advance(10_000);
    e.expect('k', 'create', 'b');
    e.observe('k', 'create', 'a');
    const s = e.satisfied('k');
    assert.equal(!s.satisfied && s.unsatisfiedForMs, 10_000);
    e.observe('k', 'create', 'b');
    e.expect('k', 'create', 'c');
    c.advance(5_000);
    const fresh = e.satisfied('k');
    assert.equal(!fresh.satisfied && fresh.unsatisfiedForMs, 0);
  });
  it('check: proceeds when satisfied, else requeues at the remaining timeout (default 5 min)', () => {
    const c = clock();
    const e = new ScaleExpectations({ now: c.now });
    assert.deepEqual(e.check('k'), { proceed: true });
    e.expect('k', 'delete', 'p');
    assert.deepEqual(e.check('k'), {
      proceed: false,
      leaked: false,
      requeueAfterMs: 300_000,
      pending: { action: 'delete', names: ['p'] },
    });
    c.advance(120_000);
    const r = e.check('k');
    assert.equal(!r.proceed && r.requeueAfterMs, 180_000);
  });
  it('check: after the timeout reports a leak every time and stops without requeue; expectations stay', () => {
    const c = clock();
    const leaks: ExpectationLeak[] = [];
    const e = new ScaleExpectations({ now: c.now, timeoutMs: 1_000, onLeak: (l) => leaks.push(l) });
    e.expect('ns/cs', 'create', 'p');
    e.check('ns/cs');
    c.advance(1_000);
    assert.deepEqual(e.check('ns/cs'), {
      proceed: false,
      leaked: true,
      requeueAfterMs: undefined,
      pending: { action: 'create', names: ['p'] },
    });
    c.advance(1);
    e.check('ns/cs');
    assert.deepEqual(leaks, [
      { kind: 'scale', key: 'ns/cs', unsatisfiedForMs: 1_000 },
      { kind: 'scale', key: 'ns/cs', unsatisfiedForMs: 1_001 },
    ]);
    assert.equal(e.leakedCount(), 1);
    assert.equal(e.size(), 1);
  });
  it('check with the ForceDeleteTimeoutExpectation gate drops the expectations and requeues after 10 s', () => {
    const c = clock();
    const e = new ScaleExpectations({ now: c.now, timeoutMs: 1_000 });
    e.expect('k', 'create', 'p');
    e.check('k');
    c.advance(2_000);
    const r = e.check('k', { forceDeleteOnTimeout: true });
    assert.equal(!r.proceed && r.leaked && r.requeueAfterMs, 10_000);
    assert.equal(e.get('k'), undefined);
    assert.deepEqual(e.check('k'), { proceed: true });
  });
  it('leakedCount counts only controllers past the timeout', () => {
    const c = clock();
    const e = new ScaleExpectations({ now: c.now, timeoutMs: 1_000 });
    e.expect('a', 'create', 'p');
    e.expect('b', 'create', 'p');
    e.satisfied('a');
    c.advance(999);
    e.satisfied('b');
    assert.equal(e.leakedCount(), 0);
    c.advance(1);
    assert.equal(e.leakedCount(), 1);
    assert.equal(e.timeoutMs, 1_000);
  });
});
