import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type ControllerRevision,
  INPLACE_UPDATE_GRACE_KEY,
  INPLACE_UPDATE_STATE_KEY,
  marshalGoJson,
  parseInPlaceUpdateState,
} from '@kruise-ts/core';
import {
  applyInPlaceUpdate,
  applyMetadataPatch,
  calculateInPlaceUpdateSpec,
  createJsonPatch,
  type InPlacePod,
  parseUpdateSpec,
  refreshInPlaceUpdate,
  serializeUpdateSpec,
} from '../../src/index.ts';

const rev = (name: string, raw: string, annotations?: Record<string, string>): ControllerRevision => ({
  metadata: { name, ...(annotations === undefined ? {} : { annotations }) },
  data: raw,
  revision: 1,
});
const tpl = (template: string) => `{"spec":{"template":{"$patch":"replace",${template}}}}`;

describe('in-place-able changes (docs/behaviour/cloneset.md#in-place-able; inplace_update_test TestCalculateInPlaceUpdateSpec)', () => {
  const newRev = rev('new-revision', tpl('"spec":{"containers":[{"name":"c1","image":"foo2"}]}'));

  it('unknown old revision: recreate', () => {
    assert.equal(calculateInPlaceUpdateSpec(undefined, newRev), undefined);
  });

  it('image change only', () => {
    const old = rev('old-revision', tpl('"spec":{"containers":[{"name":"c1","image":"foo1"}]}'));
    assert.deepEqual(calculateInPlaceUpdateSpec(old, newRev), {
      revision: 'new-revision',
      containerImages: { c1: 'foo2' },
      graceSeconds: 0,
    });
  });

  it('metadata outside the template that did not change is irrelevant', () => {
    const old = rev(
      'old',
      `{"metadata":{"labels":{"k":"v"}},${tpl('"spec":{"containers":[{"name":"c1","image":"foo1"}]}').slice(1)}`,
    );
    const next = rev(
      'new',
      `{"metadata":{"labels":{"k":"v"}},${tpl('"spec":{"containers":[{"name":"c1","image":"foo2"}]}').slice(1)}`,
    );
    assert.deepEqual(calculateInPlaceUpdateSpec(old, next)?.containerImages, { c1: 'foo2' });
  });

  it('image and an added template label: the label goes into the metadata patch', () => {
    const old = rev(
      'old',
      tpl('"metadata":{"labels":{"k":"v"}},"spec":{"containers":[{"name":"c1","image":"foo1"}]}'),
    );
    const next = rev(
      'new',
      tpl('"metadata":{"labels":{"k":"v","k1":"v1"}},"spec":{"containers":[{"name":"c1","image":"foo2"}]}'),
    );
    const spec = calculateInPlaceUpdateSpec(old, next);
    assert.deepEqual(spec?.containerImages, { c1: 'foo2' });
    assert.equal(marshalGoJson(spec?.metadataPatch ?? null), '{"metadata":{"labels":{"k1":"v1"}}}');
  });

  it('label removed, finalizer removed: strategic-merge directives as Kruise writes them', () => {
    const old = rev(
      'old',
      tpl(
        '"metadata":{"labels":{"k":"v","k2":"v2"},"finalizers":["fz1","fz2"]},"spec":{"containers":[{"name":"c1","image":"foo1"}]}',
      ),
    );
    const next = rev(
      'new',
      tpl(
        '"metadata":{"labels":{"k":"v","k1":"v1"},"finalizers":["fz2"]},"spec":{"containers":[{"name":"c1","image":"foo2"}]}',
      ),
    );
    assert.equal(
      marshalGoJson(calculateInPlaceUpdateSpec(old, next)?.metadataPatch ?? null),
      '{"metadata":{"$deleteFromPrimitiveList/finalizers":["fz1"],"$setElementOrder/finalizers":["fz2"],"labels":{"k1":"v1","k2":null}}}',
    );
  });

  it('unparsable revision data: recreate', () => {
    const old = rev('old', tpl('"spec":{"name":"c1","containers":[{"image":"foo1"}]}'));
    const bad = rev(
      'new',
      tpl('"spec":{"containers":[{"name":"c1","image":"foo2","env":["name":"k", "value":"v"]}]}'),
    );
    assert.equal(calculateInPlaceUpdateSpec(old, bad), undefined);
  });

  // biome-ignore format: one case per line reads as a table
  const recreate: Array<[string, string, string]> = [
    ['env added', '"spec":{"containers":[{"name":"c1","image":"foo1"}]}', '"spec":{"containers":[{"name":"c1","image":"foo2","env":[{"name":"k","value":"v"}]}]}'],
    ['container added', '"spec":{"containers":[{"name":"c1","image":"foo1"}]}', '"spec":{"containers":[{"name":"c1","image":"foo1"},{"name":"c2","image":"bar"}]}'],
    ['init container image', '"spec":{"initContainers":[{"name":"i","image":"a"}],"containers":[{"name":"c1","image":"foo1"}]}', '"spec":{"initContainers":[{"name":"i","image":"b"}],"containers":[{"name":"c1","image":"foo1"}]}'],
    ['imagePullPolicy', '"spec":{"containers":[{"name":"c1","image":"foo1","imagePullPolicy":"Always"}]}', '"spec":{"containers":[{"name":"c1","image":"foo1","imagePullPolicy":"IfNotPresent"}]}'],
    ['resources (no vertical scaling)', '"spec":{"containers":[{"name":"c1","image":"foo1","resources":{"limits":{"cpu":"1"}}}]}', '"spec":{"containers":[{"name":"c1","image":"foo1","resources":{"limits":{"cpu":"2"}}}]}'],
    ['whole template metadata added', '"spec":{"containers":[{"name":"c1","image":"foo1"}]}', '"metadata":{"labels":{"a":"b"}},"spec":{"containers":[{"name":"c1","image":"foo1"}]}'],
  ];
  for (const [name, a, b] of recreate) {
    it(`${name}: recreate`, () => {
      assert.equal(calculateInPlaceUpdateSpec(rev('old', tpl(a)), rev('new', tpl(b))), undefined);
    });
  }

  it('volumeClaimTemplates hash changed: recreate only with the gate, and never for InPlaceOnly', () => {
    const key = 'kruise.io/cloneset-volumeclaimtemplate-hash';
    const old = rev('old', tpl('"spec":{"containers":[{"name":"c1","image":"foo1"}]}'), { [key]: '1' });
    const next = rev('new', tpl('"spec":{"containers":[{"name":"c1","image":"foo2"}]}'), { [key]: '2' });
    assert.notEqual(calculateInPlaceUpdateSpec(old, next), undefined);
    assert.equal(calculateInPlaceUpdateSpec(old, next, { recreatePodWhenChangeVCT: true }), undefined);
    assert.notEqual(
      calculateInPlaceUpdateSpec(old, next, {
        recreatePodWhenChangeVCT: true,
        ignoreVolumeClaimTemplatesHashDiff: true,
      }),
      undefined,
    );
    const noHash = rev('old', tpl('"spec":{"containers":[{"name":"c1","image":"foo1"}]}'));
    assert.notEqual(calculateInPlaceUpdateSpec(noHash, next, { recreatePodWhenChangeVCT: true }), undefined);
  });

  it('an old revision carrying the earlier kruise-ts hash of the same templates is not a change', () => {
    const key = 'kruise.io/cloneset-volumeclaimtemplate-hash';
    const old = rev('old', tpl('"spec":{"containers":[{"name":"c1","image":"foo1"}]}'), { [key]: '111' });
    const next = rev('new', tpl('"spec":{"containers":[{"name":"c1","image":"foo2"}]}'), { [key]: '222' });
    const gate = { recreatePodWhenChangeVCT: true };
    assert.notEqual(
      calculateInPlaceUpdateSpec(old, next, { ...gate, earlierVolumeClaimTemplatesHash: '111' }),
      undefined,
    );
    assert.equal(
      calculateInPlaceUpdateSpec(old, next, { ...gate, earlierVolumeClaimTemplatesHash: '333' }),
      undefined,
    );
  });

  it('json diff: same-length arrays element-wise, other lengths as adds/removes', () => {
    assert.deepEqual(createJsonPatch({ a: [1, 2] }, { a: [1, 3] }), [
      { op: 'replace', path: '/a/1', value: 3 },
    ]);
    assert.deepEqual(createJsonPatch({ a: [1] }, { a: [1, 2] }), [{ op: 'add', path: '/a/1', value: 2 }]);
    assert.deepEqual(createJsonPatch({ 'a/b': 1 }, {}), [{ op: 'remove', path: '/a~1b' }]);
  });

  it('applying the metadata patch to a pod keeps the pod’s own labels and finalizers', () => {
    const meta = applyMetadataPatch(
      { labels: { k: 'v', k2: 'v2', own: 'x' }, finalizers: ['mine', 'fz1', 'fz2'] },
      {
        metadata: {
          labels: { k1: 'v1', k2: null },
          '$deleteFromPrimitiveList/finalizers': ['fz1'],
          '$setElementOrder/finalizers': ['fz2', 'fz3'],
          finalizers: ['fz3'],
        },
      },
    );
    assert.deepEqual(meta.labels, { k: 'v', own: 'x', k1: 'v1' });
    assert.deepEqual(meta.finalizers, ['fz2', 'fz3', 'mine']);
  });
});

const NOW = Date.parse('2026-03-01T12:00:00Z');
const stamp = '2026-03-01T12:00:00Z';

function oldPod(): InPlacePod {
  return {
    metadata: {
      name: 'pod-0',
      labels: {
        'controller-revision-hash': 'rev_old',
        'pod-template-hash': 'rev_old',
        'apps.kruise.io/cloneset-instance-id': 'id-0',
      },
    },
    spec: {
      readinessGates: [{ conditionType: 'InPlaceUpdateReady' }],
      containers: [{ name: 'c1', image: 'foo1' }],
    },
    status: {
      phase: 'Running',
      conditions: [
        { type: 'Ready', status: 'True' },
        { type: 'InPlaceUpdateReady', status: 'True' },
      ],
      containerStatuses: [{ name: 'c1', image: 'foo1', imageID: 'image-id-xyz' }],
    },
  };
}

describe('performing an in-place update (docs/behaviour/cloneset.md#in-place-procedure; UT update "inplace update", "... with grace period")', () => {
  it('no grace period: status first, then labels, Updating, state annotation and the new image', () => {
    const r = applyInPlaceUpdate(
      oldPod(),
      { revision: 'rev_new', containerImages: { c1: 'foo2' }, graceSeconds: 0 },
      { now: NOW },
    );
    assert.deepEqual(r.statusConditions, [
      { type: 'Ready', status: 'True' },
      {
        type: 'InPlaceUpdateReady',
        status: 'False',
        reason: 'StartInPlaceUpdate',
        lastTransitionTime: stamp,
      },
    ]);
    assert.deepEqual(r.pod.metadata.labels, {
      'controller-revision-hash': 'rev_new',
      'pod-template-hash': 'rev_new',
      'apps.kruise.io/cloneset-instance-id': 'id-0',
      'lifecycle.apps.kruise.io/state': 'Updating',
    });
    assert.equal(
      r.pod.metadata.annotations?.[INPLACE_UPDATE_STATE_KEY],
      `{"revision":"rev_new","updateTimestamp":"${stamp}","lastContainerStatuses":{"c1":{"imageID":"image-id-xyz"}},"updateImages":true,"containerBatchesRecord":[{"timestamp":"${stamp}","containers":["c1"]}]}`,
    );
    assert.deepEqual(r.pod.spec?.containers, [{ name: 'c1', image: 'foo2' }]);
    assert.equal(r.requeueAfterMs, 0);
  });

  it('grace period: images untouched, the spec parked in the grace annotation', () => {
    const r = applyInPlaceUpdate(
      oldPod(),
      { revision: 'rev_new', containerImages: { c1: 'foo2' }, graceSeconds: 3630 },
      { now: NOW },
    );
    assert.equal(
      r.pod.metadata.annotations?.[INPLACE_UPDATE_STATE_KEY],
      `{"revision":"rev_new","updateTimestamp":"${stamp}","lastContainerStatuses":null,"updateImages":true}`,
    );
    assert.equal(
      r.pod.metadata.annotations?.[INPLACE_UPDATE_GRACE_KEY],
      '{"revision":"rev_new","containerImages":{"c1":"foo2"},"graceSeconds":3630}',
    );
    assert.deepEqual(r.pod.spec?.containers, [{ name: 'c1', image: 'foo1' }]);
    assert.equal(r.requeueAfterMs, 3_630_000);
  });

  it('launch priorities: the highest-priority container first, the rest queued with a pre-check', () => {
    const pod = oldPod();
    const barrier = (p: number) => [
      {
        name: 'KRUISE_CONTAINER_BARRIER',
        valueFrom: { configMapKeyRef: { name: 'pod-0-barrier', key: `p_${p}` } },
      },
    ];
    pod.spec = {
      ...pod.spec,
      containers: [
        { name: 'nginx', image: 'n1', env: barrier(0) },
        { name: 'redis', image: 'r1', env: barrier(1000) },
      ],
    };
    pod.status = {
      ...pod.status,
      containerStatuses: [
        { name: 'nginx', image: 'n1', imageID: 'n-id' },
        { name: 'redis', image: 'r1', imageID: 'r-id' },
      ],
    };
    const r = applyInPlaceUpdate(
      pod,
      { revision: 'rev_new', containerImages: { nginx: 'n2', redis: 'r2' }, graceSeconds: 0 },
      { now: NOW },
    );
    const state = parseInPlaceUpdateState(r.pod.metadata.annotations?.[INPLACE_UPDATE_STATE_KEY] ?? '');
    assert.deepEqual(state.containerBatchesRecord, [{ timestamp: stamp, containers: ['redis'] }]);
    assert.deepEqual(state.nextContainerImages, { nginx: 'n2' });
    assert.deepEqual(state.preCheckBeforeNext, { containersRequiredReady: ['redis'] });
    assert.deepEqual(
      r.pod.spec?.containers?.map((c) => c.image),
      ['n1', 'r2'],
    );

    // redis restarted and ready: the next reconcile patches nginx
    const restarted: InPlacePod = {
      ...r.pod,
      status: {
        ...r.pod.status,
        containerStatuses: [
          { name: 'nginx', image: 'n1', imageID: 'n-id', ready: true },
          { name: 'redis', image: 'r2', imageID: 'r-id2', ready: true },
        ],
      },
    };
    const next = refreshInPlaceUpdate(restarted, NOW + 5000);
    assert.equal(next.action, 'update-pod');
    if (next.action !== 'update-pod') return;
    assert.equal(next.reason, 'next-batch');
    assert.deepEqual(
      next.pod.spec?.containers?.map((c) => c.image),
      ['n2', 'r2'],
    );
    const after = parseInPlaceUpdateState(next.pod.metadata.annotations?.[INPLACE_UPDATE_STATE_KEY] ?? '');
    assert.equal(after.containerBatchesRecord?.length, 2);
    assert.deepEqual(after.lastContainerStatuses, { redis: { imageID: 'r-id' }, nginx: { imageID: 'n-id' } });
    assert.equal(after.preCheckBeforeNext, undefined);
  });

  it('the grace annotation round-trips, with the metadata patch as base64 bytes', () => {
    const spec = {
      revision: 'r',
      containerImages: { c: 'i' },
      metadataPatch: { metadata: { labels: { a: 'b' } } },
      graceSeconds: 5,
    };
    const text = serializeUpdateSpec(spec);
    assert.equal(
      text,
      `{"revision":"r","containerImages":{"c":"i"},"metaDataPatch":"${Buffer.from('{"metadata":{"labels":{"a":"b"}}}').toString('base64')}","graceSeconds":5}`,
    );
    assert.deepEqual(parseUpdateSpec(text), spec);
  });
});

describe('in-place refresh (docs/behaviour/cloneset.md#in-place-procedure step 4; inplace_update_test TestRefresh; UT update grace cases)', () => {
  const HOUR_AGO = NOW - 3_600_000;
  const graced = (startedAt: number): InPlacePod => ({
    ...oldPod(),
    metadata: {
      name: 'pod-0',
      labels: { 'controller-revision-hash': 'rev_new', 'apps.kruise.io/cloneset-instance-id': 'id-0' },
      annotations: {
        [INPLACE_UPDATE_STATE_KEY]: `{"revision":"rev_new","updateTimestamp":"${new Date(startedAt).toISOString().slice(0, 19)}Z","lastContainerStatuses":null}`,
        [INPLACE_UPDATE_GRACE_KEY]:
          '{"revision":"rev_new","containerImages":{"c1":"foo2"},"graceSeconds":3630}',
      },
    },
  });

  it('during the grace period: nothing to write, requeue at its end (rounded up to seconds)', () => {
    // started 10.5 s ago: 3619.5 s left, rounded up to 3620 s
    const r = refreshInPlaceUpdate(graced(HOUR_AGO), HOUR_AGO + 10_500);
    assert.deepEqual(r, { action: 'none', requeueAfterMs: 3_620_000, reason: 'in grace period' });
  });

  it('after the grace period: patch images, drop the grace annotation, keep the update timestamp', () => {
    const r = refreshInPlaceUpdate(graced(NOW - 3_660_000), NOW);
    assert.equal(r.action, 'update-pod');
    if (r.action !== 'update-pod') return;
    assert.equal(r.reason, 'grace-finished');
    assert.deepEqual(r.pod.spec?.containers, [{ name: 'c1', image: 'foo2' }]);
    assert.equal(r.pod.metadata.annotations?.[INPLACE_UPDATE_GRACE_KEY], undefined);
    assert.equal(
      r.pod.metadata.annotations?.[INPLACE_UPDATE_STATE_KEY],
      `{"revision":"rev_new","updateTimestamp":"2026-03-01T10:59:00Z","lastContainerStatuses":{"c1":{"imageID":"image-id-xyz"}},"containerBatchesRecord":[{"timestamp":"${stamp}","containers":["c1"]}]}`,
    );
  });

  it('pod moved to another revision meanwhile: only the grace annotation is dropped', () => {
    const pod = graced(NOW);
    pod.metadata.labels = { 'controller-revision-hash': 'rev_other' };
    const r = refreshInPlaceUpdate(pod, NOW);
    assert.equal(r.action === 'update-pod' && r.reason, 'grace-dropped');
  });

  it('no readiness gate: nothing to do', () => {
    assert.deepEqual(refreshInPlaceUpdate({ metadata: {} }, NOW), { action: 'none' });
  });

  it('not in-place updated yet (same image ID): nothing to do', () => {
    const pod: InPlacePod = {
      metadata: {
        labels: { 'controller-revision-hash': 'new-revision' },
        annotations: {
          [INPLACE_UPDATE_STATE_KEY]:
            '{"revision":"new-revision","lastContainerStatuses":{"c1":{"imageID":"img01"}}}',
        },
      },
      spec: {
        readinessGates: [{ conditionType: 'InPlaceUpdateReady' }],
        containers: [{ name: 'c1', image: 'image02' }],
      },
      status: { containerStatuses: [{ name: 'c1', image: 'image01', imageID: 'img01' }] },
    };
    assert.equal(refreshInPlaceUpdate(pod, NOW).action, 'none');
  });

  it('fresh pod with the gate and no condition: InPlaceUpdateReady=True', () => {
    const r = refreshInPlaceUpdate(
      { metadata: {}, spec: { readinessGates: [{ conditionType: 'InPlaceUpdateReady' }] } },
      NOW,
    );
    assert.deepEqual(r, {
      action: 'update-status',
      conditions: [{ type: 'InPlaceUpdateReady', status: 'True', lastTransitionTime: stamp }],
    });
  });

  it('fresh pod with both gates: InPlaceUpdateReady and KruisePodReady True in one write', () => {
    const gates = [{ conditionType: 'InPlaceUpdateReady' }, { conditionType: 'KruisePodReady' }];
    const r = refreshInPlaceUpdate({ metadata: {}, spec: { readinessGates: gates } }, NOW);
    assert.deepEqual(r, {
      action: 'update-status',
      conditions: [
        { type: 'InPlaceUpdateReady', status: 'True', lastTransitionTime: stamp },
        { type: 'KruisePodReady', status: 'True', lastTransitionTime: stamp },
      ],
    });
    const onlyKruise = refreshInPlaceUpdate(
      { metadata: {}, spec: { readinessGates: [{ conditionType: 'KruisePodReady' }] } },
      NOW,
    );
    assert.deepEqual(onlyKruise, {
      action: 'update-status',
      conditions: [{ type: 'KruisePodReady', status: 'True', lastTransitionTime: stamp }],
    });
  });

  it('condition False and update complete: set True, other conditions kept', () => {
    const r = refreshInPlaceUpdate(
      {
        metadata: {},
        spec: { readinessGates: [{ conditionType: 'InPlaceUpdateReady' }] },
        status: {
          conditions: [
            { type: 'ContainersReady', status: 'True' },
            { type: 'InPlaceUpdateReady', status: 'False' },
          ],
        },
      },
      NOW,
    );
    assert.deepEqual(r, {
      action: 'update-status',
      conditions: [
        { type: 'ContainersReady', status: 'True' },
        { type: 'InPlaceUpdateReady', status: 'True', lastTransitionTime: stamp },
      ],
    });
  });

  it('condition already True: nothing to write', () => {
    const r = refreshInPlaceUpdate(
      {
        metadata: {},
        spec: { readinessGates: [{ conditionType: 'InPlaceUpdateReady' }] },
        status: { conditions: [{ type: 'InPlaceUpdateReady', status: 'True' }] },
      },
      NOW,
    );
    assert.deepEqual(r, { action: 'none' });
  });
});
