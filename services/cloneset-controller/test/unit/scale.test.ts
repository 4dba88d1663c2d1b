import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONTROLLER_REVISION_HASH_LABEL_KEY } from '@kruise-ts/core';
import { INSTANCE_ID_LABEL } from '../../src/pod-state.ts';
import { newVersionedPod } from '../../src/pods/new-pod.ts';
import { claimPods } from '../../src/sync/claim.ts';
import { getOrGenAvailableIds, randomInstanceId } from '../../src/sync/instance-ids.ts';
import { planPvcCleanup } from '../../src/sync/pvc-cleanup.ts';
import { planScale, type ScalePlan, scalePlanModifies } from '../../src/sync/scale.ts';
import { choosePodsToDelete } from '../../src/sync/scale-in.ts';
import type { CloneSet, CloneSetPod, PersistentVolumeClaim } from '../../src/types.ts';
import { makeCloneSet, makePod, NEW, NOW, OLD, podsFrom } from './helpers.ts';

const pvc = (name: string, id: string): PersistentVolumeClaim => ({
  metadata: { name, labels: { [INSTANCE_ID_LABEL]: id } },
});
const withId = (pod: CloneSetPod, id: string): CloneSetPod => ({
  ...pod,
  metadata: { ...pod.metadata, labels: { ...pod.metadata.labels, [INSTANCE_ID_LABEL]: id } },
});
const names = (pods: readonly CloneSetPod[]) => pods.map((p) => p.metadata.name);
const plan = (cs: CloneSet, pods: CloneSetPod[], pvcs: PersistentVolumeClaim[] = [], current = NEW) =>
  planScale({ cloneSet: cs, pods, pvcs, currentRevision: current, updateRevision: NEW, now: NOW });

describe('instance ids (docs/behaviour/cloneset.md#pod-creation; UT scale TestGetOrGenAvailableIDs)', () => {
  it('reuses the id of a PVC whose pod is gone, then generates fresh 5-character ids', () => {
    const pods = [withId(makePod({ name: 'a' }), 'a'), withId(makePod({ name: 'b' }), 'b')];
    const ids = getOrGenAvailableIds(2, pods, [pvc('pvc-b', 'b'), pvc('pvc-c', 'c')]);
    assert.equal(ids.length, 2);
    assert.ok(ids.includes('c'));
    const fresh = ids.find((id) => id !== 'c') ?? '';
    assert.match(fresh, /^[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  });

  it('fresh ids avoid every id in use and each other, and come back sorted', () => {
    let n = 0;
    // A generator that first repeats an existing id, then a duplicate, then distinct ids.
    const seq = ['bbbbb', 'bbbbb', 'ccccc', 'ccccc', 'ddddd'];
    const randomInt = (max: number) => {
      const word = seq[Math.floor(n / 5)] ?? 'zzzzz';
      const ch = word[n % 5] ?? 'z';
      n++;
      return 'bcdfghjklmnpqrstvwxz2456789'.indexOf(ch) % max;
    };
    const ids = getOrGenAvailableIds(2, [withId(makePod(), 'bbbbb')], [], randomInt);
    assert.deepEqual(ids, ['ccccc', 'ddddd']);
  });

  it('random ids use the Kubernetes alphabet', () => {
    assert.equal(
      randomInstanceId(() => 0),
      'bbbbb',
    );
    assert.equal(
      randomInstanceId((max) => max - 1),
      '99999',
    );
  });
});

describe('scale plan (docs/behaviour/cloneset.md#scale-steps; UT scale TestScale)', () => {
  const tenSecondsAgo = NOW - 10_000;
  const readyPods = () =>
    Array.from({ length: 5 }, (_, i) =>
      makePod({ name: `sample-${i}`, revision: 'sample-b976d4544', ready: true, readySince: tenSecondsAgo }),
    );
  const sampleSet = (minReadySeconds: number) =>
    makeCloneSet({ replicas: 3, maxUnavailable: '20%', ...(minReadySeconds > 0 ? { minReadySeconds } : {}) });
  const sample = (cs: CloneSet, pods: CloneSetPod[]) =>
    planScale({
      cloneSet: cs,
      pods,
      pvcs: [],
      currentRevision: 'sample-b976d4544',
      updateRevision: 'sample-b976d4544',
      now: NOW,
    });

  it('5 -> 3 with minReadySeconds 9999: pods are ready but not available, nothing deleted', () => {
    const p = sample(sampleSet(9999), readyPods());
    assert.equal(p.step, 'scale-in');
    assert.equal(p.deletions.length, 0);
    assert.equal(scalePlanModifies(p), false);
  });

  it('5 -> 3 with a specified pod: only that pod this round', () => {
    const pods = readyPods();
    const first = pods[0] as CloneSetPod;
    first.metadata.labels = { ...first.metadata.labels, 'apps.kruise.io/specified-delete': 'true' };
    const p = sample(sampleSet(0), pods);
    assert.equal(p.step, 'specified-delete');
    assert.deepEqual(names(p.deletions.map((d) => d.pod)), ['sample-0']);
  });

  it('5 -> 3: two pods deleted', () => {
    const p = sample(sampleSet(0), readyPods());
    assert.equal(p.step, 'scale-in');
    assert.equal(p.deletions.length, 2);
    assert.equal(scalePlanModifies(p), true);
  });
});

describe('scale plan: creation (docs/behaviour/cloneset.md#scale-steps step 5, #pod-creation, #specified-delete)', () => {
  it('creates up to scaleUpLimit; the first sorted ids go to the current revision', () => {
    const cs = makeCloneSet({ replicas: 5, partition: 3, maxUnavailable: 1 });
    const p = plan(
      cs,
      [withId(podsFrom('O')[0] as CloneSetPod, 'aaaaa')],
      [pvc('d-1', 'x1'), pvc('d-2', 'x2')],
      OLD,
    );
    assert.equal(p.step, 'create');
    // 4 to create, 2 of them at the current revision (partition 3, one old exists): reused ids first
    assert.equal(p.create.currentRevision.length + p.create.updateRevision.length, 4);
    assert.equal(p.create.currentRevision.length, 2);
    const all = [...p.create.currentRevision, ...p.create.updateRevision];
    assert.deepEqual(all, [...all].sort());
    assert.ok(all.includes('x1') && all.includes('x2'));
  });

  it('scaleStrategy.maxUnavailable 0 with an unavailable pod: ScaleUpLimited, nothing created, Update may run', () => {
    const cs = makeCloneSet({ replicas: 3, maxUnavailable: 1, scaleMaxUnavailable: 1 });
    const p = plan(cs, podsFrom('N n'));
    assert.equal(p.step, 'create');
    assert.deepEqual(p.scaleUpLimited, { limit: 0 });
    assert.equal(scalePlanModifies(p), false);
  });

  it('a specified pod with maxSurge: the replacement is created first', () => {
    const cs = makeCloneSet({ replicas: 5, maxUnavailable: 0, maxSurge: 1 });
    const p = plan(cs, podsFrom('N* N N N N'));
    assert.equal(p.step, 'create');
    assert.equal(p.create.updateRevision.length, 1);
  });
});

describe('scale plan: deletions and lifecycle (docs/behaviour/cloneset.md#scale-steps steps 2, 6-8; docs/behaviour/cloneset.md#specified-delete; docs/behaviour/cloneset.md#lifecycle)', () => {
  const hooked = (cs: CloneSet): CloneSet => ({
    ...cs,
    spec: { ...cs.spec, lifecycle: { preDelete: { finalizersHandler: ['example.com/hook'] } } },
  });
  const withFinalizer = (pod: CloneSetPod): CloneSetPod => ({
    ...pod,
    metadata: { ...pod.metadata, finalizers: ['example.com/hook'] },
  });

  it('a hooked specified pod goes to PreparingDelete instead of being deleted', () => {
    const cs = hooked(makeCloneSet({ replicas: 3, maxUnavailable: 1 }));
    const pods = podsFrom('N N N*').map((p, i) => (i === 2 ? withFinalizer(p) : p));
    const p = plan(cs, pods);
    assert.equal(p.step, 'specified-delete');
    assert.deepEqual(names(p.markPreparingDelete.map((m) => m.pod)), ['p2']);
    assert.equal(p.deletions.length, 0);
  });

  it('a PreparingDelete pod still hooked is left alone; once released it is deleted', () => {
    const cs = hooked(makeCloneSet({ replicas: 3, maxUnavailable: 1 }));
    const held = podsFrom('N N N*:PD').map((p, i) => (i === 2 ? withFinalizer(p) : p));
    const waiting = plan(cs, held);
    assert.equal(scalePlanModifies(waiting), false);
    const released = plan(cs, podsFrom('N N N*:PD'));
    assert.equal(released.step, 'delete-preparing-delete');
    assert.deepEqual(names(released.deletions.map((d) => d.pod)), ['p2']);
  });

  it('replicas grew: a PreparingDelete pod (not specified) is taken back to PreparingNormal', () => {
    const cs = hooked(makeCloneSet({ replicas: 3, maxUnavailable: 1 }));
    const p = plan(cs, podsFrom('N N N:PD'));
    assert.equal(p.step, 'cancel-preparing-delete');
    assert.deepEqual(names(p.cancelPreparingDelete), ['p2']);
  });

  it('no cancellation once a hook marks pods not ready', () => {
    const cs = makeCloneSet({ replicas: 3, maxUnavailable: 1 });
    cs.spec.lifecycle = { preDelete: { finalizersHandler: ['example.com/hook'], markPodNotReady: true } };
    const p = plan(cs, podsFrom('N N N:PD'));
    assert.notEqual(p.step, 'cancel-preparing-delete');
  });

  it('deleted pods take the PVCs with their instance id along (docs/behaviour/cloneset.md#pvcs-deleted-with-pod; UT scale TestDeletePods)', () => {
    const cs = makeCloneSet({ replicas: 1, maxUnavailable: 2 });
    const pods = [
      withId(makePod({ name: 'foo-id1', revision: NEW, ready: true, state: 'Normal' }), 'id1'),
      withId(makePod({ name: 'foo-id3', revision: NEW, ready: true, state: 'Normal' }), 'id3'),
    ];
    const pvcs = [
      pvc('datadir-foo-id1', 'id1'),
      pvc('datadir-foo-id2', 'id2'),
      pvc('datadir-foo-id3', 'id3'),
    ];
    const p = plan(cs, pods, pvcs);
    assert.equal(p.deletions.length, 1);
    const d = p.deletions[0];
    assert.deepEqual(
      d?.pvcs.map((c) => c.metadata.name),
      [`datadir-${d?.pod.metadata.name}`],
    );
  });

  it('scale-in waits while specified or PreparingDelete pods are pending', () => {
    const cs = makeCloneSet({ replicas: 2, maxUnavailable: 0 });
    const p: ScalePlan<CloneSetPod, PersistentVolumeClaim> = plan(cs, podsFrom('N N N N*'));
    // the specified pod is ready and maxUnavailable 0 + 2 surplus allows 2: it goes; scale-in waits for it
    assert.equal(p.step, 'specified-delete');
    assert.equal(p.diffs?.scaleDownNum, 1);
  });

  it('scale-in picks old-revision pods first, not-ready before ready', () => {
    const cs = makeCloneSet({ replicas: 3, partition: 1, maxUnavailable: 3 });
    const p = plan(cs, podsFrom('N N O o O'), [], OLD);
    assert.equal(p.step, 'scale-in');
    assert.deepEqual(names(p.deletions.map((d) => d.pod)), ['p3', 'p2']);
  });

  it('choosePodsToDelete splits between old and new revisions', () => {
    const cs = makeCloneSet({ replicas: 1 });
    const [a, b, c, d] = podsFrom('O o N n') as [CloneSetPod, CloneSetPod, CloneSetPod, CloneSetPod];
    assert.deepEqual(names(choosePodsToDelete(cs, 2, 1, [a, b], [c, d], { now: NOW })), ['p1', 'p3']);
    assert.deepEqual(names(choosePodsToDelete(cs, 2, 2, [a, b], [c, d], { now: NOW })), ['p0', 'p1']);
    assert.deepEqual(names(choosePodsToDelete(cs, 1, 0, [a, b], [c, d], { now: NOW })), ['p3']);
  });
});

describe('pods the controller works on (docs/behaviour/cloneset.md#orphan-adoption, #inactive-pods, #reconcile-steps steps 4-6)', () => {
  const cs: CloneSet = {
    ...makeCloneSet({ replicas: 3 }),
    spec: { ...makeCloneSet().spec, selector: { matchLabels: { app: 'cs' } } },
  };
  const owned = (
    name: string,
    labels: Record<string, string>,
    extra: Partial<CloneSetPod['metadata']> = {},
  ): CloneSetPod => ({
    metadata: {
      name,
      labels,
      ownerReferences: [
        {
          apiVersion: 'apps.kruise.io/v1beta1',
          kind: 'CloneSet',
          name: 'cs',
          uid: 'cs-uid',
          controller: true,
        },
      ],
      ...extra,
    },
    status: { phase: 'Running' },
  });

  it('claims matching owned pods, releases non-matching ones, ignores inactive and foreign pods', () => {
    const foreign: CloneSetPod = {
      metadata: {
        name: 'f',
        labels: { app: 'cs' },
        ownerReferences: [{ apiVersion: 'v1', kind: 'X', name: 'x', uid: 'other', controller: true }],
      },
    };
    const failed: CloneSetPod = { ...owned('failed', { app: 'cs' }), status: { phase: 'Failed' } };
    const terminating = owned('t', { app: 'cs' }, { deletionTimestamp: '2026-03-01T00:00:00Z' });
    const r = claimPods(cs, [
      owned('a', { app: 'cs' }),
      owned('b', { app: 'other' }),
      foreign,
      failed,
      terminating,
    ]);
    assert.deepEqual(names(r.claimed), ['a']);
    assert.deepEqual(names(r.release.map((x) => x.object)), ['b']);
    assert.deepEqual(r.release[0]?.ownerReferences, []);
    assert.deepEqual(names(r.inactive), ['failed', 't']);
  });

  it('adopts active orphans matching the selector, with its controller reference', () => {
    const orphan = (
      name: string,
      labels: Record<string, string>,
      extra: Partial<CloneSetPod['metadata']> = {},
    ) => ({
      metadata: { name, uid: `uid-${name}`, labels, ...extra },
      status: { phase: 'Running' },
    });
    const r = claimPods(cs, [
      owned('a', { app: 'cs' }),
      orphan('o', { app: 'cs' }),
      orphan('x', { app: 'other' }),
      orphan('t', { app: 'cs' }, { deletionTimestamp: '2026-03-01T00:00:00Z' }),
    ]);
    assert.deepEqual(names(r.claimed), ['a', 'o']);
    assert.deepEqual(names(r.adopt.map((x) => x.object)), ['o']);
    assert.deepEqual(r.adopt[0]?.ownerReferences, [
      {
        apiVersion: 'apps.kruise.io/v1beta1',
        kind: 'CloneSet',
        name: cs.metadata?.name,
        uid: cs.metadata?.uid,
        controller: true,
        blockOwnerDeletion: true,
      },
    ]);
  });

  it('a CloneSet being deleted adopts nothing', () => {
    const deleting = { ...cs, metadata: { ...cs.metadata, deletionTimestamp: '2026-03-01T00:00:00Z' } };
    const r = claimPods(deleting, [
      { metadata: { name: 'o', labels: { app: 'cs' } }, status: { phase: 'Running' } },
    ]);
    assert.equal(r.adopt.length, 0);
    assert.equal(r.claimed.length, 0);
  });

  it('a CloneSet being deleted releases nothing', () => {
    const deleting = { ...cs, metadata: { ...cs.metadata, deletionTimestamp: '2026-03-01T00:00:00Z' } };
    assert.equal(claimPods(deleting, [owned('b', { app: 'other' })]).release.length, 0);
  });

  it('PVC cleanup without reuse: kept for active pods, handed to inactive pods, deleted otherwise', () => {
    const active = [withId(makePod({ name: 'cs-a' }), 'a')];
    const inactive = [
      { ...withId(makePod({ name: 'cs-b', uid: 'uid-b' }), 'b'), status: { phase: 'Failed' } },
    ];
    const csRef = {
      apiVersion: 'apps.kruise.io/v1beta1',
      kind: 'CloneSet',
      name: 'cs',
      uid: 'cs-uid',
      controller: true,
    };
    const pvcs = ['a', 'b', 'c'].map((id) => ({
      metadata: { name: `d-cs-${id}`, labels: { [INSTANCE_ID_LABEL]: id }, ownerReferences: [csRef] },
    }));
    const r = planPvcCleanup(makeCloneSet(), active, inactive, pvcs);
    assert.deepEqual(
      r.active.map((c) => c.metadata.name),
      ['d-cs-a'],
    );
    assert.deepEqual(
      r.delete.map((c) => c.metadata.name),
      ['d-cs-c'],
    );
    assert.deepEqual(r.handToPod[0]?.ownerReferences, [
      {
        apiVersion: 'v1',
        kind: 'Pod',
        name: 'cs-b',
        uid: 'uid-b',
        controller: true,
        blockOwnerDeletion: true,
      },
    ]);
  });
});

describe('new pods (docs/behaviour/cloneset.md#pod-creation, #labels; UT scale TestCreatePods)', () => {
  const cs: CloneSet = {
    metadata: { name: 'foo', namespace: 'default', uid: 'test' },
    spec: {
      replicas: 3,
      selector: { matchLabels: { foo: 'bar' } },
      template: {
        metadata: { labels: { foo: 'bar' } },
        spec: {
          containers: [
            {
              name: 'nginx',
              image: 'nginx',
              volumeMounts: [
                { name: 'datadir', mountPath: '/tmp/data' },
                { name: 'home', mountPath: '/home' },
              ],
            },
          ],
          volumes: [{ name: 'home', hostPath: { path: '/tmp/home' } }],
        },
      },
      volumeClaimTemplates: [
        { metadata: { name: 'datadir' }, spec: { resources: { requests: { storage: '10' } } } },
      ],
    },
  };

  it('builds the pod and its PVC like Kruise', () => {
    const { pod, pvcs } = newVersionedPod({
      cloneSet: cs,
      template: cs.spec.template ?? {},
      revisionName: 'revision_abc',
      instanceId: 'id1',
      now: NOW,
    });
    const owner = {
      apiVersion: 'apps.kruise.io/v1beta1',
      kind: 'CloneSet',
      name: 'foo',
      uid: 'test',
      controller: true,
      blockOwnerDeletion: true,
    };
    assert.deepEqual(pod.metadata, {
      name: 'foo-id1',
      generateName: 'foo-',
      namespace: 'default',
      labels: {
        foo: 'bar',
        [CONTROLLER_REVISION_HASH_LABEL_KEY]: 'revision_abc',
        'pod-template-hash': 'revision_abc',
        [INSTANCE_ID_LABEL]: 'id1',
        'lifecycle.apps.kruise.io/state': 'PreparingNormal',
      },
      annotations: { 'lifecycle.apps.kruise.io/timestamp': '2026-03-01T12:00:00Z' },
      ownerReferences: [owner],
    });
    assert.deepEqual(pod.spec?.readinessGates, [{ conditionType: 'InPlaceUpdateReady' }]);
    assert.deepEqual(pod.spec?.volumes, [
      { name: 'datadir', persistentVolumeClaim: { claimName: 'datadir-foo-id1', readOnly: false } },
      { name: 'home', hostPath: { path: '/tmp/home' } },
    ]);
    assert.deepEqual(pvcs, [
      {
        metadata: {
          name: 'datadir-foo-id1',
          namespace: 'default',
          labels: { foo: 'bar', [INSTANCE_ID_LABEL]: 'id1' },
          ownerReferences: [owner],
        },
        spec: { resources: { requests: { storage: '10' } } },
      },
    ]);
    // the template itself is not changed
    assert.equal(cs.spec.template?.spec?.readinessGates, undefined);
  });

  it('CloneSetShortHash writes only the hash', () => {
    const { pod } = newVersionedPod({
      cloneSet: cs,
      template: {},
      revisionName: 'foo-abc12',
      instanceId: 'x',
      now: NOW,
      shortHash: true,
    });
    assert.equal(pod.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL_KEY], 'abc12');
    assert.equal(pod.metadata.labels?.['pod-template-hash'], 'abc12');
  });
});
