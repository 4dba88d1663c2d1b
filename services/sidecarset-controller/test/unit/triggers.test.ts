// Which SidecarSets a change enqueues (docs/behaviour/sidecarset.md#triggers; Kruise sidecarset_pod_event_handler.go).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Pod, SidecarSet } from '@kruise-ts/sidecarset';
import { sidecarSetChanged, sidecarSetsForPodChange } from '../../src/triggers.ts';

const sidecarSet = (name: string, strategy: SidecarSet['spec']['updateStrategy'] = {}): SidecarSet => ({
  metadata: { name },
  spec: {
    selector: { matchLabels: { app: 'x' } },
    containers: [{ name: 'sidecar', image: 'b:1' }],
    updateStrategy: strategy,
  },
});

const sets = new Map([
  ['rolling', sidecarSet('rolling', { type: 'RollingUpdate' })],
  ['frozen', sidecarSet('frozen', { type: 'NotUpdate' })],
  [
    'selective',
    sidecarSet('selective', { type: 'RollingUpdate', selector: { matchLabels: { canary: 'true' } } }),
  ],
]);
const lookup = (n: string) => sets.get(n);

function pod(patch: (p: Pod) => void = () => {}): Pod {
  const p: Pod = {
    metadata: {
      name: 'p',
      resourceVersion: '1',
      labels: { app: 'x' },
      annotations: { 'kruise.io/sidecarset-injected-list': 'frozen,missing,rolling,selective' },
    },
    spec: { containers: [{ name: 'sidecar', image: 'b:1' }] },
    status: {
      phase: 'Running',
      conditions: [{ type: 'Ready', status: 'True' }],
      containerStatuses: [{ name: 'sidecar', image: 'b:1', imageID: 'id1', ready: true }],
    },
  };
  patch(p);
  return p;
}

const next = (patch: (p: Pod) => void) =>
  pod((p) => {
    p.metadata.resourceVersion = '2';
    patch(p);
  });

/** 'rolling' upgraded the sidecar in place to b:2 (its state records the old image id). */
const upgradedByRolling = (p: Pod) => {
  (p.spec.containers[0] as { image: string }).image = 'b:2';
  (p.metadata.annotations as Record<string, string>)['kruise.io/sidecarset-inplace-update-state'] =
    '{"rolling":{"revision":"h","updateTimestamp":"","lastContainerStatuses":{"sidecar":{"imageID":"id1"}}}}';
};
/** The kubelet runs the new sidecar image. */
const runningNewSidecar = (p: Pod) => {
  p.status = {
    ...p.status,
    containerStatuses: [{ name: 'sidecar', image: 'b:2', imageID: 'id2', ready: true }],
  };
};

describe('pod changes', () => {
  const cases: { name: string; old: Pod | undefined; current: Pod | undefined; want: string[] }[] = [
    {
      name: 'created: every existing SidecarSet it has the sidecars of',
      old: undefined,
      current: pod(),
      want: ['frozen', 'rolling', 'selective'],
    },
    {
      name: 'created without the sidecar containers: none',
      old: undefined,
      current: pod((p) => {
        p.spec.containers = [{ name: 'app', image: 'x' }];
      }),
      want: [],
    },
    { name: 'same resourceVersion: none', old: pod(), current: pod(), want: [] },
    { name: 'nothing relevant changed', old: pod(), current: next(() => {}), want: [] },
    {
      name: 'readiness changed: all but NotUpdate',
      old: pod(),
      current: next((p) => {
        p.status = { ...p.status, conditions: [{ type: 'Ready', status: 'False' }] };
      }),
      want: ['rolling', 'selective'],
    },
    {
      name: 'deletion started',
      old: pod(),
      current: next((p) => {
        p.metadata.deletionTimestamp = '2026-07-01T00:00:00Z';
      }),
      want: ['rolling', 'selective'],
    },
    {
      // Only the SidecarSet that recorded the upgrade sees its consistency flip.
      name: 'sidecar consistency flipped (in-place upgrade finished)',
      old: pod(upgradedByRolling),
      current: next((p) => {
        upgradedByRolling(p);
        runningNewSidecar(p);
      }),
      want: ['rolling'],
    },
    {
      // The bus delivered the upgrade and the kubelet's report of it as one change: consistent before and after.
      name: 'sidecar image changed and finished in one change: all but NotUpdate',
      old: pod(),
      current: next((p) => {
        upgradedByRolling(p);
        runningNewSidecar(p);
      }),
      want: ['rolling', 'selective'],
    },
    {
      name: 'another container changed image: none',
      old: pod((p) => {
        p.spec.containers.push({ name: 'app', image: 'a:1' });
      }),
      current: next((p) => {
        p.spec.containers.push({ name: 'app', image: 'a:2' });
      }),
      want: [],
    },
    {
      name: 'labels changed: only SidecarSets with an update selector',
      old: pod(),
      current: next((p) => {
        (p.metadata.labels as Record<string, string>).canary = 'true';
      }),
      want: ['selective'],
    },
    {
      name: 'deleted: its SidecarSets (status freshness)',
      old: pod(),
      current: undefined,
      want: ['frozen', 'rolling', 'selective'],
    },
  ];
  for (const c of cases) {
    it(c.name, () => assert.deepEqual(sidecarSetsForPodChange(c.old, c.current, lookup).sort(), c.want));
  }
});

describe('SidecarSet changes', () => {
  it('create, delete and generation changes enqueue; status/annotation-only updates do not', () => {
    assert.equal(sidecarSetChanged(undefined, { generation: 1 }), true);
    assert.equal(sidecarSetChanged({ generation: 1 }, undefined), true);
    assert.equal(sidecarSetChanged({ generation: 1 }, { generation: 2 }), true);
    assert.equal(sidecarSetChanged({ generation: 2 }, { generation: 2 }), false);
  });
});
