import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ControllerRevision } from '@kruise-ts/core';
import type { KubernetesObject } from '@kruise-ts/runtime';
import { revisionsToDelete } from '../../src/prune.ts';
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
const pod = (revision: string, deleting = false): KubernetesObject => ({
  metadata: {
    name: `p-${revision}`,
    labels: { 'controller-revision-hash': revision },
    ...(deleting ? { deletionTimestamp: new Date().toISOString() } : {}),
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
});
