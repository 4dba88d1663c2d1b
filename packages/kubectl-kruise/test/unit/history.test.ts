import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeWorkload, revisionRows } from '../../src/describe/revision-table.ts';
import { CLONESET } from '../../src/resource-ref.ts';
import {
  describeTemplate,
  findUndoTarget,
  historyTable,
  revisionTemplate,
  templateMatches,
} from '../../src/rollout/history.ts';
import { deletePodsPatch, pausePatch, resumePatch } from '../../src/rollout/patches.ts';
import type { ControllerRevision, Pod, PodTemplate, Workload } from '../../src/workload.ts';

const template = (image: string): PodTemplate => ({
  metadata: { labels: { app: 'sample' } },
  spec: { containers: [{ name: 'nginx', image }] },
});

function revision(n: number, hash: string, image: string, cause?: string): ControllerRevision {
  return {
    metadata: {
      name: `sample-${hash}`,
      ...(cause === undefined ? {} : { annotations: { 'kubernetes.io/change-cause': cause } }),
    },
    revision: n,
    data: { spec: { template: { ...template(image), $patch: 'replace' } } },
  };
}

const revisions = [
  revision(3, 'ccc', 'nginx:1.24'),
  revision(1, 'aaa', 'nginx:1.22', 'first'),
  revision(2, 'bbb', 'nginx:1.23'),
];

const workload: Workload = {
  metadata: { name: 'sample', namespace: 'default', generation: 3, resourceVersion: '42' },
  spec: {
    replicas: 3,
    selector: { matchLabels: { app: 'sample' } },
    template: {
      spec: { containers: [{ image: 'nginx:1.24', name: 'nginx' }] },
      metadata: { labels: { app: 'sample' } },
    },
  },
  status: { observedGeneration: 3, currentRevision: 'sample-bbb', updateRevision: 'sample-ccc', replicas: 3 },
};

it('undo goes to the revision before the newest, or to --to-revision, as kruise-tools does', () => {
  assert.equal(findUndoTarget(0, revisions).revision, 2);
  assert.equal(findUndoTarget(1, revisions).revision, 1);
  assert.throws(() => findUndoTarget(7, revisions), /unable to find specified revision 7 in history/);
  assert.throws(() => findUndoTarget(-1, revisions), /unable to find specified revision -1 in history/);
  assert.throws(
    () => findUndoTarget(0, [revisions[0] as ControllerRevision]),
    /no last revision to roll back to/,
  );
});

it('a revision holds the template without the $patch directive; data may come as a JSON string', () => {
  assert.deepEqual(revisionTemplate(revisions[1] as ControllerRevision), template('nginx:1.22'));
  const asString = {
    ...revision(4, 'ddd', 'x:1'),
    data: JSON.stringify({ spec: { template: template('x:1') } }),
  };
  assert.deepEqual(revisionTemplate(asString), template('x:1'));
  assert.throws(
    () => revisionTemplate({ metadata: { name: 'bad' }, revision: 9, data: {} }),
    /unable to parse history bad/,
  );
});

it('the template match ignores key order', () => {
  assert.equal(templateMatches(workload, revisions[0] as ControllerRevision), true);
  assert.equal(templateMatches(workload, revisions[2] as ControllerRevision), false);
});

it('history lists revisions oldest first with their change cause', () => {
  assert.equal(
    historyTable(revisions),
    'REVISION   CHANGE-CAUSE\n1          first\n2          <none>\n3          <none>',
  );
  assert.equal(historyTable([]), 'No rollout history found.');
  assert.match(
    describeTemplate(revisions[1] as ControllerRevision),
    /Pod Template:\n {2}Labels:\tapp=sample\n {2}Containers:\n {3}nginx:\n {4}Image:\tnginx:1\.22/,
  );
});

function pod(name: string, label: string, ready: boolean, deleting = false): Pod {
  return {
    metadata: {
      name,
      labels: { 'controller-revision-hash': label },
      ...(deleting ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}),
    },
    status: { conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
  };
}

it('describe counts the pods on each revision (full or short hash label) and the ready ones', () => {
  const pods = [
    pod('a', 'sample-ccc', true),
    pod('b', 'ccc', false),
    pod('c', 'sample-bbb', true),
    pod('d', 'sample-bbb', true, true),
  ];
  assert.deepEqual(revisionRows(workload, revisions, pods), [
    { name: 'sample-ccc', revision: 3, pods: 2, ready: 1, role: 'update' },
    { name: 'sample-bbb', revision: 2, pods: 1, ready: 1, role: 'current' },
    { name: 'sample-aaa', revision: 1, pods: 0, ready: 0, role: '' },
  ]);
  const text = describeWorkload(CLONESET, workload, revisions, pods);
  assert.match(text, /^Name: +sample$/m);
  assert.match(
    text,
    /Revisions:\n {2}REVISION +NAME +PODS +READY +STATUS\n {2}3 +sample-ccc +2 +1 +update\n {2}2 +sample-bbb +1 +1 +current\n {2}1 +sample-aaa +0 +0 +-$/,
  );
});

it('pause and resume patch the flag of the kind, and refuse a no-op as kruise-tools does', () => {
  assert.deepEqual(pausePatch(CLONESET, workload), {
    metadata: { resourceVersion: '42' },
    spec: { updateStrategy: { paused: true } },
  });
  const paused = { ...workload, spec: { ...workload.spec, updateStrategy: { paused: true } } };
  assert.throws(() => pausePatch(CLONESET, paused), /is already paused/);
  assert.deepEqual(resumePatch(CLONESET, paused).spec, { updateStrategy: { paused: false } });
  assert.throws(() => resumePatch(CLONESET, workload), /is not paused/);
});

it('delete-pods adds to podsToDelete without duplicates, with replicas only when asked', () => {
  const w = { ...workload, spec: { ...workload.spec, scaleStrategy: { podsToDelete: ['x'] } } };
  assert.deepEqual(deletePodsPatch(w, { pods: ['a', ' x', 'b', ''] }), {
    metadata: { resourceVersion: '42' },
    spec: { scaleStrategy: { podsToDelete: ['x', 'a', 'b'] } },
  });
  assert.deepEqual(deletePodsPatch(w, { pods: ['a'], replicas: 2 }).spec.replicas, 2);
  assert.throws(() => deletePodsPatch(w, { pods: [' '] }), /must specify one pod name/);
  assert.throws(() => deletePodsPatch(w, { pods: ['a'], replicas: -1 }), /greater than or equal to 0/);
});
