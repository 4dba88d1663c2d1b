// Creating and scaling CloneSets on the real cluster, with the real watcher feeding the controller over the bus:
// Kruise's pod names, labels, owner references and readiness gate (docs/behaviour/cloneset.md#pod-creation, #labels), status counters (docs/behaviour/cloneset.md#status),
// ControllerRevision naming (docs/behaviour/cloneset.md#revisions), Events (docs/behaviour/cloneset.md#labels), scale up/down with Kruise's scale-in order (docs/behaviour/cloneset.md#scale-in-order),
// podsToDelete and the specified-delete label (docs/behaviour/cloneset.md#specified-delete), and `kubectl get cloneset` columns.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { binaryPaths, eventually } from '@kruise-ts/devcluster';
import { PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import { choosePodsToDelete } from '../../src/sync/scale-in.ts';
import type { CloneSetPod, CloneSet as CloneSetType } from '../../src/types.ts';
import {
  cloneSetObject,
  createCloneSet,
  eventsOf,
  getCloneSet,
  INSTANCE_ID,
  isActive,
  LIFECYCLE_STATE,
  listPods,
  patchCloneSet,
  REVISION_HASH,
  SPECIFIED_DELETE,
  TEMPLATE_HASH,
  waitForStatus,
} from './support/cloneset.ts';
import { Harness } from './support/harness.ts';

const h = new Harness();
const run = promisify(execFile);
const kubectl = binaryPaths().kubectl;

before(async () => {
  await h.start();
});
after(async () => {
  await h.stop();
});

describe('create (docs/behaviour/cloneset.md#pod-creation, #status, #labels)', () => {
  it('creates N pods named <cloneset>-<instance id> with Kruise labels, owner reference and status counts', async () => {
    const ns = await h.namespace('create');
    const created = await createCloneSet(h, cloneSetObject(ns, 'web', { replicas: 3 }));
    const cs = await waitForStatus(h, ns, 'web', {
      replicas: 3,
      readyReplicas: 3,
      availableReplicas: 3,
      updatedReplicas: 3,
      updatedReadyReplicas: 3,
      updatedAvailableReplicas: 3,
      expectedUpdatedReplicas: 3,
      converged: true,
    });
    const status = cs.status!;
    assert.equal(status.observedGeneration, 1);
    assert.equal(status.collisionCount, 0);
    assert.equal(status.labelSelector, 'app=web');
    const revision = status.updateRevision ?? '';
    assert.match(revision, /^web-[bcdfghjklmnpqrstvwxz2456789]+$/);

    const pods = (await listPods(h, ns, 'web')).filter(isActive);
    assert.equal(pods.length, 3);
    const ids = new Set<string>();
    for (const pod of pods) {
      const labels = pod.metadata?.labels ?? {};
      const id = labels[INSTANCE_ID] ?? '';
      assert.match(id, /^[bcdfghjklmnpqrstvwxz2456789]{5}$/);
      ids.add(id);
      assert.equal(pod.metadata?.name, `web-${id}`);
      assert.equal(pod.metadata?.generateName, 'web-');
      assert.equal(labels[REVISION_HASH], revision);
      assert.equal(labels[TEMPLATE_HASH], revision.slice('web-'.length));
      assert.equal(labels[LIFECYCLE_STATE], 'Normal');
      assert.equal(labels.app, 'web');
      assert.deepEqual(pod.metadata?.ownerReferences, [
        {
          apiVersion: 'apps.kruise.io/v1beta1',
          kind: 'CloneSet',
          name: 'web',
          uid: created.metadata.uid,
          controller: true,
          blockOwnerDeletion: true,
        },
      ]);
      assert.deepEqual(pod.spec?.readinessGates, [{ conditionType: 'InPlaceUpdateReady' }]);
      const inPlace = pod.status?.conditions?.find((c) => c.type === 'InPlaceUpdateReady');
      assert.equal(inPlace?.status, 'True');
      assert.ok(pod.metadata?.annotations?.['lifecycle.apps.kruise.io/timestamp']);
      // The Normal label and the condition came in one pods/status write (docs/adr/0042).
      const statusWrite = JSON.stringify(
        pod.metadata?.managedFields?.find((m) => m.subresource === 'status' && m.manager !== 'kwok')
          ?.fieldsV1 ?? {},
      );
      assert.match(statusWrite, /f:lifecycle\.apps\.kruise\.io\/state/);
      assert.match(statusWrite, /k:\{\\"type\\":\\"InPlaceUpdateReady\\"\}/);
    }
    assert.equal(ids.size, 3, 'instance ids are unique');

    const revisions = await h.apps.listNamespacedControllerRevision({ namespace: ns });
    assert.equal(revisions.items.length, 1);
    const rev = revisions.items[0]!;
    assert.equal(rev.metadata?.name, revision);
    assert.equal(rev.revision, 1);
    assert.equal(rev.metadata?.labels?.['controller.kubernetes.io/hash'], revision.slice('web-'.length));
    assert.equal(rev.metadata?.labels?.app, 'web');
    assert.equal(rev.metadata?.annotations?.['kruise.io/cloneset-volumeclaimtemplate-hash'], '');
    assert.equal(rev.metadata?.ownerReferences?.[0]?.uid, created.metadata.uid);

    const events = await eventually('SuccessfulCreate events', async () => {
      const list = await eventsOf(h, ns, 'web');
      return list.filter((e) => e.reason === 'SuccessfulCreate').length >= 3 ? list : undefined;
    });
    for (const pod of pods) {
      assert.ok(
        events.some(
          (e) =>
            e.reason === 'SuccessfulCreate' && e.message === `succeed to create pod ${pod.metadata?.name}`,
        ),
      );
    }
  });

  it('kubectl get cloneset prints DESIRED UPDATED UPDATED_READY UPDATED_AVAILABLE READY TOTAL AGE', async () => {
    const ns = await h.namespace('kubectl');
    await createCloneSet(h, cloneSetObject(ns, 'kc', { replicas: 2 }));
    await waitForStatus(h, ns, 'kc', { replicas: 2, readyReplicas: 2, updatedReadyReplicas: 2 });
    const { stdout } = await run(kubectl, [
      '--kubeconfig',
      h.cluster.kubeconfigPath,
      '-n',
      ns,
      'get',
      'cloneset',
    ]);
    const [header, row] = stdout.trim().split('\n');
    assert.deepEqual(header?.split(/\s+/), [
      'NAME',
      'DESIRED',
      'UPDATED',
      'UPDATED_READY',
      'UPDATED_AVAILABLE',
      'READY',
      'TOTAL',
      'AGE',
    ]);
    const cells = row?.split(/\s+/) ?? [];
    assert.deepEqual(cells.slice(0, 7), ['kc', '2', '2', '2', '2', '2', '2']);
    assert.match(cells[7] ?? '', /^\d+s$/);
    const short = await run(kubectl, [
      '--kubeconfig',
      h.cluster.kubeconfigPath,
      '-n',
      ns,
      'get',
      'clone',
      'kc',
      '-o',
      'wide',
    ]);
    assert.match(short.stdout, /CONTAINERS\s+IMAGES\s+SELECTOR/);
    assert.match(short.stdout, /main\s+nginx:1\.22-alpine\s+app=kc/);
  });
});

describe('scale (docs/behaviour/cloneset.md#scale-steps, #scale-in-order, #specified-delete)', () => {
  it('scales up and down; scale-in deletes the pods Kruise ranks first (ActivePodsWithRanks)', async () => {
    const ns = await h.namespace('scale');
    // All pods on one node, and the first two ready a second before the others: Kruise's order (unscheduled,
    // phase, availability, deletion cost, co-location rank, ready time, restarts, age) then has no ties that
    // matter, and the three newest pods are the ones to go.
    const obj = cloneSetObject(ns, 'sc', { replicas: 2 });
    (obj.spec.template.spec as { nodeName?: string }).nodeName = 'kwok-node-0';
    await createCloneSet(h, obj);
    await waitForStatus(h, ns, 'sc', { replicas: 2, readyReplicas: 2 });
    const first = new Set((await listPods(h, ns, 'sc')).filter(isActive).map((p) => p.metadata?.name));
    await new Promise((r) => setTimeout(r, 1100));
    await patchCloneSet(h, ns, 'sc', { spec: { replicas: 5 } });
    const cs = await waitForStatus(h, ns, 'sc', {
      replicas: 5,
      readyReplicas: 5,
      availableReplicas: 5,
      updatedReplicas: 5,
    });
    // The same ranking the controller uses agrees, from the pods as they are now.
    const five = (await listPods(h, ns, 'sc')).filter(isActive) as unknown as CloneSetPod[];
    const doomed = choosePodsToDelete(cs as unknown as CloneSetType, 3, 0, [], five, { now: Date.now() });
    assert.deepEqual(new Set(five.filter((p) => !doomed.includes(p)).map((p) => p.metadata.name)), first);
    await patchCloneSet(h, ns, 'sc', { spec: { replicas: 2 } });
    await waitForStatus(h, ns, 'sc', { replicas: 2, readyReplicas: 2 });
    const left = await eventually('only 2 pods left', async () => {
      const pods = (await listPods(h, ns, 'sc')).filter(isActive);
      return pods.length === 2 ? pods : undefined;
    });
    assert.deepEqual(new Set(left.map((p) => p.metadata?.name)), first);
    const events = await eventsOf(h, ns, 'sc');
    assert.equal(events.filter((e) => e.reason === 'SuccessfulDelete').length, 3);
    for (const pod of doomed) {
      assert.ok(events.some((e) => e.message === `succeed to delete pod ${pod.metadata.name}`));
    }
  });

  it('podsToDelete deletes the named pod, replaces it and is truncated once the pod is gone', async () => {
    const ns = await h.namespace('ptd');
    await createCloneSet(h, cloneSetObject(ns, 'pd', { replicas: 3 }));
    await waitForStatus(h, ns, 'pd', { replicas: 3, readyReplicas: 3 });
    const pods = (await listPods(h, ns, 'pd')).filter(isActive);
    const victim = pods[1]!.metadata!.name!;
    await patchCloneSet(h, ns, 'pd', { spec: { scaleStrategy: { podsToDelete: [victim] } } });
    await eventually(
      'victim replaced and podsToDelete truncated',
      async () => {
        const now = (await listPods(h, ns, 'pd')).filter(isActive);
        const cs = await getCloneSet(h, ns, 'pd');
        return (
          now.length === 3 &&
          !now.some((p) => p.metadata?.name === victim) &&
          // Truncated to nothing: the field is gone, as Kruise's nil list under omitempty.
          cs.spec.scaleStrategy?.podsToDelete === undefined &&
          cs.status?.readyReplicas === 3
        );
      },
      { timeoutMs: 90_000, intervalMs: 500 },
    );
    const survivors = new Set(pods.filter((p) => p.metadata?.name !== victim).map((p) => p.metadata?.name));
    const after = new Set((await listPods(h, ns, 'pd')).filter(isActive).map((p) => p.metadata?.name));
    for (const name of survivors) assert.ok(after.has(name), `${name} kept`);
  });

  it('a pod labelled apps.kruise.io/specified-delete is deleted and replaced', async () => {
    const ns = await h.namespace('sdl');
    await createCloneSet(h, cloneSetObject(ns, 'sd', { replicas: 3 }));
    await waitForStatus(h, ns, 'sd', { replicas: 3, readyReplicas: 3 });
    const victim = (await listPods(h, ns, 'sd')).filter(isActive)[0]!.metadata!.name!;
    await h.core.patchNamespacedPod(
      { namespace: ns, name: victim, body: { metadata: { labels: { [SPECIFIED_DELETE]: 'true' } } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    await eventually(
      'victim replaced',
      async () => {
        const now = (await listPods(h, ns, 'sd')).filter(isActive);
        return (
          now.length === 3 &&
          !now.some((p) => p.metadata?.name === victim) &&
          now.every((p) => p.status?.phase === 'Running')
        );
      },
      { timeoutMs: 90_000, intervalMs: 500 },
    );
    await waitForStatus(h, ns, 'sd', { replicas: 3, readyReplicas: 3 });
  });

  it('controller.kubernetes.io/pod-deletion-cost: the cheapest pod goes first on scale-in', async () => {
    const ns = await h.namespace('cost');
    await createCloneSet(h, cloneSetObject(ns, 'dc', { replicas: 3 }));
    await waitForStatus(h, ns, 'dc', { replicas: 3, readyReplicas: 3, availableReplicas: 3 });
    const pods = (await listPods(h, ns, 'dc')).filter(isActive);
    const cheap = pods[1]!.metadata!.name!;
    await h.core.patchNamespacedPod(
      {
        namespace: ns,
        name: cheap,
        body: { metadata: { annotations: { 'controller.kubernetes.io/pod-deletion-cost': '-100' } } },
      },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    await new Promise((r) => setTimeout(r, 500));
    await patchCloneSet(h, ns, 'dc', { spec: { replicas: 2 } });
    await eventually(
      'the cheap pod deleted, the others kept',
      async () => {
        const now = (await listPods(h, ns, 'dc')).filter(isActive).map((p) => p.metadata?.name);
        return now.length === 2 && !now.includes(cheap);
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
  });

  it('kubectl scale works through the scale subresource (status.labelSelector)', async () => {
    const ns = await h.namespace('kscale');
    await createCloneSet(h, cloneSetObject(ns, 'ks', { replicas: 1 }));
    await waitForStatus(h, ns, 'ks', { replicas: 1, readyReplicas: 1 });
    await run(kubectl, [
      '--kubeconfig',
      h.cluster.kubeconfigPath,
      '-n',
      ns,
      'scale',
      'cloneset/ks',
      '--replicas=3',
    ]);
    await waitForStatus(h, ns, 'ks', { replicas: 3, readyReplicas: 3 });
    const scale = await run(kubectl, [
      '--kubeconfig',
      h.cluster.kubeconfigPath,
      '-n',
      ns,
      'get',
      '--raw',
      `/apis/apps.kruise.io/v1beta1/namespaces/${ns}/clonesets/ks/scale`,
    ]);
    const body = JSON.parse(scale.stdout) as {
      spec: { replicas: number };
      status: { replicas: number; selector: string };
    };
    assert.deepEqual([body.spec.replicas, body.status.replicas, body.status.selector], [3, 3, 'app=ks']);
  });

  it('a pod deleted by someone else is replaced (new instance id without PVCs)', async () => {
    const ns = await h.namespace('heal');
    await createCloneSet(h, cloneSetObject(ns, 'hl', { replicas: 2 }));
    await waitForStatus(h, ns, 'hl', { replicas: 2, readyReplicas: 2 });
    const [victim] = (await listPods(h, ns, 'hl')).filter(isActive);
    await h.core.deleteNamespacedPod({ namespace: ns, name: victim!.metadata!.name! });
    await eventually(
      'replaced',
      async () => {
        const now = (await listPods(h, ns, 'hl')).filter(isActive);
        return (
          now.length === 2 &&
          !now.some((p) => p.metadata?.labels?.[INSTANCE_ID] === victim?.metadata?.labels?.[INSTANCE_ID])
        );
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    await waitForStatus(h, ns, 'hl', { replicas: 2, readyReplicas: 2 });
  });
});
