import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ExpectationLeak } from '../../src/expectation-leaks.ts';
import { ResourceVersionExpectations } from '../../src/resource-version-expectations.ts';

const obj = (resourceVersion: string, uid = 'u1') => ({ metadata: { uid, resourceVersion } });

function clock(start = 0) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('ResourceVersionExpectations (docs/behaviour/cloneset.md#reconcile-steps step 9; Kruise TestResourceVersionExpectation)', () => {
  const table: ReadonlyArray<readonly [expect: string, observe: string, check: string, satisfied: boolean]> =
    [
      ['2', '1', '1', false],
      ['2', '2', '2', true],
      ['2', '1', '2', true],
      ['2', '2', '3', true],
    ];
  for (const [e, o, c, want] of table) {
    it(`expect ${e}, observe ${o}, check ${c} → ${want ? 'satisfied' : 'waiting'}`, () => {
      const x = new ResourceVersionExpectations();
      x.expect(obj(e));
      x.observe(obj(o));
      assert.equal(x.isSatisfied(obj(c)).satisfied, want);
    });
  }
  it('never lowers an expectation', () => {
    const x = new ResourceVersionExpectations();
    x.expect(obj('7'));
    x.expect(obj('3'));
    assert.equal(x.isSatisfied(obj('5')).satisfied, false);
    assert.equal(x.isSatisfied(obj('7')).satisfied, true);
  });
  it('keeps objects apart by UID', () => {
    const x = new ResourceVersionExpectations();
    x.expect(obj('7', 'a'));
    assert.equal(x.isSatisfied(obj('1', 'b')).satisfied, true);
    assert.equal(x.isSatisfied(obj('1', 'a')).satisfied, false);
  });
  it('is satisfied for unknown objects and after delete', () => {
    const x = new ResourceVersionExpectations();
    assert.equal(x.isSatisfied(obj('1')).satisfied, true);
    x.expect(obj('9'));
    x.delete(obj('1'));
    assert.equal(x.isSatisfied(obj('1')).satisfied, true);
    assert.equal(x.size(), 0);
  });
  it('times from the first unsatisfied check', () => {
    const c = clock(100);
    const x = new ResourceVersionExpectations({ now: c.now });
    x.expect(obj('9'));
    c.advance(5_000);
    const a = x.isSatisfied(obj('1'));
    c.advance(250);
    const b = x.isSatisfied(obj('1'));
    assert.deepEqual(
      [a, b],
      [
        { satisfied: false, unsatisfiedForMs: 0 },
        { satisfied: false, unsatisfiedForMs: 250 },
      ],
    );
  });
});

describe('ResourceVersionExpectations.check — timeout handling (docs/behaviour/cloneset.md#reconcile-steps step 9)', () => {
  it('observes first, so a cache that caught up proceeds', () => {
    const x = new ResourceVersionExpectations();
    x.expect(obj('4'));
    assert.deepEqual(x.check(obj('4'), { onTimeout: 'stop' }), { proceed: true, leaked: false });
    assert.equal(x.size(), 0);
  });
  it('requeues at the remaining timeout while waiting', () => {
    const c = clock();
    const x = new ResourceVersionExpectations({ now: c.now, timeoutMs: 10_000 });
    x.expect(obj('4'));
    assert.deepEqual(x.check(obj('3'), { onTimeout: 'stop' }), {
      proceed: false,
      leaked: false,
      requeueAfterMs: 10_000,
    });
    c.advance(4_000);
    assert.deepEqual(x.check(obj('3'), { onTimeout: 'stop' }), {
      proceed: false,
      leaked: false,
      requeueAfterMs: 6_000,
    });
  });
  it("update revision ('drop'): after the timeout the expectation is dropped and the reconcile goes on", () => {
    const c = clock();
    const leaks: ExpectationLeak[] = [];
    const x = new ResourceVersionExpectations({ now: c.now, timeoutMs: 1_000, onLeak: (l) => leaks.push(l) });
    x.expect(obj('4', 'rev'));
    x.check(obj('3', 'rev'), { onTimeout: 'drop' });
    c.advance(1_000);
    assert.equal(x.leakedCount(), 1);
    assert.deepEqual(x.check(obj('3', 'rev'), { onTimeout: 'drop' }), { proceed: true, leaked: true });
    assert.deepEqual(leaks, [{ kind: 'resourceVersion', key: 'rev', unsatisfiedForMs: 1_000 }]);
    assert.equal(x.size(), 0);
    assert.equal(x.leakedCount(), 0);
  });
  it("pods ('stop'): after the timeout the reconcile stops without requeue and the expectation stays", () => {
    const c = clock();
    const leaks: ExpectationLeak[] = [];
    const x = new ResourceVersionExpectations({ now: c.now, timeoutMs: 1_000, onLeak: (l) => leaks.push(l) });
    x.expect(obj('4', 'pod'));
    x.check(obj('3', 'pod'), { onTimeout: 'stop' });
    c.advance(5_000);
    assert.deepEqual(x.check(obj('3', 'pod'), { onTimeout: 'stop' }), { proceed: false, leaked: true });
    assert.equal(leaks.length, 1);
    assert.equal(x.size(), 1);
    assert.equal(x.timeoutMs, 1_000);
  });
});
