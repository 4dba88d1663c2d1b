import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type ControllerRevision,
  INPLACE_UPDATE_STATE_KEY,
  parseInPlaceUpdateState,
  type ResourceRequirements,
  RUNTIME_CONTAINER_META_KEY,
} from '@kruise-ts/core';
import {
  applyInPlaceUpdate,
  calculateInPlaceUpdateSpec,
  containerReadsMetadata,
  type InPlacePod,
  isInPlaceUpdateCompleted,
  type JsonPatchOp,
  parseResourceChange,
  parseUpdateSpec,
  podQosClass,
  RESTART_CONTAINERS_KEY,
  RESTARTED_CONTAINERS_KEY,
  refreshInPlaceUpdate,
  resizePatch,
  serializeUpdateSpec,
} from '../../src/index.ts';

const rev = (name: string, template: string): ControllerRevision => ({
  metadata: { name },
  data: `{"spec":{"template":{"$patch":"replace",${template}}}}`,
  revision: 1,
});
const envLabel = (key: string) =>
  `"env":[{"name":"TEST_ENV","valueFrom":{"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.labels['${key}']"}}}]`;
const envAnnotation = (key: string) =>
  `"env":[{"name":"TEST_ENV","valueFrom":{"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.annotations['${key}']"}}}]`;

describe('env from metadata (docs/behaviour/cloneset.md#in-place-env-from-metadata; inplace_update_test TestCalculateInPlaceUpdateSpec)', () => {
  it('Kruise case: image + env-read label k + new label k1 → k per container, k1 in the metadata patch', () => {
    const old = rev(
      'old-revision',
      `"metadata":{"labels":{"k":"v"}},"spec":{"containers":[{"name":"c1","image":"foo1",${envLabel('k')}}]}`,
    );
    const next = rev(
      'new-revision',
      `"metadata":{"labels":{"k":"v2","k1":"v1"}},"spec":{"containers":[{"name":"c1","image":"foo2",${envLabel('k')}}]}`,
    );
    assert.deepEqual(calculateInPlaceUpdateSpec(old, next), {
      revision: 'new-revision',
      containerImages: { c1: 'foo2' },
      containerRefMetadata: { c1: { labels: { k: 'v2' } } },
      updateEnvFromMetadata: true,
      metadataPatch: { metadata: { labels: { k1: 'v1' } } },
      graceSeconds: 0,
    });
  });

  const cases: Array<{
    name: string;
    oldMeta: string;
    newMeta: string;
    containers: string;
    gate?: boolean;
    want: ReturnType<typeof calculateInPlaceUpdateSpec>;
  }> = [
    {
      name: 'only a label read by env changes: in place with a restart, no metadata patch',
      oldMeta: '{"labels":{"k":"v"}}',
      newMeta: '{"labels":{"k":"v2"}}',
      containers: `[{"name":"c1","image":"foo",${envLabel('k')}},{"name":"c2","image":"bar"}]`,
      want: {
        revision: 'new',
        containerImages: {},
        containerRefMetadata: { c1: { labels: { k: 'v2' } } },
        updateEnvFromMetadata: true,
        graceSeconds: 0,
      },
    },
    {
      name: 'gate off: the label is only patched onto the pod (no restart)',
      oldMeta: '{"labels":{"k":"v"}}',
      newMeta: '{"labels":{"k":"v2"}}',
      containers: `[{"name":"c1","image":"foo",${envLabel('k')}}]`,
      gate: false,
      want: {
        revision: 'new',
        containerImages: {},
        metadataPatch: { metadata: { labels: { k: 'v2' } } },
        graceSeconds: 0,
      },
    },
    {
      name: 'an added annotation read by two containers: both restart',
      oldMeta: '{"annotations":{"x":"1"}}',
      newMeta: '{"annotations":{"a/b":"y","x":"1"}}',
      containers: `[{"name":"c1","image":"foo",${envAnnotation('a/b')}},{"name":"c2","image":"bar",${envAnnotation('a/b')}}]`,
      want: {
        revision: 'new',
        containerImages: {},
        containerRefMetadata: { c1: { annotations: { 'a/b': 'y' } }, c2: { annotations: { 'a/b': 'y' } } },
        updateEnvFromMetadata: true,
        graceSeconds: 0,
      },
    },
    {
      name: 'a removed label read by env: plain metadata patch (Kruise only looks at replace/add)',
      oldMeta: '{"labels":{"k":"v","z":"1"}}',
      newMeta: '{"labels":{"z":"1"}}',
      containers: `[{"name":"c1","image":"foo",${envLabel('k')}}]`,
      want: {
        revision: 'new',
        containerImages: {},
        metadataPatch: { metadata: { labels: { k: null } } },
        graceSeconds: 0,
      },
    },
    {
      name: 'a label env does not read: metadata patch only',
      oldMeta: '{"labels":{"k":"v","o":"1"}}',
      newMeta: '{"labels":{"k":"v","o":"2"}}',
      containers: `[{"name":"c1","image":"foo",${envLabel('k')}}]`,
      want: {
        revision: 'new',
        containerImages: {},
        metadataPatch: { metadata: { labels: { o: '2' } } },
        graceSeconds: 0,
      },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const old = rev('old', `"metadata":${c.oldMeta},"spec":{"containers":${c.containers}}`);
      const next = rev('new', `"metadata":${c.newMeta},"spec":{"containers":${c.containers}}`);
      assert.deepEqual(
        calculateInPlaceUpdateSpec(old, next, c.gate === undefined ? {} : { envFromMetadata: c.gate }),
        c.want,
      );
    });
  }

  it('containerReadsMetadata: literal values and SidecarSet envs do not count (IsContainerReferenceToMeta)', () => {
    const ref = { fieldRef: { fieldPath: "metadata.labels['k']" } };
    assert.equal(
      containerReadsMetadata({ name: 'c', env: [{ name: 'E', valueFrom: ref }] }, 'labels', 'k'),
      true,
    );
    assert.equal(
      containerReadsMetadata({ name: 'c', env: [{ name: 'E', valueFrom: ref }] }, 'annotations', 'k'),
      false,
    );
    assert.equal(
      containerReadsMetadata({ name: 'c', env: [{ name: 'E', value: 'x', valueFrom: ref }] }, 'labels', 'k'),
      false,
    );
    assert.equal(
      containerReadsMetadata(
        { name: 'c', env: [{ name: 'SIDECARSET_VERSION', valueFrom: ref }] },
        'labels',
        'k',
      ),
      false,
    );
  });

  it('the grace annotation round-trips the env-from-metadata fields', () => {
    const spec = {
      revision: 'r',
      containerImages: {},
      containerRefMetadata: { c1: { labels: { k: 'v2' } } },
      updateEnvFromMetadata: true,
      graceSeconds: 5,
    };
    assert.deepEqual(parseUpdateSpec(serializeUpdateSpec(spec)), spec);
  });
});

const pod = (containers: InPlacePod['spec'], annotations: Record<string, string> = {}): InPlacePod => ({
  metadata: { name: 'p', namespace: 'ns', labels: { k: 'v' }, annotations },
  spec: containers,
  status: {
    containerStatuses: (containers?.containers ?? []).map((c) => ({
      name: c.name,
      image: c.image ?? '',
      imageID: `id-${c.image}`,
      ready: true,
    })),
  },
});

describe('performing an env-from-metadata update (defaultPatchUpdateSpecToPod, addMetadataSharedContainersToUpdate)', () => {
  const now = Date.parse('2026-12-01T10:00:00Z');
  it('writes the label, asks for a restart of the reading container, marks updateEnvFromMetadata', () => {
    const p = pod({
      containers: [
        { name: 'c1', image: 'foo' },
        { name: 'c2', image: 'bar' },
      ],
    });
    const { pod: updated } = applyInPlaceUpdate(
      p,
      {
        revision: 'new',
        containerImages: {},
        containerRefMetadata: { c1: { labels: { k: 'v2' } } },
        updateEnvFromMetadata: true,
        graceSeconds: 0,
      },
      { now, revisionLabels: { 'controller-revision-hash': 'new' } },
    );
    assert.equal(updated.metadata.labels?.k, 'v2');
    assert.equal(updated.metadata.annotations?.[RESTART_CONTAINERS_KEY], 'c1;new;2026-12-01T10:00:00Z');
    const state = parseInPlaceUpdateState(updated.metadata.annotations?.[INPLACE_UPDATE_STATE_KEY] ?? '');
    assert.equal(state.updateEnvFromMetadata, true);
    assert.deepEqual(state.containerBatchesRecord?.[0]?.containers, ['c1']);
    assert.equal(state.nextContainerRefMetadata, undefined);
    // Not complete until the node reports the restart (kruise-daemon's runtime-containers-meta).
    assert.equal(isInPlaceUpdateCompleted(updated), false);
    const restarted = {
      ...updated,
      metadata: {
        ...updated.metadata,
        annotations: {
          ...updated.metadata.annotations,
          [RESTARTED_CONTAINERS_KEY]: 'c1;new;2026-12-01T10:00:00Z',
          [RUNTIME_CONTAINER_META_KEY]: '{"containers":[]}',
        },
      },
    };
    assert.equal(isInPlaceUpdateCompleted(restarted), true);
    assert.equal(refreshInPlaceUpdate(updated, now).action, 'none');
  });

  it('launch priority: the lower container waits, unless it reads a label the first batch writes', () => {
    const prio = (n: number) => [
      { name: 'KRUISE_CONTAINER_BARRIER', valueFrom: { configMapKeyRef: { name: 'b', key: `p_${n}` } } },
    ];
    const p = pod({
      containers: [
        { name: 'high', image: 'a', env: prio(10) },
        { name: 'low', image: 'b', env: prio(1) },
        { name: 'shared', image: 'c', env: prio(1) },
      ],
    });
    const { pod: updated } = applyInPlaceUpdate(
      p,
      {
        revision: 'new',
        containerImages: { low: 'b2' },
        containerRefMetadata: { high: { labels: { k: 'v2' } }, shared: { labels: { k: 'v2' } } },
        updateEnvFromMetadata: true,
        graceSeconds: 0,
      },
      { now, revisionLabels: {} },
    );
    const state = parseInPlaceUpdateState(updated.metadata.annotations?.[INPLACE_UPDATE_STATE_KEY] ?? '');
    assert.deepEqual(state.containerBatchesRecord?.[0]?.containers, ['high', 'shared']);
    assert.deepEqual(state.nextContainerImages, { low: 'b2' });
    assert.deepEqual(state.preCheckBeforeNext?.containersRequiredReady, ['high', 'shared']);
    assert.equal(
      updated.metadata.annotations?.[RESTART_CONTAINERS_KEY],
      'high,shared;new;2026-12-01T10:00:00Z',
    );
  });
});

describe('vertical scaling (docs/behaviour/cloneset.md#in-place-vertical-scaling; inplace_update_vertical_test)', () => {
  const op = (o: Partial<JsonPatchOp>): JsonPatchOp => ({
    op: 'replace',
    path: '/spec/containers/0/resources/limits/cpu',
    value: '200m',
    ...o,
  });
  const changes: Array<[string, JsonPatchOp, boolean]> = [
    ['valid patch for cpu limits', op({}), true],
    [
      'valid patch for memory requests',
      op({ path: '/spec/containers/0/resources/requests/memory', value: '1Gi' }),
      true,
    ],
    ['non-standard resource', op({ path: '/spec/containers/0/resources/limits/gpu', value: '1' }), false],
    ['non-quantity value', op({ value: 'not-a-quantity' }), false],
    ['add resource', op({ op: 'add', value: '10m' }), false],
    ['remove resource', op({ op: 'remove', value: undefined }), false],
    ['whole resources object', op({ path: '/spec/containers/0/resources/limits' }), false],
  ];
  for (const [name, o, ok] of changes) {
    it(`UpdateInplaceUpdateMetadata: ${name}`, () => assert.equal(parseResourceChange(o).ok, ok));
  }

  const res = (cpu: string, mem: string, limCpu?: string, limMem?: string) =>
    `"resources":{"requests":{"cpu":"${cpu}","memory":"${mem}"}${limCpu === undefined ? '' : `,"limits":{"cpu":"${limCpu}","memory":"${limMem}"}`}}`;
  const t = (r: string) => `"spec":{"containers":[{"name":"c1","image":"foo",${r}}]}`;

  it('gate on, requests change: container resources in the spec', () => {
    assert.deepEqual(
      calculateInPlaceUpdateSpec(rev('old', t(res('100m', '1Gi'))), rev('new', t(res('200m', '1Gi'))), {
        verticalScaling: true,
      }),
      {
        revision: 'new',
        containerImages: {},
        containerResources: { c1: { limits: {}, requests: { cpu: '200m' } } },
        graceSeconds: 0,
      },
    );
  });
  it('gate off: a resources change recreates', () => {
    assert.equal(
      calculateInPlaceUpdateSpec(rev('old', t(res('100m', '1Gi'))), rev('new', t(res('200m', '1Gi')))),
      undefined,
    );
  });
  it('QoS class would change (Guaranteed → Burstable): recreate', () => {
    assert.equal(
      calculateInPlaceUpdateSpec(
        rev('old', t(res('100m', '1Gi', '100m', '1Gi'))),
        rev('new', t(res('100m', '1Gi', '200m', '1Gi'))),
        { verticalScaling: true },
      ),
      undefined,
    );
  });
  it('QoS stays Guaranteed: in place', () => {
    assert.deepEqual(
      calculateInPlaceUpdateSpec(
        rev('old', t(res('100m', '1Gi', '100m', '1Gi'))),
        rev('new', t(res('200m', '1Gi', '200m', '1Gi'))),
        { verticalScaling: true },
      )?.containerResources,
      { c1: { limits: { cpu: '200m' }, requests: { cpu: '200m' } } },
    );
  });
  it('podQosClass', () => {
    assert.equal(podQosClass({ containers: [{}] }), 'BestEffort');
    assert.equal(podQosClass({ containers: [{ resources: { requests: { cpu: '1' } } }] }), 'Burstable');
    assert.equal(
      podQosClass({ containers: [{ resources: { limits: { cpu: '1', memory: '1Gi' } } }] }),
      'Guaranteed',
    );
  });

  it('resizePatch (GenerateResourcePatch): only quantities that differ, only cpu/memory', () => {
    const containers: Array<{ name: string; resources?: ResourceRequirements }> = [
      { name: 'a', resources: { requests: { cpu: '100m', memory: '1Gi' }, limits: { cpu: '1' } } },
      { name: 'b', resources: { requests: { cpu: '100m' } } },
    ];
    assert.deepEqual(
      resizePatch(containers, {
        a: { requests: { cpu: '0.2', memory: '1Gi' }, limits: { cpu: '1000m', 'nvidia.com/gpu': '1' } },
      }),
      { spec: { containers: [{ name: 'a', resources: { requests: { cpu: '0.2' } } }] } },
    );
    assert.equal(resizePatch(containers, { b: { requests: { cpu: '100m' } } }), undefined);
  });

  it('resources-only update: resize patch, pod stays ready, completes when statuses report the resources', () => {
    const now = Date.parse('2026-12-01T10:00:00Z');
    const p: InPlacePod = {
      ...pod({ containers: [{ name: 'c1', image: 'foo', resources: { requests: { cpu: '100m' } } }] }),
      spec: {
        containers: [{ name: 'c1', image: 'foo', resources: { requests: { cpu: '100m' } } }],
        readinessGates: [{ conditionType: 'InPlaceUpdateReady' }],
      },
    };
    const result = applyInPlaceUpdate(
      p,
      {
        revision: 'new',
        containerImages: {},
        containerResources: { c1: { requests: { cpu: '200m' } } },
        graceSeconds: 0,
      },
      { now, revisionLabels: {} },
    );
    assert.equal(result.statusConditions, undefined);
    assert.deepEqual(result.resize, {
      spec: { containers: [{ name: 'c1', resources: { requests: { cpu: '200m' } } }] },
    });
    // The pod write leaves resources alone (only the resize subresource may change them).
    assert.deepEqual(result.pod.spec?.containers?.[0]?.resources, { requests: { cpu: '100m' } });
    const state = parseInPlaceUpdateState(result.pod.metadata.annotations?.[INPLACE_UPDATE_STATE_KEY] ?? '');
    assert.equal(state.updateResources, true);
    const resized: InPlacePod = {
      ...result.pod,
      spec: {
        ...result.pod.spec,
        containers: [{ name: 'c1', image: 'foo', resources: { requests: { cpu: '200m' } } }],
      },
    };
    assert.equal(isInPlaceUpdateCompleted(resized, { verticalScaling: true }), false);
    const reported: InPlacePod = {
      ...resized,
      status: {
        containerStatuses: [
          {
            name: 'c1',
            image: 'foo',
            imageID: 'id-foo',
            ready: true,
            resources: { requests: { cpu: '0.2' } },
          },
        ],
      },
    };
    assert.equal(isInPlaceUpdateCompleted(reported, { verticalScaling: true }), true);
  });

  it('refresh names a resize the kubelet cannot carry out (PodResizePending Infeasible) while it waits', () => {
    const now = Date.parse('2026-12-01T10:00:00Z');
    const p: InPlacePod = {
      ...pod({ containers: [{ name: 'c1', image: 'foo', resources: { requests: { cpu: '200m' } } }] }),
    };
    const { pod: updated } = applyInPlaceUpdate(
      p,
      {
        revision: 'new',
        containerImages: {},
        containerResources: { c1: { requests: { cpu: '200m' } } },
        graceSeconds: 0,
      },
      { now, revisionLabels: {} },
    );
    const pending: InPlacePod = {
      ...updated,
      status: {
        ...updated.status,
        conditions: [{ type: 'PodResizePending', status: 'True', reason: 'Infeasible', message: 'no room' }],
      },
    };
    assert.deepEqual(refreshInPlaceUpdate(pending, now, { verticalScaling: true }), {
      action: 'none',
      reason: 'in-place update not completed: resize Infeasible (no room)',
    });
  });

  it('next batch of resources and env metadata after the first batch is ready (Refresh)', () => {
    const now = Date.parse('2026-12-01T10:00:00Z');
    const prio = (n: number) => [
      { name: 'KRUISE_CONTAINER_BARRIER', valueFrom: { configMapKeyRef: { name: 'b', key: `p_${n}` } } },
    ];
    const p = pod({
      containers: [
        { name: 'high', image: 'a', env: prio(10), resources: { requests: { cpu: '1' } } },
        { name: 'low', image: 'b', env: prio(1), resources: { requests: { cpu: '1' } } },
      ],
    });
    const first = applyInPlaceUpdate(
      p,
      {
        revision: 'new',
        containerImages: {},
        containerResources: { high: { requests: { cpu: '2' } }, low: { requests: { cpu: '3' } } },
        graceSeconds: 0,
      },
      { now, revisionLabels: {} },
    );
    assert.deepEqual(first.resize, {
      spec: { containers: [{ name: 'high', resources: { requests: { cpu: '2' } } }] },
    });
    const state = parseInPlaceUpdateState(first.pod.metadata.annotations?.[INPLACE_UPDATE_STATE_KEY] ?? '');
    assert.deepEqual(state.nextContainerResources, { low: { requests: { cpu: '3' } } });
    // The kubelet applied the first resize and reports both containers' resources.
    const resized: InPlacePod = {
      ...first.pod,
      spec: {
        containers: [
          { name: 'high', image: 'a', env: prio(10), resources: { requests: { cpu: '2' } } },
          { name: 'low', image: 'b', env: prio(1), resources: { requests: { cpu: '1' } } },
        ],
      },
      status: {
        containerStatuses: [
          { name: 'high', image: 'a', imageID: 'id-a', ready: true, resources: { requests: { cpu: '2' } } },
          { name: 'low', image: 'b', imageID: 'id-b', ready: true, resources: { requests: { cpu: '1' } } },
        ],
      },
    };
    const next = refreshInPlaceUpdate(resized, now, { verticalScaling: true });
    assert.equal(next.action, 'update-pod');
    if (next.action !== 'update-pod') return;
    assert.equal(next.reason, 'next-batch');
    assert.deepEqual(next.resize, {
      spec: { containers: [{ name: 'low', resources: { requests: { cpu: '3' } } }] },
    });
  });
});
