// The pod created for a node (docs/behaviour/broadcastjob.md#controller step 13; Kruise createPod, GetPodFromTemplate,
// ReplaceDaemonSetPodNodeNameNodeAffinity).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateNamePrefix, newPodForNode } from '../../src/new-pod.ts';
import { makeJob } from './fixtures.ts';

const pinned = (node: string) => ({
  nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [node] }] }],
});

describe('new pod for a node', () => {
  const job = makeJob('bcj', undefined, {
    template: {
      metadata: {
        name: 'ignored',
        labels: { app: 'x', 'broadcastjob-name': 'stale' },
        annotations: { note: 'kept' },
        finalizers: ['example.com/keep'],
      },
      spec: {
        containers: [{ name: 'main', image: 'busybox' }],
        restartPolicy: 'OnFailure',
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] }],
            },
            preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: {} }],
          },
          podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [] },
        },
      },
    },
  });

  it('carries template labels plus both job labels, annotations, finalizers, generateName and the controller ref', () => {
    const pod = newPodForNode(job, 'n1');
    assert.deepEqual(pod.metadata, {
      generateName: 'bcj-',
      namespace: 'default',
      labels: { app: 'x', 'broadcastjob-name': 'bcj', 'broadcastjob-controller-uid': '12345' },
      annotations: { note: 'kept' },
      finalizers: ['example.com/keep'],
      ownerReferences: [
        {
          apiVersion: 'apps.kruise.io/v1beta1',
          kind: 'BroadcastJob',
          name: 'bcj',
          uid: '12345',
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    });
    assert.equal(pod.apiVersion, 'v1');
    assert.equal(pod.kind, 'Pod');
  });

  it('replaces the required node affinity by metadata.name In [node], keeping preferred terms and pod anti-affinity', () => {
    const pod = newPodForNode(job, 'n1');
    assert.deepEqual(pod.spec.affinity, {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: pinned('n1'),
        preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: {} }],
      },
      podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [] },
    });
    assert.equal(pod.spec.nodeName, undefined);
    assert.equal(pod.spec.restartPolicy, 'OnFailure');
  });

  it('adds node affinity to a template without any', () => {
    const pod = newPodForNode(makeJob('plain'), 'n7');
    assert.deepEqual(pod.spec.affinity, {
      nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: pinned('n7') },
    });
    assert.equal(pod.metadata.annotations, undefined);
  });

  it('with assignPodsByScheduler false sets spec.nodeName and leaves affinity as written', () => {
    const pod = newPodForNode(job, 'n1', { assignPodsByScheduler: false });
    assert.equal(pod.spec.nodeName, 'n1');
    assert.deepEqual(pod.spec.affinity, job.spec.template.spec?.affinity);
  });

  it('does not modify the job', () => {
    const before = structuredClone(job);
    newPodForNode(job, 'n1');
    assert.deepEqual(job, before);
  });

  const prefixes: [string, string][] = [
    ['bcj', 'bcj-'],
    ['a', 'a-'],
    ['UPPER', 'UPPER'],
  ];
  for (const [name, prefix] of prefixes) {
    it(`generateName for job ${JSON.stringify(name)} is ${JSON.stringify(prefix)}`, () => {
      assert.equal(generateNamePrefix(name), prefix);
    });
  }
});
