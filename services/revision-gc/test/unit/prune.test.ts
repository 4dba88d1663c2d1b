import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ControllerRevision } from '@kruise-ts/core';
import type { KubernetesObject } from '@kruise-ts/runtime';
import { mayPrune, type PodView, revisionsToDelete } from '../../src/prune.ts';
import { workloadKinds } from '../../src/workload-kinds.ts';

const cloneSet = workloadKinds.find((k) => k.kind === 'CloneSet')!;
const rev = (n: number): ControllerRevision => ({ metadata: { name: `cs-r${n}` }, revision: n });
const revisions = [1, 2, 3, 4, 5, 6].map(rev);
const workload = (limit: number | undefined, current: string, update: string) =>
  ({
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'CloneSet',
    metadata: { name: 'cs' },
    spec: limit === undefined ? {} : { revisionHistoryLimit: limit },
    status: { currentRevision: current, updateRevision: update },
  }) as KubernetesObject;
const pod = (revision: string, deleting = false): PodView => {
  const labels = { 'controller-revision-hash': revision };
  const object: KubernetesObject = {
    metadata: {
      name: `p-${revision}`,
      labels,
      ...(deleting ? { deletionTimestamp: new Date().toISOString() } : {}),
    },
  };
  return { labels, object };
};
/** A pod whose body must not be read: it is at none of the revisions asked about. */
const unreadPod = (revision: string): PodView => ({
  labels: { 'controller-revision-hash': revision },
  get object(): KubernetesObject {
    throw new Error(`the body of the pod at ${revision} was read`);
  },
});

describe('revision-gc decisions for a CloneSet', () => {
  test('keeps status revisions and pod revisions, prunes the oldest idle ones beyond the limit', () => {
    const doomed = revisionsToDelete({
      kind: cloneSet,
      workload: workload(2, 'cs-r5', 'cs-r6'),
      revisions,
      pods: [pod('cs-r2')],
    });
    assert.deepEqual(
      doomed.map((r) => r.metadata.name),
      ['cs-r1'],
    );
  });

  test('a pod being deleted no longer pins its revision', () => {
    const doomed = revisionsToDelete({
      kind: cloneSet,
      workload: workload(0, 'cs-r5', 'cs-r6'),
      revisions,
      pods: [pod('cs-r2', true)],
    });
    assert.deepEqual(
      doomed.map((r) => r.metadata.name),
      ['cs-r1', 'cs-r2', 'cs-r3', 'cs-r4'],
    );
  });

  test('reads the body only of pods at a revision, and stops at the first live one', () => {
    const doomed = revisionsToDelete({
      kind: cloneSet,
      workload: workload(0, 'cs-r6', 'cs-r6'),
      revisions,
      pods: [pod('cs-r2'), unreadPod('cs-r2'), unreadPod('cs-r6'), pod('cs-r3', true)],
    });
    assert.deepEqual(
      doomed.map((r) => r.metadata.name),
      ['cs-r1', 'cs-r3', 'cs-r4', 'cs-r5'],
    );
  });

  test('without a limit in the spec, Kruise’s default of 10 applies', () => {
    assert.deepEqual(
      revisionsToDelete({
        kind: cloneSet,
        workload: workload(undefined, 'cs-r6', 'cs-r6'),
        revisions,
        pods: [],
      }),
      [],
    );
  });

  test('within the history limit nothing can go, so the pods are not needed', () => {
    const cases: [string, number | undefined, number, boolean][] = [
      ['6 revisions, limit 10 (the default)', undefined, 6, false],
      ['10 revisions, limit 10', 10, 10, false],
      ['11 revisions, limit 10', 10, 11, true],
      ['1 revision, limit 0', 0, 1, true],
      ['a negative limit counts as 0', -3, 1, true],
      ['no revision, limit 0', 0, 0, false],
    ];
    for (const [name, limit, count, want] of cases)
      assert.equal(mayPrune(cloneSet, workload(limit, 'cs-r1', 'cs-r1'), count), want, name);
    assert.deepEqual(
      revisionsToDelete({
        kind: cloneSet,
        workload: workload(6, 'cs-r6', 'cs-r6'),
        revisions,
        pods: [unreadPod('cs-r1')],
      }),
      [],
      'within the limit, no pod is read',
    );
  });
});
