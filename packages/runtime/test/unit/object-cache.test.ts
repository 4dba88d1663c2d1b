// The cache's state without servers: events applied directly (as the feeds apply them), then the indexes, the
// freezing, the typed views and the owner/expectation helpers read back.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Bus, type ObjectEventInit, ObjectEventType, objectEventCodec } from '@kruise-ts/bus';
import { ScaleExpectations } from '@kruise-ts/core';
import { CLONESET, type GroupKind, POD, STATEFULSET } from '@kruise-ts/kube';
import { ROOT_CONTEXT } from '@opentelemetry/api';
import {
  type CacheChange,
  enqueueOwner,
  ObjectCache,
  type OwnerLookup,
  objectOf,
  observeExpectations,
  typedKind,
} from '../../src/index.ts';
import { cachedObject } from '../../src/testing/index.ts';

interface TestPod {
  metadata: { name: string; labels?: Record<string, string>; deletionTimestamp?: string };
  spec: { containers: { name: string }[] };
}
const TYPED_POD = typedKind<TestPod>(POD);

const encoder = new TextEncoder();

function podEvent(
  name: string,
  o: {
    uid?: string;
    rv?: string;
    labels?: Record<string, string>;
    owner?: { kind: string; apiVersion: string; name: string; uid: string };
    type?: ObjectEventType;
    deleting?: boolean;
  } = {},
) {
  const object = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'ns',
      uid: o.uid ?? `uid-${name}`,
      labels: o.labels ?? {},
      ...(o.owner ? { ownerReferences: [{ ...o.owner, controller: true }] } : {}),
      ...(o.deleting ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}),
    },
    spec: { containers: [{ name: 'c' }] },
  };
  const init: ObjectEventInit = {
    kind: { group: '', version: 'v1', kind: 'Pod' },
    type: o.type ?? ObjectEventType.OBJECT_EVENT_TYPE_ADDED,
    namespace: 'ns',
    name,
    uid: o.uid ?? `uid-${name}`,
    resourceVersion: o.rv ?? '1',
    controllerUid: o.owner?.uid ?? '',
    labels: o.labels ?? {},
    object: encoder.encode(JSON.stringify(object)),
  };
  return objectEventCodec.decode(objectEventCodec.encode(init));
}

function newCache(onChange?: (c: CacheChange) => void): ObjectCache {
  // Only the feeds use the bus; apply() is exercised directly.
  return new ObjectCache({} as Bus, { kinds: [POD], ...(onChange ? { onChange } : {}) });
}

const csOwner = { kind: 'CloneSet', apiVersion: 'apps.kruise.io/v1beta1', name: 'web', uid: 'cs-1' };

describe('ObjectCache', () => {
  it('hands out deeply frozen objects', async () => {
    const cache = newCache();
    await cache.apply(podEvent('a', { labels: { app: 'x' } }), false, ROOT_CONTEXT);
    const pod = cache.get(TYPED_POD, 'ns', 'a');
    assert.ok(pod);
    assert.ok(Object.isFrozen(pod));
    assert.ok(Object.isFrozen(pod.object.metadata));
    assert.ok(Object.isFrozen(pod.object.spec.containers[0]));
    assert.ok(Object.isFrozen(pod.labels));
    assert.throws(() => {
      pod.object.spec.containers.push({ name: 'more' });
    }, TypeError);
  });

  it('parses a body once, on its first read; an undecodable one fails that read and is reported', async () => {
    const errors: Error[] = [];
    const cache = new ObjectCache({} as Bus, { kinds: [POD], onError: (e) => errors.push(e) });
    await cache.apply(podEvent('a'), false, ROOT_CONTEXT);
    const pod = cache.get(TYPED_POD, 'ns', 'a');
    assert.ok(pod);
    assert.equal(pod.object, pod.object, 'the same parsed object on every read');
    assert.equal(pod.object.metadata.name, 'a');
    const broken = { ...podEvent('b'), object: encoder.encode('{not json') };
    await cache.apply(broken, false, ROOT_CONTEXT);
    const held = cache.get(TYPED_POD, 'ns', 'b');
    assert.ok(held, 'indexed from the envelope');
    assert.throws(() => held.object, /undecodable object/);
    assert.equal(errors.length, 1);
  });

  it('indexes by namespace, owner uid, uid and label', async () => {
    const cache = newCache();
    await cache.apply(
      podEvent('a', { labels: { app: 'x', tier: 'web' }, owner: csOwner }),
      false,
      ROOT_CONTEXT,
    );
    await cache.apply(podEvent('b', { labels: { app: 'x' } }), false, ROOT_CONTEXT);
    await cache.apply(podEvent('c', { labels: { app: 'y' } }), false, ROOT_CONTEXT);
    assert.deepEqual(
      cache
        .list(POD, 'ns')
        .map((p) => p.name)
        .sort(),
      ['a', 'b', 'c'],
    );
    assert.deepEqual(
      cache.ownedBy('cs-1', POD).map((p) => p.name),
      ['a'],
    );
    assert.deepEqual(cache.ownedBy('cs-1', STATEFULSET), [], 'owned objects of another kind');
    assert.deepEqual(
      cache.ownedBy('cs-1').map((p) => p.name),
      ['a'],
      'every kind',
    );
    assert.equal(cache.getByUid(POD, 'uid-b')?.name, 'b');
    assert.equal(cache.getByUid(CLONESET, 'uid-b'), undefined);
    assert.deepEqual(
      cache
        .withLabel(POD, 'ns', 'app', 'x')
        .map((p) => p.name)
        .sort(),
      ['a', 'b'],
    );
    assert.deepEqual(
      cache
        .select(POD, 'ns', {
          matchLabels: { app: 'x' },
          matchExpressions: [{ key: 'tier', operator: 'DoesNotExist' }],
        })
        .map((p) => p.name),
      ['b'],
    );
    assert.deepEqual(cache.select(POD, 'ns', undefined), [], 'a nil selector selects nothing');
    assert.equal(cache.select(POD, 'ns', {}).length, 3, 'an empty selector selects everything');
  });

  it('moves index entries when labels change and drops them on delete', async () => {
    const cache = newCache();
    await cache.apply(podEvent('a', { labels: { app: 'x' } }), false, ROOT_CONTEXT);
    await cache.apply(
      podEvent('a', { labels: { app: 'y' }, rv: '2', type: ObjectEventType.OBJECT_EVENT_TYPE_MODIFIED }),
      false,
      ROOT_CONTEXT,
    );
    assert.deepEqual(cache.withLabel(POD, 'ns', 'app', 'x'), []);
    assert.equal(cache.withLabel(POD, 'ns', 'app', 'y').length, 1);
    await cache.apply(
      podEvent('a', { rv: '1', labels: { app: 'z' }, type: ObjectEventType.OBJECT_EVENT_TYPE_MODIFIED }),
      false,
      ROOT_CONTEXT,
    );
    assert.equal(cache.withLabel(POD, 'ns', 'app', 'y').length, 1, 'an older version is ignored');
    await cache.apply(
      podEvent('a', { rv: '3', type: ObjectEventType.OBJECT_EVENT_TYPE_DELETED }),
      false,
      ROOT_CONTEXT,
    );
    assert.equal(cache.size(), 0);
    assert.equal(cache.getByUid(POD, 'uid-a'), undefined);
    assert.deepEqual(cache.withLabel(POD, 'ns', 'app', 'y'), []);
  });

  it('keeps index entries of a version that moves none of them, and moves an owner, an added and a removed label', async () => {
    const cache = newCache();
    const modified = ObjectEventType.OBJECT_EVENT_TYPE_MODIFIED;
    await cache.apply(
      podEvent('a', { labels: { app: 'x', tier: 'web' }, owner: csOwner }),
      false,
      ROOT_CONTEXT,
    );
    const first = cache.get(POD, 'ns', 'a');
    await cache.apply(
      podEvent('a', { labels: { tier: 'web', app: 'x' }, owner: csOwner, rv: '2', type: modified }),
      false,
      ROOT_CONTEXT,
    );
    const second = cache.get(POD, 'ns', 'a');
    assert.equal(second?.resourceVersion, '2');
    assert.equal(second?.labels, first?.labels, 'equal labels share the frozen copy');
    assert.deepEqual(
      cache.withLabel(POD, 'ns', 'app', 'x').map((o) => o.resourceVersion),
      ['2'],
    );
    assert.deepEqual(
      cache.ownedBy('cs-1', POD).map((o) => o.resourceVersion),
      ['2'],
    );
    assert.equal(cache.getByUid(POD, 'uid-a')?.resourceVersion, '2');

    const other = { ...csOwner, name: 'api', uid: 'cs-2' };
    await cache.apply(
      podEvent('a', { labels: { app: 'x', tier: 'web', extra: '1' }, owner: other, rv: '3', type: modified }),
      false,
      ROOT_CONTEXT,
    );
    assert.deepEqual(cache.ownedBy('cs-1', POD), []);
    assert.equal(cache.ownedBy('cs-2', POD).length, 1);
    assert.equal(cache.withLabel(POD, 'ns', 'extra', '1').length, 1);
    await cache.apply(
      podEvent('a', { labels: { app: 'x' }, owner: other, rv: '4', type: modified }),
      false,
      ROOT_CONTEXT,
    );
    assert.deepEqual(cache.withLabel(POD, 'ns', 'extra', '1'), []);
    assert.deepEqual(cache.withLabel(POD, 'ns', 'tier', 'web'), []);
    assert.deepEqual(
      cache.withLabel(POD, 'ns', 'app', 'x').map((o) => o.resourceVersion),
      ['4'],
    );
  });

  it('reads a trace context source only when a version or change is asked for its context', async () => {
    let reads = 0;
    const source = {
      get context() {
        reads++;
        return ROOT_CONTEXT;
      },
    };
    let last: CacheChange | undefined;
    const cache = newCache((c) => {
      last = c;
    });
    await cache.apply(podEvent('a'), false, source);
    assert.equal(reads, 0, 'nobody asked');
    assert.equal(last?.context, ROOT_CONTEXT);
    assert.equal(cache.get(POD, 'ns', 'a')?.context, ROOT_CONTEXT);
    assert.equal(reads, 2);
  });

  it('fans changes out to every subscriber', async () => {
    const seen: string[] = [];
    const cache = newCache((c) => {
      seen.push(`first:${c.current?.name}`);
    });
    const off = cache.subscribe((c) => {
      seen.push(`second:${c.current?.name}`);
    });
    await cache.apply(podEvent('a'), false, ROOT_CONTEXT);
    off();
    await cache.apply(podEvent('b'), false, ROOT_CONTEXT);
    assert.deepEqual(seen, ['first:a', 'second:a', 'first:b']);
  });

  it('objectOf gives the typed object only for its kind', async () => {
    const cache = newCache();
    await cache.apply(podEvent('a'), false, ROOT_CONTEXT);
    const cached = cache.get(POD, 'ns', 'a');
    assert.equal(objectOf(cached, TYPED_POD)?.spec.containers[0]?.name, 'c');
    assert.equal(objectOf(cached, typedKind<unknown>(STATEFULSET)), undefined);
  });
});

describe('enqueueOwner', () => {
  // The owners the cache holds, by uid: web (cs-1) and api (cs-2), both CloneSets.
  const held = [
    cachedObject('apps.kruise.io', 'CloneSet', 'web', { uid: 'cs-1' }),
    cachedObject('apps.kruise.io', 'CloneSet', 'api', { uid: 'cs-2' }),
  ];
  const owners: OwnerLookup = {
    getByUid: ((gk: GroupKind, uid: string) =>
      held.find(
        (o) => o.uid === uid && o.kind === gk.kind && o.group === gk.group,
      )) as OwnerLookup['getByUid'],
  };
  async function change(o: Parameters<typeof podEvent>[1], old?: Parameters<typeof podEvent>[1]) {
    let last: CacheChange | undefined;
    const cache = newCache((c) => {
      last = c;
    });
    if (old) await cache.apply(podEvent('p', old), false, ROOT_CONTEXT);
    await cache.apply(podEvent('p', { rv: '5', ...o }), false, ROOT_CONTEXT);
    assert.ok(last);
    return last;
  }
  it('maps an object to its cached controller of the owner kind, by uid', async () => {
    assert.deepEqual(enqueueOwner(await change({ owner: csOwner }), CLONESET, owners), ['ns/web']);
  });
  it('checks the kind; a reference to an object not cached resolves to nothing', async () => {
    assert.deepEqual(enqueueOwner(await change({ owner: csOwner }), STATEFULSET, owners), []);
    const gone = { ...csOwner, uid: 'cs-9' };
    assert.deepEqual(enqueueOwner(await change({ owner: gone }), CLONESET, owners), []);
  });
  it('enqueues the previous owner too when the controller reference moved', async () => {
    const moved = await change({ owner: { ...csOwner, name: 'api', uid: 'cs-2' } }, { owner: csOwner });
    assert.deepEqual(enqueueOwner(moved, CLONESET, owners).sort(), ['ns/api', 'ns/web']);
  });
  it('enqueues nothing for an orphan', async () => {
    assert.deepEqual(enqueueOwner(await change({}), CLONESET, owners), []);
  });
});

describe('observeExpectations', () => {
  it('first seen observes the create, newly terminating the delete', async () => {
    const scale = new ScaleExpectations();
    scale.expect('ns/web', 'create', 'p');
    scale.expect('ns/web', 'delete', 'p');
    const changes: CacheChange[] = [];
    const cache = newCache((c) => {
      changes.push(c);
    });
    await cache.apply(podEvent('p', { owner: csOwner }), false, ROOT_CONTEXT);
    observeExpectations(changes[0] as CacheChange, 'ns/web', scale);
    assert.equal(scale.satisfied('ns/web').satisfied, false, 'the delete is still pending');
    await cache.apply(
      podEvent('p', {
        owner: csOwner,
        rv: '2',
        deleting: true,
        type: ObjectEventType.OBJECT_EVENT_TYPE_MODIFIED,
      }),
      false,
      ROOT_CONTEXT,
    );
    observeExpectations(changes[1] as CacheChange, 'ns/web', scale);
    assert.equal(scale.satisfied('ns/web').satisfied, true);
  });
  it('names the create as the caller says', async () => {
    const scale = new ScaleExpectations();
    scale.expect('ns/job', 'create', 'node-1');
    let last: CacheChange | undefined;
    const cache = newCache((c) => {
      last = c;
    });
    await cache.apply(podEvent('p'), false, ROOT_CONTEXT);
    observeExpectations(last as CacheChange, 'ns/job', scale, () => 'node-1');
    assert.equal(scale.satisfied('ns/job').satisfied, true);
  });
});
