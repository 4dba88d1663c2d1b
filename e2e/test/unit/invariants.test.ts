// The fault suite's invariant checker, on hand-written event sequences.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { INSTANCE_ID_LABEL, InvariantChecker, type ObservedEvent } from '../../faults/invariants.ts';

const pod = (
  type: ObservedEvent['type'],
  name: string,
  instance: string,
  uid = `u-${name}`,
): ObservedEvent => ({
  type,
  kind: 'Pod',
  object: { metadata: { name, uid, labels: { [INSTANCE_ID_LABEL]: instance } } },
  at: 0,
});
const pvc = (type: ObservedEvent['type'], name: string, instance: string): ObservedEvent => ({
  type,
  kind: 'PersistentVolumeClaim',
  object: { metadata: { name, uid: `u-${name}`, labels: { [INSTANCE_ID_LABEL]: instance } } },
  at: 0,
});

/** The event as the apiserver would version it (pods and PVCs share one etcd revision sequence). */
const at = (rv: number, e: ObservedEvent, deleting = false): ObservedEvent => ({
  ...e,
  object: {
    metadata: {
      ...e.object.metadata,
      resourceVersion: String(rv),
      ...(deleting ? { deletionTimestamp: 'x' } : {}),
    },
  },
});

describe('InvariantChecker', () => {
  const rows: {
    name: string;
    spec: ConstructorParameters<typeof InvariantChecker>[0];
    initial?: ObservedEvent[];
    events: ObservedEvent[];
    want: string[];
  }[] = [
    {
      name: 'a clean rollout: replace within maxSurge',
      spec: { maxPods: 3 },
      initial: [pod('ADDED', 'a', '1'), pod('ADDED', 'b', '2')],
      events: [pod('ADDED', 'c', '3'), pod('DELETED', 'a', '1'), pod('ADDED', 'd', '1', 'u-d')],
      want: [],
    },
    {
      name: 'two live pods with one instance id',
      spec: { maxPods: 5 },
      initial: [pod('ADDED', 'a', '1')],
      events: [pod('ADDED', 'b', '1')],
      want: ['duplicate-instance'],
    },
    {
      name: 'above replicas + maxSurge',
      spec: { maxPods: 2 },
      initial: [pod('ADDED', 'a', '1'), pod('ADDED', 'b', '2')],
      events: [pod('ADDED', 'c', '3')],
      want: ['too-many-pods'],
    },
    {
      name: 'a PVC deleted while its instance lives',
      spec: { maxPods: 2 },
      initial: [pod('ADDED', 'a', '1'), pvc('ADDED', 'data-a', '1')],
      events: [pvc('DELETED', 'data-a', '1')],
      want: ['pvc-deleted-in-use'],
    },
    {
      name: 'a PVC deleted after its pod is fine',
      spec: { maxPods: 2 },
      initial: [pod('ADDED', 'a', '1'), pvc('ADDED', 'data-a', '1')],
      events: [pod('DELETED', 'a', '1'), pvc('DELETED', 'data-a', '1')],
      want: [],
    },
    {
      name: 'a pod already terminating when watching began is not a delete; a graceful delete counts once',
      spec: { maxPods: 2, noPodDeletes: true },
      initial: [
        {
          ...pod('MODIFIED', 'old', '9'),
          object: { metadata: { name: 'old', uid: 'u-old', deletionTimestamp: 'x' } },
        },
        pod('ADDED', 'a', '1'),
      ],
      events: [
        pod('DELETED', 'old', '9'),
        {
          ...pod('MODIFIED', 'a', '1'),
          object: { metadata: { name: 'a', uid: 'u-a', deletionTimestamp: 'x' } },
        },
        pod('DELETED', 'a', '1'),
      ],
      want: ['pod-deleted'],
    },
    {
      name: 'a delete below replicas - maxUnavailable removed a pod the spec keeps',
      spec: { maxPods: 3, minPods: 2 },
      initial: [pod('ADDED', 'a', '1'), pod('ADDED', 'b', '2'), pod('ADDED', 'c', '3')],
      events: [pod('DELETED', 'a', '1'), pod('DELETED', 'b', '2')],
      want: ['pod-deleted'],
    },
    {
      name: "the PVC watch ahead of the pod watch: the claim's DELETED arrives first, but after the pod's delete",
      spec: { maxPods: 2 },
      initial: [at(10, pod('ADDED', 'a', '1')), at(11, pvc('ADDED', 'data-a', '1'))],
      events: [
        at(14, pvc('MODIFIED', 'data-a', '1'), true),
        at(16, pvc('DELETED', 'data-a', '1'), true),
        at(13, pod('MODIFIED', 'a', '1'), true),
        at(15, pod('DELETED', 'a', '1'), true),
      ],
      want: [],
    },
    {
      name: 'a claim whose delete was requested while its pod lived, though it went only after the pod',
      spec: { maxPods: 2 },
      initial: [at(10, pod('ADDED', 'a', '1')), at(11, pvc('ADDED', 'data-a', '1'))],
      events: [
        at(12, pvc('MODIFIED', 'data-a', '1'), true),
        at(13, pod('MODIFIED', 'a', '1'), true),
        at(15, pod('DELETED', 'a', '1'), true),
        at(16, pvc('DELETED', 'data-a', '1'), true),
      ],
      want: ['pvc-deleted-in-use'],
    },
    {
      name: 'migration: any create or delete before a spec change is a violation',
      spec: { maxPods: 2, noPodCreates: true, noPodDeletes: true, noPvcChurn: true },
      initial: [pod('ADDED', 'a', '1'), pvc('ADDED', 'data-a', '1')],
      events: [
        pod('MODIFIED', 'a', '1'),
        pod('ADDED', 'b', '2'),
        pod('DELETED', 'a', '1'),
        pvc('DELETED', 'data-a', '1'),
      ],
      want: ['pod-created', 'pod-deleted', 'pvc-churn'],
    },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const checker = new InvariantChecker(row.spec);
      checker.prime(row.initial ?? []);
      for (const e of row.events) checker.observe(e);
      assert.deepEqual(
        checker.violations.map((v) => v.rule),
        row.want,
      );
    });
  }
});
