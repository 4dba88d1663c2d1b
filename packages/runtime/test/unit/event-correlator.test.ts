// Table tests of the Event correlator against client-go's documented defaults (tools/record/events_cache.go:
// aggregate at 10 similar Events in 10 minutes, count repeats, 25 Events per object at once then one per 5 min).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  COMBINED_PREFIX,
  type Correlation,
  EventCorrelator,
  type EventToRecord,
} from '../../src/events/event-correlator.ts';

const cloneSet = {
  apiVersion: 'apps.kruise.io/v1alpha1',
  kind: 'CloneSet',
  namespace: 'ns',
  name: 'web',
  uid: 'u-1',
};

const created = (pod: string, on = cloneSet): EventToRecord => ({
  on,
  type: 'Normal',
  reason: 'SuccessfulCreate',
  message: `succeed to create pod ${pod}`,
});

const T0 = Date.UTC(2026, 11, 2);

describe('EventCorrelator', () => {
  test('a repeat of the same Event bumps the count of the first one', () => {
    const c = new EventCorrelator({ component: 'cloneset-controller' });
    const first = c.correlate(created('web-a'), T0);
    assert.equal(first.action, 'create');
    assert.equal(first.action === 'create' && first.message, 'succeed to create pod web-a');
    const again = c.correlate(created('web-a'), T0 + 1000);
    assert.deepEqual(again, {
      action: 'patch',
      name: first.action === 'create' ? first.name : '',
      count: 2,
      message: 'succeed to create pod web-a',
    });
  });

  test('names are <object>.<hex nanoseconds>, unique within a millisecond', () => {
    const c = new EventCorrelator({ component: 'x' });
    const a = c.correlate({ ...created('p'), reason: 'A' }, T0);
    const b = c.correlate({ ...created('p'), reason: 'B' }, T0);
    assert.ok(a.action === 'create' && b.action === 'create');
    assert.match(a.name, /^web\.[0-9a-f]+$/);
    assert.notEqual(a.name, b.name);
  });

  test('from the tenth distinct message of one reason on, the Events are combined into one', () => {
    const c = new EventCorrelator({ component: 'cloneset-controller' });
    const results = Array.from({ length: 12 }, (_, i) => c.correlate(created(`web-${i}`), T0 + i));
    assert.deepEqual(
      results.slice(0, 9).map((r) => r.action),
      Array(9).fill('create'),
    );
    const tenth = results[9];
    assert.ok(tenth?.action === 'create');
    assert.equal(tenth.message, `${COMBINED_PREFIX}succeed to create pod web-9`);
    assert.deepEqual(results[10], {
      action: 'patch',
      name: tenth.name,
      count: 2,
      message: `${COMBINED_PREFIX}succeed to create pod web-10`,
    });
    assert.deepEqual(results[11], {
      action: 'patch',
      name: tenth.name,
      count: 3,
      message: `${COMBINED_PREFIX}succeed to create pod web-11`,
    });
  });

  test('another reason, type or object is aggregated apart', () => {
    const c = new EventCorrelator({ component: 'cloneset-controller', spamBurst: 1000 });
    for (let i = 0; i < 9; i++) c.correlate(created(`web-${i}`), T0);
    const other = { ...cloneSet, name: 'api', uid: 'u-2' };
    const cases: [string, EventToRecord][] = [
      ['another reason', { ...created('web-x'), reason: 'SuccessfulDelete' }],
      ['another type', { ...created('web-x'), type: 'Warning' }],
      ['another object', created('api-0', other)],
    ];
    for (const [name, event] of cases) {
      const result = c.correlate(event, T0);
      assert.equal(result.action === 'create' && result.message, event.message, name);
    }
  });

  test('a reason quiet for more than 10 minutes starts counting its messages afresh', () => {
    const c = new EventCorrelator({ component: 'x', spamBurst: 1000 });
    for (let i = 0; i < 9; i++) c.correlate(created(`web-${i}`), T0);
    const later = c.correlate(created('web-9'), T0 + 600_001);
    assert.equal(later.action === 'create' && later.message, 'succeed to create pod web-9');
    const within = new EventCorrelator({ component: 'x', spamBurst: 1000 });
    for (let i = 0; i < 9; i++) within.correlate(created(`web-${i}`), T0);
    const soon = within.correlate(created('web-9'), T0 + 600_000);
    assert.ok(soon.action === 'create' && soon.message.startsWith(COMBINED_PREFIX));
  });

  test('25 Events about one object at once, then one per 5 minutes; other objects keep their own budget', () => {
    const c = new EventCorrelator({ component: 'cloneset-controller' });
    const actions = Array.from({ length: 30 }, (_, i) => c.correlate(created(`web-${i}`), T0).action);
    assert.equal(actions.filter((a) => a !== 'skip').length, 25);
    assert.deepEqual(actions.slice(25), Array(5).fill('skip'));
    assert.equal(
      c.correlate(created('api-0', { ...cloneSet, name: 'api', uid: 'u-2' }), T0).action,
      'create',
    );
    assert.equal(c.correlate(created('web-30'), T0 + 299_000).action, 'skip');
    const refilled = c.correlate(created('web-31'), T0 + 300_000);
    assert.equal(refilled.action, 'patch');
    // Skipped Events still counted: the combined Event's count includes them.
    assert.equal(refilled.action === 'patch' && refilled.count, 23);
  });

  test('a 500-pod scale-up writes 25 Events: 9 single, one combined created and patched 15 times', () => {
    const c = new EventCorrelator({ component: 'cloneset-controller' });
    const written: Correlation[] = [];
    for (let i = 0; i < 500; i++) {
      const r = c.correlate(created(`web-${i}`), T0 + i * 20);
      if (r.action !== 'skip') written.push(r);
    }
    assert.equal(written.length, 25);
    assert.equal(written.filter((r) => r.action === 'create').length, 10);
    assert.equal(written.filter((r) => r.action === 'patch').length, 15);
  });

  test('tables are bounded: an entry pushed out is created again', () => {
    const c = new EventCorrelator({ component: 'x', maxEntries: 2, spamBurst: 1000 });
    const first = c.correlate({ ...created('p'), reason: 'A' }, T0);
    c.correlate({ ...created('p'), reason: 'B' }, T0);
    c.correlate({ ...created('p'), reason: 'C' }, T0);
    const again = c.correlate({ ...created('p'), reason: 'A' }, T0);
    assert.equal(again.action, 'create');
    assert.ok(first.action === 'create' && again.action === 'create' && again.name !== first.name);
  });
});
