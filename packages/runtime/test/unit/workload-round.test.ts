// openWorkloadRound: the opening of every workload reconcile (read the workload, forget a gone one's scale
// expectations, then the expectations gate), on a cache filled directly as the feeds fill it.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { type Bus, ObjectEventType, objectEventCodec } from '@kruise-ts/bus';
import { ResourceVersionExpectations, ScaleExpectations } from '@kruise-ts/core';
import { POD } from '@kruise-ts/kube';
import { ROOT_CONTEXT } from '@opentelemetry/api';
import { ObjectCache, openWorkloadRound, type Stored, typedKind } from '../../src/index.ts';

// Any kind works as the workload; a pod keeps the event small.
const WORKLOAD = typedKind<Stored<{ metadata: { resourceVersion?: string } }>>(POD);

async function cacheWith(rv: string): Promise<ObjectCache> {
  const cache = new ObjectCache({} as Bus, { kinds: [POD] });
  const metadata = { name: 'w', namespace: 'ns', uid: 'uid-w', resourceVersion: rv };
  const event = objectEventCodec.decode(
    objectEventCodec.encode({
      kind: { group: '', version: 'v1', kind: 'Pod' },
      type: ObjectEventType.OBJECT_EVENT_TYPE_ADDED,
      namespace: 'ns',
      name: 'w',
      uid: 'uid-w',
      resourceVersion: rv,
      controllerUid: '',
      labels: {},
      object: new TextEncoder().encode(JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata })),
    }),
  );
  await cache.apply(event, false, ROOT_CONTEXT);
  return cache;
}

const request = (cache: ObjectCache) => ({ namespace: 'ns', name: 'w', cache });
const expectations = () => ({ scale: new ScaleExpectations(), versions: new ResourceVersionExpectations() });

it('a workload gone from the cache: nothing to do, its scale expectations forgotten', async () => {
  const e = expectations();
  e.scale.expect('ns/gone', 'create', 'p-1');
  const round = openWorkloadRound({ ...request(await cacheWith('1')), name: 'gone' }, WORKLOAD, e);
  assert.deepEqual(round, { proceed: false, key: 'ns/gone', result: undefined });
  assert.equal(e.scale.get('ns/gone'), undefined);
});

it('pod creations not yet observed: wait', async () => {
  const e = expectations();
  e.scale.expect('ns/w', 'create', 'p-1');
  const round = openWorkloadRound(request(await cacheWith('1')), WORKLOAD, e);
  assert.equal(round.proceed, false);
  assert.equal(round.proceed ? undefined : round.waiting?.expectation, 'create');
});

it('our own newer write of the workload not in the cache yet: look again in a second', async () => {
  const e = expectations();
  e.versions.expect({ metadata: { uid: 'uid-w', resourceVersion: '5' } });
  const round = openWorkloadRound(request(await cacheWith('4')), WORKLOAD, e);
  assert.deepEqual(round.proceed ? undefined : round.result, { requeueAfter: 1000 });
});

it('everything observed: the frozen cached workload and its key', async () => {
  const round = openWorkloadRound(request(await cacheWith('1')), WORKLOAD, expectations());
  assert.equal(round.proceed, true);
  assert.equal(round.key, 'ns/w');
  assert.ok(round.proceed && Object.isFrozen(round.workload));
  assert.equal(round.proceed ? round.workload.metadata.name : undefined, 'w');
});
