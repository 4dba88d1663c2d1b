// Which node a pod is on and how the job's pods are counted (docs/behaviour/broadcastjob.md#controller steps 5–6; Kruise
// TestGetNodeToPodMap, getAssignedNode, filterPods).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { NodeSelectorRequirement } from '@kruise-ts/api';
import type { Pod } from '@kruise-ts/core';
import { classifyPods } from '../../src/classify-pods.ts';
import { assignedNode, nodeToPodMap } from '../../src/node-pods.ts';
import { makeJob, makePod, restarted } from './fixtures.ts';

const bare = (name: string, spec: Pod['spec']): Pod => ({ metadata: { name }, spec });
const byFields = (name: string, ...fields: NodeSelectorRequirement[]): Pod =>
  bare(name, {
    affinity: {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: fields }] },
      },
    },
  });

describe('node of a pod (getAssignedNode)', () => {
  const rows: { name: string; pod: Pod; node: string }[] = [
    { name: 'spec.nodeName', pod: bare('p', { nodeName: 'n1' }), node: 'n1' },
    {
      name: 'metadata.name In [n2] in the required affinity',
      pod: byFields('p', { key: 'metadata.name', operator: 'In', values: ['n2'] }),
      node: 'n2',
    },
    {
      name: 'spec.nodeName wins over the affinity',
      pod: {
        ...byFields('p', { key: 'metadata.name', operator: 'In', values: ['n2'] }),
        spec: {
          nodeName: 'n1',
          affinity: byFields('q', { key: 'metadata.name', operator: 'In', values: ['n2'] }).spec?.affinity,
        },
      },
      node: 'n1',
    },
    {
      name: 'a term with two names names no node',
      pod: byFields('p', { key: 'metadata.name', operator: 'In', values: ['n1', 'n2'] }),
      node: '',
    },
    {
      name: 'NotIn names no node',
      pod: byFields('p', { key: 'metadata.name', operator: 'NotIn', values: ['n1'] }),
      node: '',
    },
    { name: 'neither ⇒ ""', pod: bare('p', {}), node: '' },
  ];
  for (const row of rows) {
    it(`${row.name} ⇒ ${JSON.stringify(row.node)}`, () => assert.equal(assignedNode(row.pod), row.node));
  }
});

describe('node → pod map (TestGetNodeToPodMap)', () => {
  it('pods by nodeName and by affinity land on their nodes', () => {
    const pods = [
      bare('p01', { nodeName: 'n01' }),
      byFields('p02', { key: 'metadata.name', operator: 'In', values: ['n02'] }),
      bare('p03', { nodeName: 'n03' }),
      byFields('p04', { key: 'metadata.name', operator: 'In', values: ['n04'] }),
    ];
    const { byNode, duplicates } = nodeToPodMap(pods);
    assert.deepEqual(
      [...byNode.entries()].map(([n, p]) => [n, p.metadata.name]),
      [
        ['n01', 'p01'],
        ['n02', 'p02'],
        ['n03', 'p03'],
        ['n04', 'p04'],
      ],
    );
    assert.deepEqual(duplicates, []);
  });

  it('a second pod on a node is reported and replaces the first', () => {
    const pods = [
      bare('a', { nodeName: 'n1' }),
      bare('b', { nodeName: 'n1' }),
      bare('c', { nodeName: 'n1' }),
    ];
    const { byNode, duplicates } = nodeToPodMap(pods);
    assert.equal(byNode.get('n1')?.metadata.name, 'c');
    assert.deepEqual(
      duplicates.map((d) => [d.pod.metadata.name, d.nodeName]),
      [
        ['b', 'n1'],
        ['c', 'n1'],
      ],
    );
  });
});

describe('counting pods (filterPods)', () => {
  const job = makeJob('j');
  it('phase first, then terminating, then the restart limit', () => {
    const pods = [
      makePod(job, 'ok', 'n1', 'Succeeded', { deleting: true }),
      makePod(job, 'bad', 'n2', 'Failed', { deleting: true }),
      makePod(job, 'leaving', 'n3', 'Running', { deleting: true }),
      makePod(job, 'looping', 'n4', 'Running', {
        spec: { restartPolicy: 'OnFailure' },
        status: { containerStatuses: [restarted(2), restarted(2)] },
      }),
      makePod(job, 'pending', 'n5', 'Pending'),
      makePod(job, 'unknown', 'n6', 'Unknown'),
    ];
    const c = classifyPods(pods, 3);
    const names = (ps: Pod[]) => ps.map((p) => p.metadata.name);
    assert.deepEqual(names(c.succeeded), ['ok']);
    assert.deepEqual(names(c.failed), ['bad', 'looping']);
    assert.deepEqual(names(c.terminating), ['leaving']);
    assert.deepEqual(names(c.active), ['pending', 'unknown']);
  });
});
