// The controller subscribes to pods only once a SidecarSet exists (services/sidecarset-controller/src/service.ts):
// a controller that starts leading while a SidecarSet and its pods already exist reads every existing pod
// before its first reconcile (the pods arrive as its cache's snapshot, which the per-pod triggers skip), so the
// status counts all of them and an image change upgrades all of them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually } from '@kruise-ts/devcluster';
import type { Pod } from '@kruise-ts/sidecarset';
import { type Harness, startHarness } from './support/harness.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(() => h?.cleanup());

const OLD = 'busybox:1.35';
const NEW = 'busybox:1.36';
const PODS = 6;
const sidecar = (p: Pod) => p.spec.containers.find((c) => c.name === 'sidecar');

describe('pods on demand', () => {
  it('a controller starting after the pods exist counts and upgrades every one of them', async () => {
    const ns = await h.namespace();
    const name = `late-${h.run}`;
    await h.createSidecarSet(name, {
      selector: { matchLabels: { app: 'late' } },
      containers: [{ name: 'sidecar', image: OLD, command: ['sleep', '999d'] }],
      updateStrategy: { type: 'RollingUpdate', maxUnavailable: PODS },
    });
    await h.waitInjectable(ns, { app: 'late' }, 'sidecar');
    await h.createRunningPods(ns, 'late', PODS, { app: 'late' });
    await eventually('status: every pod matched and updated', async () => {
      const st = (await h.getSidecarSet(name)).status;
      return st?.matchedPods === PODS && st.updatedPods === PODS ? st : undefined;
    });

    // The new leader holds no pod until its first reconcile of the SidecarSet asks for them.
    const controller = await h.restartController();
    const cached = await controller
      .waitFor(/"pods":(\d+)[^\n]*"msg":"a SidecarSet exists: pods cached"/)
      .catch((err: unknown) => {
        throw new Error(`controller output:\n${controller.output().slice(-4000)}`, { cause: err });
      });
    assert.ok(Number(cached[1]) >= PODS, `pods cached: ${cached[1]}`);

    await h.patchSidecarSet(name, {
      spec: { containers: [{ name: 'sidecar', image: NEW, command: ['sleep', '999d'] }] },
    });
    await eventually(
      'every pod upgraded and counted',
      async () => {
        const pods = await h.listPods(ns);
        const st = (await h.getSidecarSet(name)).status;
        return pods.length === PODS &&
          pods.every((p) => sidecar(p)?.image === NEW) &&
          st?.matchedPods === PODS &&
          st.updatedPods === PODS
          ? st
          : undefined;
      },
      { timeoutMs: 120_000 },
    );
  });
});
