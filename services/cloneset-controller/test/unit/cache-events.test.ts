// Which CloneSets a cache change reconciles and which expectations it satisfies (docs/behaviour/cloneset.md#watches).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ResourceVersionExpectations, ScaleExpectations } from '@kruise-ts/core';
import type { CacheChange, CachedObject } from '@kruise-ts/runtime';
import { ROOT_CONTEXT } from '@opentelemetry/api';
import {
  cloneSetKeysFor,
  observeExpectations,
  owningCloneSetKey,
} from '../../src/controller/cache-events.ts';

function cached(
  kind: string,
  group: string,
  name: string,
  meta: Record<string, unknown> = {},
  rv = '10',
): CachedObject {
  return {
    group,
    kind,
    namespace: 'ns',
    name,
    uid: `uid-${name}`,
    resourceVersion: rv,
    generation: 1,
    controllerUid: '',
    labels: {},
    partition: 0,
    object: { metadata: { name, namespace: 'ns', uid: `uid-${name}`, resourceVersion: rv, ...meta } },
    context: ROOT_CONTEXT,
  };
}

const owner = (name: string, controller = true) => ({
  ownerReferences: [
    { apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet', name, uid: `uid-${name}`, controller },
  ],
});
const change = (old: CachedObject | undefined, current: CachedObject | undefined): CacheChange => ({
  old,
  current,
  snapshot: false,
  context: ROOT_CONTEXT,
  observedAt: undefined,
});

describe('cloneSetKeysFor (docs/behaviour/cloneset.md#watches)', () => {
  it('a CloneSet change reconciles that CloneSet', () => {
    assert.deepEqual(cloneSetKeysFor(change(undefined, cached('CloneSet', 'apps.kruise.io', 'web'))), [
      'ns/web',
    ]);
  });

  it('a pod, PVC or revision reconciles its controlling CloneSet', () => {
    for (const [kind, group] of [
      ['Pod', ''],
      ['PersistentVolumeClaim', ''],
      ['ControllerRevision', 'apps'],
    ] as const) {
      const obj = cached(kind, group, 'x', owner('web'));
      assert.deepEqual(cloneSetKeysFor(change(undefined, obj)), ['ns/web'], kind);
      assert.deepEqual(cloneSetKeysFor(change(obj, undefined)), ['ns/web'], `${kind} deleted`);
    }
  });

  it('a moved controller reference reconciles both CloneSets; orphans and non-controller refs none', () => {
    const before = cached('Pod', '', 'p', owner('a'));
    const after = cached('Pod', '', 'p', owner('b'));
    assert.deepEqual(cloneSetKeysFor(change(before, after)).sort(), ['ns/a', 'ns/b']);
    assert.deepEqual(cloneSetKeysFor(change(undefined, cached('Pod', '', 'orphan'))), []);
    assert.deepEqual(cloneSetKeysFor(change(undefined, cached('Pod', '', 'p', owner('a', false)))), []);
    const foreign = cached('Pod', '', 'p', {
      ownerReferences: [
        { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: 'u', controller: true },
      ],
    });
    assert.equal(owningCloneSetKey(foreign), undefined);
  });
});

describe('observeExpectations (docs/behaviour/cloneset.md#watches, #reconcile-steps steps 3 and 9)', () => {
  const sinks = () => ({ scale: new ScaleExpectations(), versions: new ResourceVersionExpectations() });

  it('a pod first seen satisfies create/<name>; gone or terminating satisfies delete/<name>', () => {
    const s = sinks();
    s.scale.expect('ns/web', 'create', 'p');
    s.scale.expect('ns/web', 'delete', 'q');
    const p = cached('Pod', '', 'p', owner('web'));
    observeExpectations(change(undefined, p), s);
    assert.deepEqual(s.scale.get('ns/web'), { create: [], delete: ['q'] });
    const q = cached('Pod', '', 'q', owner('web'));
    const qDeleting = cached('Pod', '', 'q', { ...owner('web'), deletionTimestamp: '2026-01-01T00:00:00Z' });
    observeExpectations(change(q, q), s);
    assert.deepEqual(s.scale.get('ns/web'), { create: [], delete: ['q'] }, 'a plain update observes nothing');
    observeExpectations(change(q, qDeleting), s);
    assert.equal(s.scale.get('ns/web'), undefined, 'terminating counts as deleted');
  });

  it('PVCs are observed like pods; a pod first seen already terminating satisfies both', () => {
    const s = sinks();
    s.scale.expect('ns/web', 'create', 'data-web-x');
    observeExpectations(
      change(undefined, cached('PersistentVolumeClaim', '', 'data-web-x', owner('web'))),
      s,
    );
    assert.equal(s.scale.get('ns/web'), undefined);
    s.scale.expect('ns/web', 'create', 'p');
    s.scale.expect('ns/web', 'delete', 'p');
    const terminating = cached('Pod', '', 'p', {
      ...owner('web'),
      deletionTimestamp: '2026-01-01T00:00:00Z',
    });
    observeExpectations(change(undefined, terminating), s);
    assert.equal(s.scale.get('ns/web'), undefined);
  });

  it('resourceVersions are observed for every kind; a deletion drops the expectation', () => {
    const s = sinks();
    s.versions.expect({ metadata: { uid: 'uid-web', resourceVersion: '12' } });
    const cs = cached('CloneSet', 'apps.kruise.io', 'web', {}, '11');
    observeExpectations(change(undefined, cs), s);
    assert.equal(s.versions.size(), 1, 'older version: still waiting');
    observeExpectations(change(cs, cached('CloneSet', 'apps.kruise.io', 'web', {}, '12')), s);
    assert.equal(s.versions.size(), 0);
    s.versions.expect({ metadata: { uid: 'uid-p', resourceVersion: '99' } });
    observeExpectations(change(cached('Pod', '', 'p', owner('web')), undefined), s);
    assert.equal(s.versions.size(), 0);
  });
});
