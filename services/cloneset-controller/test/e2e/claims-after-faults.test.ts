// The two ways an apiserver restart mid-rollout left a CloneSet-owned claim without a pod (issue #12, fault
// scenario 6; docs/adr/0019-nothing-lost-under-faults.md), each forced deterministically on the real cluster
// with real components instead of waiting for a restart to hit it (the fault suite no longer reproduces it):
// 1. a claim stored in the apiserver but not yet in the controller's cache when a scale-up picks instance ids:
//    the PVC kind has a watcher of its own here, frozen (SIGSTOP) while such a claim is created out of band;
// 2. a claim delete that fails after its pod was deleted: a ValidatingAdmissionPolicy denies DELETE of the
//    CloneSet's claims for a few seconds, then goes; the claims must go without any further spec change.
// Both run with PVC reuse on (the v1alpha1 default, scenario 6), where nothing else deletes a claim whose pod is
// gone (Kruise's pkg/controller/cloneset/sync/cloneset_scale.go); the second also with reuse off. The pods are pinned to a fake node: nothing
// binds PVCs here, and the scheduler would hold pods with unbound claims back.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { eventually, requestJson, watchApart } from '@kruise-ts/devcluster';
import type { V1PersistentVolumeClaim } from '@kubernetes/client-node';
import {
  cloneSetObject,
  createCloneSet,
  INSTANCE_ID,
  isActive,
  listPods,
  patchCloneSet,
  waitForStatus,
} from './support/cloneset.ts';
import { Harness, WATCHED } from './support/harness.ts';

const PVCS = 'persistentvolumeclaims.core';
const h = new Harness();

before(async () => {
  // Claims fed by a watcher of their own, every other kind by another: freezing the first hides new claims from
  // the controller's cache while CloneSet and pod changes still reach it.
  await h.start({ watchers: watchApart(WATCHED, PVCS) });
});
after(async () => {
  await h.stop();
});

/** Label put on the claims by the template: what the admission policy of the second test matches. */
const HOLD = 'kruise-ts.test/hold-delete';
const vct = [
  {
    metadata: { name: 'data', labels: { [HOLD]: 'true' } },
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
  },
];

async function createWithClaims(ns: string, name: string, replicas: number, enablePVCReuse = true) {
  const obj = cloneSetObject(ns, name, {
    replicas,
    volumeClaimTemplates: vct,
    scaleStrategy: { enablePVCReuse },
  });
  (obj.spec.template.spec as { nodeName?: string }).nodeName = 'kwok-node-0';
  const created = await createCloneSet(h, obj);
  await waitForStatus(h, ns, name, { replicas, readyReplicas: replicas, converged: true }, 60_000);
  return created;
}

const pvcPath = (ns: string, name = '') =>
  `/api/v1/namespaces/${ns}/persistentvolumeclaims${name === '' ? '' : `/${name}`}`;

/** Claims not being deleted, as the apiserver has them. */
async function liveClaims(ns: string): Promise<V1PersistentVolumeClaim[]> {
  const res = await requestJson(h.kc, 'GET', pvcPath(ns));
  return (res.body as { items: V1PersistentVolumeClaim[] }).items.filter(
    (c) => !c.metadata?.deletionTimestamp,
  );
}

/** Claim names without an active pod of their instance id (the leak of issue #12); empty when none. */
async function claimsWithoutPod(ns: string, app: string): Promise<string[]> {
  const ids = new Set(
    (await listPods(h, ns, app)).filter(isActive).map((p) => p.metadata?.labels?.[INSTANCE_ID]),
  );
  return (await liveClaims(ns))
    .filter((c) => c.metadata?.labels?.app === app && !ids.has(c.metadata?.labels?.[INSTANCE_ID]))
    .map((c) => c.metadata?.name ?? '');
}

describe('claims an apiserver fault could leave behind (issue #12)', () => {
  it('a claim stored but not cached when ids are chosen is reused by the next pod', {
    timeout: 90_000,
  }, async () => {
    const ns = await h.namespace('uncached');
    const cs = await createWithClaims(ns, 'uc', 1);
    const [pvcWatcher] = h.watchers.filter((w) => w !== h.watchers[0]);
    assert.ok(pvcWatcher, 'the PVC watcher');
    // What a PVC create answered with an error although stored leaves: a claim of the CloneSet, labelled and
    // owned as the controller makes them, for an instance id with no pod, that the cache has not seen.
    const id = 'lost1';
    const claim = {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: {
        name: `data-uc-${id}`,
        namespace: ns,
        labels: { [HOLD]: 'true', app: 'uc', [INSTANCE_ID]: id },
        ownerReferences: [
          {
            apiVersion: 'apps.kruise.io/v1beta1',
            kind: 'CloneSet',
            name: 'uc',
            uid: cs.metadata.uid,
            controller: true,
            blockOwnerDeletion: true,
          },
        ],
      },
      spec: vct[0]?.spec,
    };
    pvcWatcher.child.kill('SIGSTOP');
    try {
      const res = await requestJson(h.kc, 'POST', pvcPath(ns), claim);
      assert.equal(res.status, 201, `create the claim: ${JSON.stringify(res.body)}`);
      await patchCloneSet(h, ns, 'uc', { spec: { replicas: 2 } });
      const pods = await eventually(
        'a second pod',
        async () => {
          const active = (await listPods(h, ns, 'uc')).filter(isActive);
          return active.length === 2 ? active : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 250 },
      );
      const ids = pods.map((p) => p.metadata?.labels?.[INSTANCE_ID] ?? '');
      assert.ok(
        ids.includes(id),
        `the new pod reuses the uncached claim's id ${id}; pods have ${ids.join(', ')}`,
      );
    } finally {
      pvcWatcher.child.kill('SIGCONT');
    }
    await waitForStatus(h, ns, 'uc', { replicas: 2, readyReplicas: 2 }, 30_000);
    assert.deepEqual(await claimsWithoutPod(ns, 'uc'), [], 'no claim without a pod');
    assert.equal((await liveClaims(ns)).length, 2, 'one claim per pod, none minted beside the lost one');
  });

  // With reuse off Kruise deletes a claim whose pod is gone anyway (the PVC clean-up), so that case passes without
  // the owed deletes too: it guards that they do not get in the clean-up's way. With reuse on nothing else does.
  for (const reuse of [true, false]) {
    it(`a claim whose delete failed after its pod went is deleted once deletes pass again (PVC reuse ${reuse ? 'on' : 'off'})`, {
      timeout: 90_000,
    }, async () => {
      const ns = await h.namespace(reuse ? 'heldclaims' : 'heldclaims-noreuse');
      await createWithClaims(ns, 'hc', 3, reuse);
      const policy = `${ns}-hold-claim-deletes`;
      const admission = '/apis/admissionregistration.k8s.io/v1';
      const removePolicy = async () => {
        await requestJson(h.kc, 'DELETE', `${admission}/validatingadmissionpolicybindings/${policy}`);
        await requestJson(h.kc, 'DELETE', `${admission}/validatingadmissionpolicies/${policy}`);
      };
      try {
        // DELETE of this namespace's claims carrying HOLD is denied by the apiserver itself, as a failing
        // apiserver would answer the controller's claim delete right after its pod delete succeeded.
        let res = await requestJson(h.kc, 'POST', `${admission}/validatingadmissionpolicies`, {
          apiVersion: 'admissionregistration.k8s.io/v1',
          kind: 'ValidatingAdmissionPolicy',
          metadata: { name: policy },
          spec: {
            failurePolicy: 'Fail',
            matchConstraints: {
              namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': ns } },
              resourceRules: [
                {
                  apiGroups: [''],
                  apiVersions: ['v1'],
                  operations: ['DELETE'],
                  resources: ['persistentvolumeclaims'],
                },
              ],
            },
            validations: [
              {
                expression: `!has(oldObject.metadata.labels) || !('${HOLD}' in oldObject.metadata.labels)`,
                message: 'claim deletes held by the test',
              },
            ],
          },
        });
        assert.equal(res.status, 201, `create the policy: ${JSON.stringify(res.body)}`);
        res = await requestJson(h.kc, 'POST', `${admission}/validatingadmissionpolicybindings`, {
          apiVersion: 'admissionregistration.k8s.io/v1',
          kind: 'ValidatingAdmissionPolicyBinding',
          metadata: { name: policy },
          spec: { policyName: policy, validationActions: ['Deny'] },
        });
        assert.equal(res.status, 201, `create the binding: ${JSON.stringify(res.body)}`);
        // The apiserver applies a new policy after a short delay: a dry-run delete of one claim shows it in force
        // (a denial by a policy answers 422 Invalid).
        const [probe] = await liveClaims(ns);
        const probePath = `${pvcPath(ns, probe?.metadata?.name ?? '')}?dryRun=All`;
        await eventually(
          'the policy denies claim deletes',
          async () => (await requestJson(h.kc, 'DELETE', probePath)).status === 422,
          { timeoutMs: 20_000, intervalMs: 200 },
        );

        await patchCloneSet(h, ns, 'hc', { spec: { replicas: 1 } });
        // The controller deletes a pod, then its claim: denied, the reconcile fails and is retried with backoff;
        // the owed claim is retried first but does not hold back the scale-down.
        await eventually(
          'a pod deleted, its claim delete denied',
          async () => {
            const active = (await listPods(h, ns, 'hc')).filter(isActive);
            const denied = h.controller?.lines.some((l) => l.includes(`binding '${policy}' denied`));
            return active.length < 3 && denied;
          },
          { timeoutMs: 30_000, intervalMs: 250 },
        );
        // With reuse on, an owed claim that cannot be deleted does not stall the CloneSet: the scale-down
        // finishes meanwhile. With reuse off, Kruise's PVC clean-up fails the reconcile before it scales
        // (cleanupPVCs in pkg/controller/cloneset/cloneset_controller.go), and so does ours.
        if (reuse)
          await eventually(
            'the scale-down finishes while claim deletes are denied',
            async () => (await listPods(h, ns, 'hc')).filter(isActive).length === 1,
            { timeoutMs: 30_000, intervalMs: 250 },
          );
        // Held a few seconds: the controller's retries keep failing meanwhile.
        await sleep(4000);
        assert.equal((await liveClaims(ns)).length, 3, 'no claim deleted while deletes were denied');
      } finally {
        await removePolicy();
      }
      await eventually(
        'claim deletes pass again',
        async () => {
          const [claim] = await liveClaims(ns);
          if (claim === undefined) return true;
          const res = await requestJson(
            h.kc,
            'DELETE',
            `${pvcPath(ns, claim.metadata?.name ?? '')}?dryRun=All`,
          );
          return res.status >= 200 && res.status < 300;
        },
        { timeoutMs: 20_000, intervalMs: 200 },
      );
      // No spec change from here on: only the controller's own retries can delete the claims.
      let left: string[] = [];
      try {
        await eventually(
          'one pod, its claim only',
          async () => {
            const active = (await listPods(h, ns, 'hc')).filter(isActive);
            left = await claimsWithoutPod(ns, 'hc');
            return active.length === 1 && left.length === 0 && (await liveClaims(ns)).length === 1;
          },
          { timeoutMs: 30_000, intervalMs: 250 },
        );
      } catch (err) {
        throw new Error(`claims left without a pod: ${left.join(', ')}`, { cause: err });
      }
    });
  }
});
