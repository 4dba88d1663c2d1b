// Which CloneSets a cache change reconciles and which expectations it satisfies (docs/behaviour/cloneset.md#watches).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ResourceVersionExpectations, ScaleExpectations } from '@kruise-ts/core';
import type { CachedObject, ObjectCache } from '@kruise-ts/runtime';
import { cacheChange, cachedObject } from '@kruise-ts/runtime/testing';
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
  // The envelope's controller uid, as the watcher sets it from the controller reference.
  const refs = (meta.ownerReferences ?? []) as { uid?: string; controller?: boolean }[];
  return cachedObject(group, kind, name, {
    resourceVersion: rv,
    controllerUid: refs.find((r) => r.controller === true)?.uid ?? '',
    object: { metadata: { name, namespace: 'ns', uid: `uid-${name}`, resourceVersion: rv, ...meta } },
  });
}

/** The CloneSets the cache holds (looked up by uid): a, b, web and db. */
const held = ['a', 'b', 'web', 'db'].map((n) => cached('CloneSet', 'apps.kruise.io', n));
const owners = {
  getByUid: (gk: { group: string; kind: string }, uid: string) =>
    held.find((o) => o.uid === uid && o.kind === gk.kind && o.group === gk.group),
  list: () => [],
} as unknown as ObjectCache;

const owner = (name: string, controller = true) => ({
  ownerReferences: [
    { apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet', name, uid: `uid-${name}`, controller },
  ],
});
const change = cacheChange;

describe('cloneSetKeysFor (docs/behaviour/cloneset.md#watches)', () => {
  it('a CloneSet change reconciles that CloneSet', () => {
    assert.deepEqual(
      cloneSetKeysFor(change(undefined, cached('CloneSet', 'apps.kruise.io', 'web')), owners),
      ['ns/web'],
    );
  });

  it('a pod, PVC or revision reconciles its controlling CloneSet', () => {
    for (const [kind, group] of [
      ['Pod', ''],
      ['PersistentVolumeClaim', ''],
      ['ControllerRevision', 'apps'],
    ] as const) {
      const obj = cached(kind, group, 'x', owner('web'));
      assert.deepEqual(cloneSetKeysFor(change(undefined, obj), owners), ['ns/web'], kind);
      assert.deepEqual(cloneSetKeysFor(change(obj, undefined), owners), ['ns/web'], `${kind} deleted`);
    }
  });

  it('a moved controller reference reconciles both CloneSets; orphans and non-controller refs none', () => {
    const before = cached('Pod', '', 'p', owner('a'));
    const after = cached('Pod', '', 'p', owner('b'));
    assert.deepEqual(cloneSetKeysFor(change(before, after), owners).sort(), ['ns/a', 'ns/b']);
    assert.deepEqual(cloneSetKeysFor(change(undefined, cached('Pod', '', 'orphan')), owners), []);
    assert.deepEqual(
      cloneSetKeysFor(change(undefined, cached('Pod', '', 'p', owner('a', false))), owners),
      [],
    );
    const foreign = cached('Pod', '', 'p', {
      ownerReferences: [
        { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: 'u', controller: true },
      ],
    });
    assert.equal(owningCloneSetKey(foreign, owners), undefined);
  });
});

describe('cloneSetKeysFor with orphans (docs/behaviour/cloneset.md#orphan-adoption)', () => {
  const cs = (name: string, selector: unknown): CachedObject => ({
    ...cached('CloneSet', 'apps.kruise.io', name),
    object: { metadata: { name, namespace: 'ns' }, spec: { selector } } as CachedObject['object'],
  });
  const sets = [
    cs('web', { matchLabels: { app: 'web' } }),
    cs('web-canary', { matchExpressions: [{ key: 'app', operator: 'In', values: ['web'] }] }),
    cs('db', { matchLabels: { app: 'db' } }),
    cs('empty', {}),
    cs('broken', { matchExpressions: [{ key: 'app', operator: 'Bogus' }] }),
  ];
  // The CloneSets of the orphan's namespace (list), and the held owners by uid.
  const cache = { list: () => sets, getByUid: owners.getByUid } as unknown as ObjectCache;
  const labelled = (kind: string, labels: Record<string, string>, meta: Record<string, unknown> = {}) => ({
    ...cached(kind, '', 'o', meta),
    labels,
  });

  it('an orphan pod or PVC reconciles every CloneSet whose (non-empty, valid) selector matches it', () => {
    for (const kind of ['Pod', 'PersistentVolumeClaim']) {
      const keys = cloneSetKeysFor(change(undefined, labelled(kind, { app: 'web' })), cache);
      assert.deepEqual(keys.sort(), ['ns/web', 'ns/web-canary'], kind);
    }
    assert.deepEqual(cloneSetKeysFor(change(undefined, labelled('Pod', { app: 'none' })), cache), []);
  });

  it('a controlled pod reconciles only its controller', () => {
    const pod = { ...labelled('Pod', { app: 'web' }, owner('db')), controllerUid: 'uid-db' };
    assert.deepEqual(cloneSetKeysFor(change(undefined, pod), cache), ['ns/db']);
  });
});

describe('observeExpectations (docs/behaviour/cloneset.md#watches, #reconcile-steps steps 3 and 9)', () => {
  const sinks = () => ({ scale: new ScaleExpectations(), versions: new ResourceVersionExpectations() });

  it('a pod first seen satisfies create/<name>; gone or terminating satisfies delete/<name>', () => {
    const s = sinks();
    s.scale.expect('ns/web', 'create', 'p');
    s.scale.expect('ns/web', 'delete', 'q');
    const p = cached('Pod', '', 'p', owner('web'));
    observeExpectations(change(undefined, p), owners, s);
    assert.deepEqual(s.scale.get('ns/web'), { create: [], delete: ['q'] });
    const q = cached('Pod', '', 'q', owner('web'));
    const qDeleting = cached('Pod', '', 'q', { ...owner('web'), deletionTimestamp: '2026-01-01T00:00:00Z' });
    observeExpectations(change(q, q), owners, s);
    assert.deepEqual(s.scale.get('ns/web'), { create: [], delete: ['q'] }, 'a plain update observes nothing');
    observeExpectations(change(q, qDeleting), owners, s);
    assert.equal(s.scale.get('ns/web'), undefined, 'terminating counts as deleted');
  });

  it('PVCs are observed like pods; a pod first seen already terminating satisfies both', () => {
    const s = sinks();
    s.scale.expect('ns/web', 'create', 'data-web-x');
    observeExpectations(
      change(undefined, cached('PersistentVolumeClaim', '', 'data-web-x', owner('web'))),
      owners,
      s,
    );
    assert.equal(s.scale.get('ns/web'), undefined);
    s.scale.expect('ns/web', 'create', 'p');
    s.scale.expect('ns/web', 'delete', 'p');
    const terminating = cached('Pod', '', 'p', {
      ...owner('web'),
      deletionTimestamp: '2026-01-01T00:00:00Z',
    });
    observeExpectations(change(undefined, terminating), owners, s);
    assert.equal(s.scale.get('ns/web'), undefined);
  });

  it('resourceVersions are observed for every kind; a deletion drops the expectation', () => {
    const s = sinks();
    s.versions.expect({ metadata: { uid: 'uid-web', resourceVersion: '12' } });
    const cs = cached('CloneSet', 'apps.kruise.io', 'web', {}, '11');
    observeExpectations(change(undefined, cs), owners, s);
    assert.equal(s.versions.size(), 1, 'older version: still waiting');
    observeExpectations(change(cs, cached('CloneSet', 'apps.kruise.io', 'web', {}, '12')), owners, s);
    assert.equal(s.versions.size(), 0);
    s.versions.expect({ metadata: { uid: 'uid-p', resourceVersion: '99' } });
    observeExpectations(change(cached('Pod', '', 'p', owner('web')), undefined), owners, s);
    assert.equal(s.versions.size(), 0);
  });

  it('a pod nobody is deleting is not parsed: its body is read only for a pending delete', () => {
    const s = sinks();
    const unread = (rv: string): CachedObject => ({
      ...cached('Pod', '', 'p', owner('web'), rv),
      get object(): CachedObject['object'] {
        throw new Error('the body was read');
      },
    });
    s.scale.expect('ns/web', 'delete', 'other');
    observeExpectations(change(unread('10'), unread('11')), owners, s);
    assert.deepEqual(s.scale.get('ns/web'), { create: [], delete: ['other'] });
  });
});
