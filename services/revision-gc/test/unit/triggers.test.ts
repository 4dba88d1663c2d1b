import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CONTROLLER_REVISION, POD } from '@kruise-ts/kube';
import type { CacheChange, CachedObject } from '@kruise-ts/runtime';
import { cacheChange } from '@kruise-ts/runtime/testing';
import { revisionGcKeysFor } from '../../src/triggers.ts';
import { workloadKinds } from '../../src/workload-kinds.ts';

const cloneSet = workloadKinds.find((k) => k.kind === 'CloneSet')!;
// The decision never reads trace contexts.
const ROOT_CONTEXT = {} as CacheChange['context'];
const cached = (
  gk: { group: string; kind: string },
  name: string,
  opts: { owner?: string; labels?: Record<string, string>; object?: object } = {},
): CachedObject =>
  ({
    group: gk.group,
    kind: gk.kind,
    namespace: 'ns',
    name,
    uid: `uid-${name}`,
    resourceVersion: '1',
    generation: 1,
    controllerUid: opts.owner ?? '',
    labels: opts.labels ?? {},
    partition: 0,
    // A pod's body must not be read: these tests would throw if it were.
    get object(): object {
      if (opts.object === undefined) throw new Error(`body of ${name} read`);
      return opts.object;
    },
    context: ROOT_CONTEXT,
  }) as CachedObject;
const change = cacheChange;
const owners = (uid: string) => (uid === 'uid-cs' ? 'ns/cs' : undefined);
const keys = (c: CacheChange) => revisionGcKeysFor(cloneSet, c, CONTROLLER_REVISION, POD, owners);
const cs = (status: object, spec: object = {}) =>
  cached(cloneSet, 'cs', { object: { metadata: { name: 'cs' }, spec, status } });
const pod = (hash: string | undefined, owner = 'uid-cs') =>
  cached(POD, 'p', { owner, labels: hash === undefined ? {} : { 'controller-revision-hash': hash } });

describe('revision-gc triggers', () => {
  const cases: [string, CacheChange, string[]][] = [
    ['a workload first seen', change(undefined, cs({ updateRevision: 'a' })), ['ns/cs']],
    [
      'a workload whose pins moved',
      change(cs({ updateRevision: 'a' }), cs({ updateRevision: 'b' })),
      ['ns/cs'],
    ],
    ['a workload whose limit moved', change(cs({}, { revisionHistoryLimit: 3 }), cs({}, {})), ['ns/cs']],
    [
      'a workload status churn (ready counts)',
      change(cs({ readyReplicas: 1 }), cs({ readyReplicas: 2 })),
      [],
    ],
    ['a workload deleted', change(cs({}), undefined), []],
    [
      'a revision created',
      change(undefined, cached(CONTROLLER_REVISION, 'r', { owner: 'uid-cs' })),
      ['ns/cs'],
    ],
    [
      'a revision of an uncached owner',
      change(undefined, cached(CONTROLLER_REVISION, 'r', { owner: 'x' })),
      [],
    ],
    ['a pod created', change(undefined, pod('a')), []],
    ['a pod status change', change(pod('a'), pod('a')), []],
    ['a pod moved to another revision', change(pod('a'), pod('b')), ['ns/cs']],
    ['a pod deleted', change(pod('a'), undefined), ['ns/cs']],
    ['a pod released by its owner', change(pod('a'), pod('a', '')), ['ns/cs']],
    ['an orphan pod deleted', change(pod('a', ''), undefined), []],
  ];
  for (const [name, c, want] of cases) test(name, () => assert.deepEqual(keys(c), want));
});
