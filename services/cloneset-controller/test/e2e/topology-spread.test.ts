// Topology-spread-aware scale-in on a real cluster whose kwok nodes carry zone labels (4 nodes in zone-a and
// zone-b, devcluster's `zones` option): a CloneSet whose template has topologySpreadConstraints on
// `topology.kubernetes.io/zone` scales in from the fuller zone first, even where Kruise's default order would
// delete the newest pod (docs/behaviour/cloneset.md#scale-in-order step 5; choosePodsToDelete in
// pkg/controller/cloneset/sync/cloneset_scale.go with NewSpreadConstraintsRanker of
// pkg/controller/cloneset/utils/pod_ranker.go). The pure ranking is table-tested in test/unit/spread-scale-in.test.ts.
//
// Placement is steered by cordoning (spec.unschedulable, honoured by the real kube-scheduler): two pods in zone-a
// (one per node, the hostname constraint), then a third, newest one in zone-b; scaling to 2 must delete a zone-a pod.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, ZONE_LABEL } from '@kruise-ts/devcluster';
import { PatchStrategy, setHeaderOptions, type V1Pod } from '@kubernetes/client-node';
import {
  cloneSetObject,
  createCloneSet,
  isActive,
  listPods,
  patchCloneSet,
  waitForStatus,
} from './support/cloneset.ts';
import { Harness } from './support/harness.ts';

const h = new Harness();
const merge = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);

before(() => h.start({ cluster: { nodes: 4, zones: 2 } }));
after(() => h.stop());

/** Node name → zone, from the cluster's node labels. */
async function zones(): Promise<Map<string, string>> {
  const nodes = (await h.core.listNode()).items;
  return new Map(nodes.map((n) => [n.metadata?.name ?? '', n.metadata?.labels?.[ZONE_LABEL] ?? '']));
}

async function cordonZone(zone: string, unschedulable: boolean, nodeZones: Map<string, string>) {
  for (const [name, z] of nodeZones) {
    if (z === zone) await h.core.patchNode({ name, body: { spec: { unschedulable } } }, merge);
  }
}

async function runningPods(ns: string, app: string, count: number): Promise<V1Pod[]> {
  return eventually(
    `${count} scheduled running pods of ${app}`,
    async () => {
      const pods = (await listPods(h, ns, app)).filter(isActive);
      return pods.length === count && pods.every((p) => p.status?.phase === 'Running' && p.spec?.nodeName)
        ? pods
        : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 250 },
  );
}

describe('CloneSet scale-in with topologySpreadConstraints (docs/behaviour/cloneset.md#scale-in-order)', () => {
  it('the nodes carry the zone labels of the cluster option', async () => {
    const z = await zones();
    assert.deepEqual([...z.values()].sort(), ['zone-a', 'zone-a', 'zone-b', 'zone-b']);
  });

  it('scaling in deletes from the fuller zone, not the newest pod', async () => {
    const ns = await h.namespace('spread');
    const nodeZones = await zones();
    const obj = cloneSetObject(ns, 'spread', { replicas: 2 });
    const spec = obj.spec.template.spec as NonNullable<typeof obj.spec.template.spec>;
    spec.topologySpreadConstraints = [
      {
        maxSkew: 1,
        topologyKey: ZONE_LABEL,
        whenUnsatisfiable: 'ScheduleAnyway',
        labelSelector: { matchLabels: { app: 'spread' } },
      },
      {
        maxSkew: 1,
        topologyKey: 'kubernetes.io/hostname',
        whenUnsatisfiable: 'DoNotSchedule',
        labelSelector: { matchLabels: { app: 'spread' } },
      },
    ];
    try {
      await cordonZone('zone-b', true, nodeZones);
      await createCloneSet(h, obj);
      const first = await runningPods(ns, 'spread', 2);
      assert.deepEqual(
        first.map((p) => nodeZones.get(p.spec?.nodeName ?? '')),
        ['zone-a', 'zone-a'],
        'both first pods in zone-a',
      );
      await cordonZone('zone-b', false, nodeZones);
      await cordonZone('zone-a', true, nodeZones);
      await patchCloneSet(h, ns, 'spread', { spec: { replicas: 3 } });
      const all = await runningPods(ns, 'spread', 3);
      const newest = all.find((p) => !first.some((f) => f.metadata?.name === p.metadata?.name));
      assert.equal(nodeZones.get(newest?.spec?.nodeName ?? ''), 'zone-b', 'the third pod in zone-b');
      await cordonZone('zone-a', false, nodeZones);
      await waitForStatus(h, ns, 'spread', { replicas: 3, readyReplicas: 3 });

      await patchCloneSet(h, ns, 'spread', { spec: { replicas: 2 } });
      const left = await runningPods(ns, 'spread', 2);
      const byZone = left.map((p) => nodeZones.get(p.spec?.nodeName ?? '')).sort();
      assert.deepEqual(byZone, ['zone-a', 'zone-b'], 'one pod left per zone');
      assert.ok(
        left.some((p) => p.metadata?.name === newest?.metadata?.name),
        'the newest pod (alone in zone-b) stays',
      );
    } finally {
      await cordonZone('zone-a', false, nodeZones);
      await cordonZone('zone-b', false, nodeZones);
    }
  });
});
