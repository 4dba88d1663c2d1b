// Which sets a pod change reconciles (docs/behaviour/advanced-statefulset.md#claiming): its controller now and
// before, and for an uncontrolled pod every set of the namespace that would adopt it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CachedObject, ObjectCache } from '@kruise-ts/runtime';
import { cacheChange, cachedObject } from '@kruise-ts/runtime/testing';
import { setKeysFor } from '../../src/controller/cache-events.ts';

const cached = cachedObject;
const set = (name: string, selector: unknown) =>
  cached('apps.kruise.io', 'StatefulSet', name, {
    object: { metadata: { name }, spec: { selector } } as CachedObject['object'],
  });
const sets = [
  set('web', { matchLabels: { app: 'web' } }),
  set('db', { matchLabels: { app: 'web' } }),
  set('empty', {}),
];
// Only list() (the sets of the pod's namespace) and getByUid() (a controller by its uid index) are used.
const cache = {
  list: () => sets,
  getByUid: (_kind: unknown, uid: string) => sets.find((s) => s.uid === uid),
} as unknown as ObjectCache;
const change = cacheChange;
const pod = (name: string, labels: Record<string, string>, controllerUid = '') =>
  cached('', 'Pod', name, { labels, controllerUid });

describe('setKeysFor with uncontrolled pods', () => {
  it('an orphan web-3 matching the selector reconciles web only (the name picks the set)', () => {
    assert.deepEqual(setKeysFor(change(undefined, pod('web-3', { app: 'web' })), cache), ['ns/web']);
  });
  it('an orphan not matching, or not named <set>-<int>, reconciles nothing', () => {
    assert.deepEqual(setKeysFor(change(undefined, pod('web-3', { app: 'x' })), cache), []);
    assert.deepEqual(setKeysFor(change(undefined, pod('web-x', { app: 'web' })), cache), []);
    assert.deepEqual(
      setKeysFor(change(undefined, pod('empty-0', {})), cache),
      [],
      'an empty selector adopts nothing',
    );
  });
  it('a released pod reconciles its former controller and any set that would adopt it', () => {
    const before = pod('web-1', { app: 'web' }, 'uid-web');
    const after = pod('web-1', { app: 'web' });
    assert.deepEqual(setKeysFor(change(before, after), cache), ['ns/web']);
    const moved = pod('web-1', { app: 'other' });
    assert.deepEqual(setKeysFor(change(before, moved), cache), ['ns/web']);
  });
});
