// The delete re-check window on a freshly acquired partition: a fixed minimum, then open while a key the
// partition held at acquisition has not had a clean reconcile (a watcher lagging past the fixed time).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RecheckWindows, recheckWindowOpen } from '../../src/recheck-window.ts';

describe('delete re-check window', () => {
  const cases = [
    { name: 'inside the fixed time, nothing pending', elapsedMs: 10_000, pendingKeys: 0, want: true },
    { name: 'inside the fixed time, keys pending', elapsedMs: 10_000, pendingKeys: 2, want: true },
    { name: 'past the fixed time, a key not reconciled yet', elapsedMs: 120_000, pendingKeys: 1, want: true },
    { name: 'past the fixed time, every key reconciled', elapsedMs: 30_000, pendingKeys: 0, want: false },
  ];
  for (const c of cases) {
    it(c.name, () => assert.equal(recheckWindowOpen({ ...c, minMs: 30_000 }), c.want));
  }

  it('closes for a partition once the time passed and each key of the acquisition reconciled cleanly', () => {
    const w = new RecheckWindows(30_000);
    w.open(3, 1_000, ['ns/a', 'ns/b']);
    assert.equal(w.isOpen(3, 20_000), true);
    w.reconciled(3, 'ns/a');
    assert.equal(w.isOpen(3, 40_000), true, 'ns/b has not reconciled: a lagging watcher keeps it open');
    assert.deepEqual(w.pending(3), ['ns/b']);
    w.reconciled(3, 'ns/other'); // a key that appeared later does not matter
    w.reconciled(3, 'ns/b');
    assert.equal(w.isOpen(3, 40_000), false);
    assert.equal(w.isOpen(3, 20_000), true, 'still inside the fixed time');
  });

  it('a partition re-acquired starts over; a released one holds nothing open', () => {
    const w = new RecheckWindows(30_000);
    w.open(1, 0, ['ns/a']);
    w.reconciled(1, 'ns/a');
    w.open(1, 100_000, ['ns/a']);
    assert.equal(w.isOpen(1, 200_000), true);
    w.close(1);
    assert.equal(w.isOpen(1, 200_000), false);
  });

  it('a partition never opened counts from the process start', () => {
    const w = new RecheckWindows(30_000);
    assert.equal(w.isOpen(7, 5_000), true);
    assert.equal(w.isOpen(7, 31_000), false);
  });
});
