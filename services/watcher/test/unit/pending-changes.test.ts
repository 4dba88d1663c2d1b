import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import type { WatchedResource } from '../../src/kinds.ts';
import type { ChangeType, ObjectChange } from '../../src/object-event.ts';
import { coalesces, PendingChanges } from '../../src/pending-changes.ts';

const pods: WatchedResource = { group: '', version: 'v1', plural: 'pods', kind: 'Pod', namespaced: true };

function change(type: ChangeType, resourceVersion: string, uid = 'u1'): ObjectChange {
  return {
    resource: pods,
    type,
    object: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'ns', uid, resourceVersion } },
    json: new Uint8Array(0),
    resourceVersion,
  };
}

const clonesets: WatchedResource = {
  group: 'apps.kruise.io',
  version: 'v1beta1',
  plural: 'clonesets',
  kind: 'CloneSet',
  namespaced: true,
};

/** A CloneSet's change at `generation` (a spec change bumps it; a status write does not). */
function workloadChange(
  type: ChangeType,
  resourceVersion: string,
  generation: number,
  uid = 'w1',
): ObjectChange {
  return {
    resource: clonesets,
    type,
    object: {
      apiVersion: 'apps.kruise.io/v1beta1',
      kind: 'CloneSet',
      metadata: { name: 'cs', namespace: 'ns', uid, resourceVersion, generation },
    },
    json: new Uint8Array(0),
    resourceVersion,
  };
}

/** What was released, in order; a released change's publish starts when started() takes it. */
function harness(lingerMs: number, quietMs = 0) {
  let now = 0;
  const released: { queueKey: string; take: () => { key: string; change: ObjectChange } }[] = [];
  const coalesced: string[] = [];
  const pending = new PendingChanges({
    lingerMs,
    quietMs,
    now: () => now,
    release: (queueKey, take) => released.push({ queueKey, take }),
    coalesced: (c) => coalesced.push(`${c.type}@${c.resourceVersion}`),
  });
  return {
    pending,
    coalesced,
    released,
    advance(ms: number) {
      now += ms;
      mock.timers.tick(ms);
    },
    /** Starts every released publish: the change each one goes out as, `TYPE@rv`. */
    started(): string[] {
      return released.splice(0).map(({ take }) => {
        const { change: c } = take();
        return `${c.type}@${c.resourceVersion}`;
      });
    },
  };
}

beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
afterEach(() => mock.timers.reset());

describe('coalesces: which queued change a newer one may replace', () => {
  const cases: [ChangeType, ChangeType, boolean, string][] = [
    ['ADDED', 'MODIFIED', true, 'a creation takes a later state (and stays a creation)'],
    ['MODIFIED', 'MODIFIED', true, 'a modification takes a later one'],
    ['MODIFIED', 'DELETED', true, 'a modification takes the deletion after it: the object goes from there'],
    [
      'ADDED',
      'DELETED',
      false,
      'a creation is never folded away: a consumer sees what it is told is gone appear',
    ],
    ['DELETED', 'ADDED', false, 'a deletion is not replaced by what comes after it'],
    ['DELETED', 'MODIFIED', false, 'nor by anything else'],
    ['MODIFIED', 'TOMBSTONE', false, 'a tombstone (a re-list found the object gone) is published on its own'],
    ['TOMBSTONE', 'MODIFIED', false, 'nor a tombstone'],
    ['MODIFIED', 'ADDED', false, 'a re-list’s ADDED is not a later state of a queued change'],
  ];
  for (const [queued, next, expected, why] of cases) {
    test(`${queued} then ${next}: ${expected} (${why})`, () => {
      assert.equal(coalesces(change(queued, '1'), change(next, '2')), expected);
    });
  }
  test('an object re-created under the same name (another uid) is not folded into the old one', () => {
    assert.equal(coalesces(change('MODIFIED', '1', 'old'), change('MODIFIED', '2', 'new')), false);
  });
});

describe('PendingChanges without a linger', () => {
  test('each change is released at once; one not started yet takes a newer state', () => {
    const h = harness(0);
    h.pending.add('ns/p', 'pods ns/p', change('ADDED', '1'));
    h.pending.add('ns/p', 'pods ns/p', change('MODIFIED', '2'));
    h.pending.add('ns/p', 'pods ns/p', change('MODIFIED', '3'));
    assert.equal(h.released.length, 1, 'the two modifications folded into the queued creation');
    assert.deepEqual(h.started(), ['ADDED@3']);
    assert.deepEqual(h.coalesced, ['ADDED@1', 'ADDED@2']);
  });

  test('once its publish started, a change is fixed: the next state is a change of its own', () => {
    const h = harness(0);
    h.pending.add('ns/p', 'pods ns/p', change('ADDED', '1'));
    assert.deepEqual(h.started(), ['ADDED@1']);
    h.pending.add('ns/p', 'pods ns/p', change('MODIFIED', '2'));
    assert.deepEqual(h.started(), ['MODIFIED@2']);
    assert.deepEqual(h.coalesced, []);
  });

  test('a queued modification takes the deletion after it; a queued creation is followed by it', () => {
    const h = harness(0);
    h.pending.add('ns/p', 'pods ns/p', change('MODIFIED', '1'));
    h.pending.add('ns/p', 'pods ns/p', change('DELETED', '2'));
    assert.deepEqual(h.started(), ['DELETED@2']);
    h.pending.add('ns/q', 'pods ns/q', change('ADDED', '3', 'uq'));
    h.pending.add('ns/q', 'pods ns/q', change('DELETED', '4', 'uq'));
    assert.deepEqual(h.started(), ['ADDED@3', 'DELETED@4']);
  });

  test('objects are independent', () => {
    const h = harness(0);
    h.pending.add('ns/a', 'pods ns/a', change('MODIFIED', '1', 'ua'));
    h.pending.add('ns/b', 'pods ns/b', change('MODIFIED', '2', 'ub'));
    assert.deepEqual(
      h.released.map((r) => r.queueKey),
      ['pods ns/a', 'pods ns/b'],
    );
  });
});

describe('PendingChanges with a linger of 50 ms', () => {
  test('a creation and the states after it within the linger go out as one creation at the newest state', () => {
    const h = harness(50);
    h.pending.add('ns/p', 'pods ns/p', change('ADDED', '1'));
    h.advance(10);
    h.pending.add('ns/p', 'pods ns/p', change('MODIFIED', '2'));
    h.advance(10);
    h.pending.add('ns/p', 'pods ns/p', change('MODIFIED', '3'));
    assert.equal(h.pending.lingering, 1);
    h.advance(29);
    assert.deepEqual(h.started(), [], 'still lingering at 49 ms');
    h.advance(1);
    assert.deepEqual(h.started(), ['ADDED@3']);
    assert.equal(h.pending.lingering, 0);
  });

  test('the wait is bounded by the first state: a stream of changes does not hold the object back', () => {
    const h = harness(50);
    for (let i = 1; i <= 3; i++) {
      h.pending.add('ns/p', 'pods ns/p', change('MODIFIED', String(i)));
      h.advance(20);
    }
    // Released at 50 ms, 50 ms after the first of the three states, with the newest.
    assert.deepEqual(h.started(), ['MODIFIED@3']);
    h.pending.add('ns/p', 'pods ns/p', change('MODIFIED', '4'));
    h.advance(49);
    assert.deepEqual(h.started(), [], 'a state after the publish started lingers on its own');
    h.advance(1);
    assert.deepEqual(h.started(), ['MODIFIED@4']);
  });

  test('a queued change that has not started still takes a newer state', () => {
    const h = harness(50);
    h.pending.add('ns/p', 'pods ns/p', change('MODIFIED', '1'));
    h.advance(50);
    assert.equal(h.released.length, 1, 'released to the queue');
    h.pending.add('ns/p', 'pods ns/p', change('MODIFIED', '2'));
    assert.deepEqual(h.started(), ['MODIFIED@2']);
    assert.equal(h.pending.lingering, 0);
  });

  test('a deletion goes at once: in place of a lingering modification, after a lingering creation', () => {
    const h = harness(50);
    h.pending.add('ns/p', 'pods ns/p', change('MODIFIED', '1'));
    h.pending.add('ns/p', 'pods ns/p', change('DELETED', '2'));
    assert.deepEqual(h.started(), ['DELETED@2']);
    assert.equal(h.pending.lingering, 0);
    h.pending.add('ns/q', 'pods ns/q', change('ADDED', '3', 'uq'));
    h.pending.add('ns/q', 'pods ns/q', change('MODIFIED', '4', 'uq'));
    h.pending.add('ns/q', 'pods ns/q', change('DELETED', '5', 'uq'));
    assert.deepEqual(h.started(), ['ADDED@4', 'DELETED@5']);
    assert.equal(h.pending.lingering, 0);
    const t = harness(50);
    t.pending.add('ns/q', 'pods ns/q', change('TOMBSTONE', '3'));
    assert.deepEqual(t.started(), ['TOMBSTONE@3'], 'a tombstone does not linger either');
  });

  test('releaseAll hands over everything lingering (a flush publishes what was pushed)', () => {
    const h = harness(50);
    h.pending.add('ns/a', 'pods ns/a', change('ADDED', '1', 'ua'));
    h.pending.add('ns/b', 'pods ns/b', change('MODIFIED', '2', 'ub'));
    h.pending.releaseAll();
    assert.deepEqual(h.started(), ['ADDED@1', 'MODIFIED@2']);
    h.advance(50);
    assert.deepEqual(h.started(), [], 'nothing is released twice');
  });

  test('changes leave on ticks a linger apart: each waits at least the linger, what is due leaves together', () => {
    const h = harness(50);
    h.pending.add('ns/a', 'pods ns/a', change('MODIFIED', '1', 'ua'));
    h.advance(30);
    h.pending.add('ns/b', 'pods ns/b', change('MODIFIED', '2', 'ub'));
    h.advance(10);
    h.pending.add('ns/c', 'pods ns/c', change('MODIFIED', '3', 'uc'));
    h.advance(10);
    assert.deepEqual(h.started(), ['MODIFIED@1'], 'the first tick, a linger after the first change');
    h.advance(30);
    assert.deepEqual(h.started(), [], 'b is due at 80 and c at 90: nothing leaves before the next tick');
    h.advance(20);
    assert.deepEqual(h.started(), ['MODIFIED@2', 'MODIFIED@3'], 'the next tick takes both');
    h.pending.add('ns/d', 'pods ns/d', change('MODIFIED', '4', 'ud'));
    h.advance(50);
    assert.deepEqual(h.started(), ['MODIFIED@4'], 'after a quiet spell the tick starts from the next change');
  });

  test('a workload’s changes go at once, its controller’s status writes too', () => {
    const h = harness(50);
    h.pending.add('ns/cs', 'clonesets ns/cs', workloadChange('ADDED', '1', 1));
    assert.deepEqual(h.started(), ['ADDED@1'], 'the creation is new intent');
    h.pending.add('ns/cs', 'clonesets ns/cs', workloadChange('MODIFIED', '2', 1));
    assert.deepEqual(h.started(), ['MODIFIED@2'], 'its controller waits to read its status write back');
    h.pending.add('ns/cs', 'clonesets ns/cs', workloadChange('MODIFIED', '3', 2));
    assert.deepEqual(h.started(), ['MODIFIED@3'], 'a spec change');
    assert.equal(h.pending.lingering, 0);
  });

  test('a pod’s generation never hurries it: its spec changes are the controllers’ in-place updates', () => {
    const h = harness(50);
    const pod = change('MODIFIED', '1');
    pod.object.metadata = { ...pod.object.metadata, generation: 2 };
    h.pending.add('ns/p', 'pods ns/p', pod);
    assert.deepEqual(h.started(), []);
    h.advance(50);
    assert.deepEqual(h.started(), ['MODIFIED@1']);
  });
});

describe('PendingChanges with a linger of 100 ms, released after 20 quiet ms', () => {
  test('the last states of a burst go once nothing new came for the quiet time', () => {
    const h = harness(100, 20);
    h.pending.add('ns/a', 'pods ns/a', change('ADDED', '1', 'ua'));
    h.advance(10);
    h.pending.add('ns/a', 'pods ns/a', change('MODIFIED', '2', 'ua'));
    h.advance(15);
    h.pending.add('ns/b', 'pods ns/b', change('ADDED', '3', 'ub'));
    h.advance(19);
    assert.deepEqual(h.started(), [], 'each change re-arms the quiet time');
    h.advance(1);
    assert.deepEqual(h.started(), ['ADDED@2', 'ADDED@3'], 'folded as before, released 20 ms after the last');
    assert.equal(h.pending.lingering, 0);
    h.advance(100);
    assert.deepEqual(h.started(), [], 'the tick finds nothing due');
  });

  test('a steady stream is left to the ticks', () => {
    const h = harness(100, 20);
    for (let i = 1; i <= 10; i++) {
      h.pending.add(`ns/p${i}`, `pods ns/p${i}`, change('MODIFIED', String(i), `u${i}`));
      h.advance(10);
    }
    assert.deepEqual(h.started(), ['MODIFIED@1'], 'the first tick, 100 ms after the first change');
    h.advance(20);
    assert.equal(h.started().length, 9, 'the stream stopped at 100 ms: the rest go 20 ms later');
  });

  test('a change that does not linger does not arm the quiet time', () => {
    const h = harness(100, 20);
    h.pending.add('ns/p', 'pods ns/p', change('DELETED', '1'));
    assert.deepEqual(h.started(), ['DELETED@1']);
    h.pending.add('ns/q', 'pods ns/q', change('MODIFIED', '2', 'uq'));
    h.advance(20);
    assert.deepEqual(h.started(), ['MODIFIED@2']);
  });
});
