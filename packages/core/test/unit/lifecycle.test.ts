import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Pod } from '../../src/kube-types.ts';
import {
  formatRfc3339,
  getPodLifecycleState,
  isLifecycleMarkPodNotReady,
  isLifecycleState,
  isPodAllHooked,
  isPodHooked,
  LIFECYCLE_STATE_LABEL,
  LIFECYCLE_STATES,
  LIFECYCLE_TIMESTAMP_ANNOTATION,
  LifecycleState,
  lifecycleStatePatch,
  lifecycleStatePatchWithHook,
  withLifecycleState,
} from '../../src/lifecycle.ts';

const NOW = Date.parse('2026-03-04T05:06:07.890Z');
const podWith = (labels: Record<string, string> = {}, finalizers: string[] = []): Pod => ({
  metadata: { name: 'p', labels, finalizers },
});

describe('lifecycle state label (docs/behaviour/cloneset.md#lifecycle, #labels)', () => {
  it('knows the six states', () => {
    assert.deepEqual(LIFECYCLE_STATES, [
      'PreparingNormal',
      'Normal',
      'PreparingUpdate',
      'Updating',
      'Updated',
      'PreparingDelete',
    ]);
    assert.equal(isLifecycleState('Updated'), true);
    assert.equal(isLifecycleState('updated'), false);
  });
  it('reads the label, "" when absent, and passes unknown values through', () => {
    assert.equal(getPodLifecycleState(podWith({ [LIFECYCLE_STATE_LABEL]: 'Normal' })), 'Normal');
    assert.equal(getPodLifecycleState(podWith()), '');
    assert.equal(getPodLifecycleState({ metadata: {} }), '');
    assert.equal(getPodLifecycleState(undefined), '');
    assert.equal(getPodLifecycleState(podWith({ [LIFECYCLE_STATE_LABEL]: 'Other' })), 'Other');
  });
  it('formats the timestamp as RFC 3339 with whole seconds', () => {
    assert.equal(formatRfc3339(NOW), '2026-03-04T05:06:07Z');
    assert.equal(formatRfc3339(new Date(NOW)), '2026-03-04T05:06:07Z');
  });
  it('builds the strategic-merge patch for a state change', () => {
    assert.deepEqual(lifecycleStatePatch(LifecycleState.PreparingDelete, NOW), {
      metadata: {
        labels: { [LIFECYCLE_STATE_LABEL]: 'PreparingDelete' },
        annotations: { [LIFECYCLE_TIMESTAMP_ANNOTATION]: '2026-03-04T05:06:07Z' },
      },
    });
  });
  it('re-adds hook labels and finalizers with the state (Updated → PreparingUpdate)', () => {
    const hook = { labelsHandler: { 'example.com/hold': 'true' }, finalizersHandler: ['example.com/f'] };
    assert.deepEqual(lifecycleStatePatchWithHook(LifecycleState.PreparingUpdate, hook, NOW), {
      metadata: {
        labels: { [LIFECYCLE_STATE_LABEL]: 'PreparingUpdate', 'example.com/hold': 'true' },
        annotations: { [LIFECYCLE_TIMESTAMP_ANNOTATION]: '2026-03-04T05:06:07Z' },
        finalizers: ['example.com/f'],
      },
    });
    assert.deepEqual(
      lifecycleStatePatchWithHook(LifecycleState.PreparingUpdate, {}, NOW).metadata.finalizers,
      [],
    );
  });
  it('writes the state into metadata without touching the input', () => {
    const meta = { name: 'p', labels: { app: 'x' } };
    const next = withLifecycleState(meta, LifecycleState.Normal, NOW);
    assert.deepEqual(next, {
      name: 'p',
      labels: { app: 'x', [LIFECYCLE_STATE_LABEL]: 'Normal' },
      annotations: { [LIFECYCLE_TIMESTAMP_ANNOTATION]: '2026-03-04T05:06:07Z' },
    });
    assert.deepEqual(meta, { name: 'p', labels: { app: 'x' } });
  });
});

describe('isPodHooked / isPodAllHooked (docs/behaviour/cloneset.md#lifecycle: any vs all handlers)', () => {
  const hook = { labelsHandler: { a: '1', b: '2' }, finalizersHandler: ['f1', 'f2'] };
  const cases: ReadonlyArray<readonly [string, Pod, boolean, boolean]> = [
    ['nothing present', podWith(), false, false],
    ['one label', podWith({ a: '1' }), true, false],
    ['label with another value', podWith({ a: 'x' }), false, false],
    ['one finalizer', podWith({}, ['f2']), true, false],
    ['all labels, no finalizer', podWith({ a: '1', b: '2' }), true, false],
    ['everything', podWith({ a: '1', b: '2', c: '3' }, ['f1', 'f2', 'other']), true, true],
  ];
  for (const [name, p, hooked, allHooked] of cases) {
    it(`${name}: hooked=${hooked}, allHooked=${allHooked}`, () => {
      assert.equal(isPodHooked(hook, p), hooked);
      assert.equal(isPodAllHooked(hook, p), allHooked);
    });
  }
  it('an absent hook is neither hooked nor all hooked', () => {
    assert.equal(isPodHooked(undefined, podWith()), false);
    assert.equal(isPodAllHooked(undefined, podWith()), false);
    assert.equal(isPodHooked(hook, undefined), false);
  });
  it('an empty hook is all hooked but not hooked', () => {
    assert.equal(isPodHooked({}, podWith()), false);
    assert.equal(isPodAllHooked({}, podWith()), true);
  });
  it('a handler label with an empty value matches a missing label (Go map read)', () => {
    assert.equal(isPodHooked({ labelsHandler: { gone: '' } }, podWith()), true);
  });
});

describe('markPodNotReady (docs/behaviour/cloneset.md#lifecycle)', () => {
  it('counts preDelete and inPlaceUpdate, not preNormal', () => {
    assert.equal(isLifecycleMarkPodNotReady(undefined), false);
    assert.equal(isLifecycleMarkPodNotReady({ preNormal: { markPodNotReady: true } }), false);
    assert.equal(isLifecycleMarkPodNotReady({ preDelete: { markPodNotReady: true } }), true);
    assert.equal(isLifecycleMarkPodNotReady({ inPlaceUpdate: { markPodNotReady: true } }), true);
    assert.equal(isLifecycleMarkPodNotReady({ inPlaceUpdate: { markPodNotReady: false } }), false);
  });
});
