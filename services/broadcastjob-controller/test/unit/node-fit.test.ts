// Node fitness (docs/behaviour/broadcastjob.md#controller step 7; Kruise checkNodeFitness): node name, nodeSelector and required
// node affinity, NoSchedule/NoExecute taints against tolerations, cordoned nodes, and resources on an empty node.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { NodeSelectorRequirement, PodSpec, Toleration } from '@kruise-ts/api';
import type { Node, Taint } from '@kruise-ts/core';
import { type NodeFit, podFitsNode } from '../../src/node-fit.ts';
import { podRequests } from '../../src/resource-fit.ts';
import { toleratesTaint } from '../../src/taints.ts';
import { makeNode } from './fixtures.ts';

const fits: NodeFit = { fits: true };
const no = (reason: string): NodeFit => ({ fits: false, reason });
const AFFINITY = "node(s) didn't match Pod's node affinity/selector";

describe('toleration matching (k8s Toleration.ToleratesTaint)', () => {
  const taint: Taint = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' };
  const rows: { name: string; toleration: Toleration; tolerates: boolean }[] = [
    {
      name: 'Equal with same key, value, effect',
      toleration: { key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' },
      tolerates: true,
    },
    { name: 'no operator means Equal', toleration: { key: 'dedicated', value: 'gpu' }, tolerates: true },
    {
      name: 'Equal with another value',
      toleration: { key: 'dedicated', operator: 'Equal', value: 'cpu' },
      tolerates: false,
    },
    {
      name: 'Exists ignores the value',
      toleration: { key: 'dedicated', operator: 'Exists' },
      tolerates: true,
    },
    { name: 'another key', toleration: { key: 'other', operator: 'Exists' }, tolerates: false },
    {
      name: 'another effect',
      toleration: { key: 'dedicated', operator: 'Exists', effect: 'NoExecute' },
      tolerates: false,
    },
    {
      name: 'empty key with Exists tolerates every taint',
      toleration: { operator: 'Exists' },
      tolerates: true,
    },
    {
      name: 'empty key with Equal compares only the value',
      toleration: { operator: 'Equal', value: 'gpu' },
      tolerates: true,
    },
    {
      name: 'an unknown operator tolerates nothing',
      toleration: { key: 'dedicated', operator: 'Gt', value: 'gpu' },
      tolerates: false,
    },
  ];
  for (const row of rows) {
    it(`${row.name} ⇒ ${row.tolerates ? 'tolerated' : 'not tolerated'}`, () => {
      assert.equal(toleratesTaint(row.toleration, taint), row.tolerates);
    });
  }
});

describe('taints and cordoned nodes', () => {
  const rows: { name: string; node: Node; tolerations?: Toleration[]; want: NodeFit }[] = [
    {
      name: 'an untolerated NoSchedule taint keeps the pod off, named in the reason',
      node: makeNode('n', { spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] } }),
      want: no("node(s) had taint {dedicated: gpu}, that the pod didn't tolerate"),
    },
    {
      name: 'an untolerated NoExecute taint keeps the pod off',
      node: makeNode('n', { spec: { taints: [{ key: 'k', effect: 'NoExecute' }] } }),
      want: no("node(s) had taint {k: }, that the pod didn't tolerate"),
    },
    {
      name: 'PreferNoSchedule is not a filter',
      node: makeNode('n', { spec: { taints: [{ key: 'k', value: 'v', effect: 'PreferNoSchedule' }] } }),
      want: fits,
    },
    {
      name: 'the first untolerated taint is reported',
      node: makeNode('n', {
        spec: {
          taints: [
            { key: 'a', value: '1', effect: 'NoSchedule' },
            { key: 'b', value: '2', effect: 'NoSchedule' },
          ],
        },
      }),
      tolerations: [{ key: 'a', operator: 'Exists' }],
      want: no("node(s) had taint {b: 2}, that the pod didn't tolerate"),
    },
    {
      name: 'tolerating every taint',
      node: makeNode('n', { spec: { taints: [{ key: 'x', effect: 'NoExecute' }] } }),
      tolerations: [{ operator: 'Exists' }],
      want: fits,
    },
    {
      name: 'spec.unschedulable (TestPodsOnUnschedulableNodes)',
      node: makeNode('n', { spec: { unschedulable: true } }),
      want: no('node(s) were unschedulable'),
    },
    {
      name: 'spec.unschedulable tolerated through node.kubernetes.io/unschedulable:NoSchedule',
      node: makeNode('n', { spec: { unschedulable: true } }),
      tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' }],
      want: fits,
    },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const spec: Partial<PodSpec> = {
        nodeName: 'n',
        ...(row.tolerations ? { tolerations: row.tolerations } : {}),
      };
      assert.deepEqual(podFitsNode({ spec }, row.node), row.want);
    });
  }
});

describe('node name, nodeSelector and required node affinity', () => {
  const node = makeNode('worker-1', {
    metadata: { name: 'worker-1', labels: { zone: 'a', tier: 'web', cores: '16', gen: 'x9' } },
  });
  const expr = (...reqs: NodeSelectorRequirement[]): Partial<PodSpec> => ({
    affinity: {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: reqs }] },
      },
    },
  });
  const field = (operator: string, values: string[]): Partial<PodSpec> => ({
    affinity: {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator, values }] }],
        },
      },
    },
  });
  const rows: { name: string; spec: Partial<PodSpec>; fits: boolean; reason?: string }[] = [
    {
      name: 'nodeName of another node',
      spec: { nodeName: 'worker-2' },
      fits: false,
      reason: "node(s) didn't match the requested node name",
    },
    { name: 'nodeName of this node', spec: { nodeName: 'worker-1' }, fits: true },
    { name: 'nodeSelector all equal', spec: { nodeSelector: { zone: 'a', tier: 'web' } }, fits: true },
    {
      name: 'nodeSelector with one value off',
      spec: { nodeSelector: { zone: 'a', tier: 'db' } },
      fits: false,
    },
    { name: 'nodeSelector on a missing label', spec: { nodeSelector: { disk: '' } }, fits: false },
    {
      name: 'In with the value',
      spec: expr({ key: 'zone', operator: 'In', values: ['b', 'a'] }),
      fits: true,
    },
    { name: 'In without it', spec: expr({ key: 'zone', operator: 'In', values: ['b'] }), fits: false },
    {
      name: 'NotIn with another value',
      spec: expr({ key: 'zone', operator: 'NotIn', values: ['b'] }),
      fits: true,
    },
    {
      name: 'NotIn on a missing label',
      spec: expr({ key: 'disk', operator: 'NotIn', values: ['ssd'] }),
      fits: true,
    },
    {
      name: 'NotIn with the value',
      spec: expr({ key: 'zone', operator: 'NotIn', values: ['a'] }),
      fits: false,
    },
    { name: 'Exists', spec: expr({ key: 'tier', operator: 'Exists' }), fits: true },
    {
      name: 'DoesNotExist on a present label',
      spec: expr({ key: 'tier', operator: 'DoesNotExist' }),
      fits: false,
    },
    {
      name: 'DoesNotExist on a missing label',
      spec: expr({ key: 'disk', operator: 'DoesNotExist' }),
      fits: true,
    },
    { name: 'Gt 8 with 16', spec: expr({ key: 'cores', operator: 'Gt', values: ['8'] }), fits: true },
    { name: 'Gt 16 with 16', spec: expr({ key: 'cores', operator: 'Gt', values: ['16'] }), fits: false },
    { name: 'Lt 32 with 16', spec: expr({ key: 'cores', operator: 'Lt', values: ['32'] }), fits: true },
    {
      name: 'Gt on a label that is not a number',
      spec: expr({ key: 'gen', operator: 'Gt', values: ['1'] }),
      fits: false,
    },
    {
      name: 'Gt with a bound that is not a number: the term is invalid',
      spec: expr({ key: 'cores', operator: 'Gt', values: ['x'] }),
      fits: false,
    },
    {
      name: 'In with no values: the term is invalid',
      spec: expr({ key: 'zone', operator: 'In', values: [] }),
      fits: false,
    },
    {
      name: 'Exists with values: the term is invalid',
      spec: expr({ key: 'zone', operator: 'Exists', values: ['a'] }),
      fits: false,
    },
    {
      name: 'an unknown operator: the term is invalid',
      spec: expr({ key: 'zone', operator: 'Equals', values: ['a'] }),
      fits: false,
    },
    {
      name: 'expressions in a term are ANDed',
      spec: expr(
        { key: 'zone', operator: 'In', values: ['a'] },
        { key: 'tier', operator: 'In', values: ['db'] },
      ),
      fits: false,
    },
    { name: 'matchFields metadata.name In [this node]', spec: field('In', ['worker-1']), fits: true },
    { name: 'matchFields metadata.name In [another node]', spec: field('In', ['worker-2']), fits: false },
    {
      name: 'matchFields metadata.name NotIn [another node]',
      spec: field('NotIn', ['worker-2']),
      fits: true,
    },
    {
      name: 'matchFields with two values: the term is invalid',
      spec: field('In', ['worker-1', 'worker-2']),
      fits: false,
    },
    {
      name: 'matchFields with Exists: the term is invalid',
      spec: field('Exists', ['worker-1']),
      fits: false,
    },
    {
      name: 'terms are ORed: an invalid term is skipped, a later one matches',
      spec: {
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [
                { matchExpressions: [{ key: 'zone', operator: 'Bogus' }] },
                { matchExpressions: [{ key: 'zone', operator: 'In', values: ['z'] }] },
                { matchExpressions: [{ key: 'tier', operator: 'In', values: ['web'] }] },
              ],
            },
          },
        },
      },
      fits: true,
    },
    {
      name: 'a required selector whose only term is empty matches no node',
      spec: {
        affinity: {
          nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{}] } },
        },
      },
      fits: false,
    },
    {
      name: 'nodeSelector and affinity must both hold',
      spec: { ...expr({ key: 'zone', operator: 'In', values: ['a'] }), nodeSelector: { tier: 'db' } },
      fits: false,
    },
    {
      name: 'preferred terms are not a filter',
      spec: {
        affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1 }] } },
      },
      fits: true,
    },
  ];
  for (const row of rows) {
    it(`${row.name} ⇒ ${row.fits ? 'fits' : 'does not fit'}`, () => {
      const want = row.fits ? fits : no(row.reason ?? AFFINITY);
      assert.deepEqual(podFitsNode({ spec: row.spec }, node), want);
    });
  }
});

describe('resources on an empty node (noderesources.Fits)', () => {
  const node = (allocatable: Record<string, string>) => makeNode('n', { status: { allocatable } });
  const requests = (r: Record<string, string>) => ({ name: 'c', resources: { requests: r } });
  const rows: { name: string; allocatable: Record<string, string>; spec: Partial<PodSpec>; want: NodeFit }[] =
    [
      { name: 'no allocatable pods ⇒ Too many pods', allocatable: {}, spec: {}, want: no('Too many pods') },
      {
        name: 'room for one pod, no requests',
        allocatable: { pods: '1' },
        spec: { containers: [{ name: 'c' }] },
        want: fits,
      },
      {
        name: 'requests within allocatable',
        allocatable: { pods: '10', cpu: '2', memory: '4Gi' },
        spec: {
          containers: [requests({ cpu: '1500m', memory: '1Gi' }), requests({ cpu: '500m', memory: '3Gi' })],
        },
        want: fits,
      },
      {
        name: 'containers add up past cpu and memory',
        allocatable: { pods: '10', cpu: '2', memory: '4Gi' },
        spec: {
          containers: [
            requests({ cpu: '1500m', memory: '3Gi' }),
            requests({ cpu: '501m', memory: '1025Mi' }),
          ],
        },
        want: no('Insufficient cpu, Insufficient memory'),
      },
      {
        name: 'every reason is kept, pods first',
        allocatable: { cpu: '1' },
        spec: { containers: [requests({ cpu: '2', 'ephemeral-storage': '1Gi' })] },
        want: no('Too many pods, Insufficient cpu, Insufficient ephemeral-storage'),
      },
      {
        name: 'an init container larger than the app containers sets the request',
        allocatable: { pods: '10', cpu: '1' },
        spec: { containers: [requests({ cpu: '500m' })], initContainers: [requests({ cpu: '1100m' })] },
        want: no('Insufficient cpu'),
      },
      {
        name: 'a sidecar init container adds to the app containers',
        allocatable: { pods: '10', cpu: '1' },
        spec: {
          containers: [requests({ cpu: '600m' })],
          initContainers: [{ ...requests({ cpu: '500m' }), restartPolicy: 'Always' }],
        },
        want: no('Insufficient cpu'),
      },
      {
        name: 'overhead is added',
        allocatable: { pods: '10', memory: '1Gi' },
        spec: { containers: [requests({ memory: '1000Mi' })], overhead: { memory: '100Mi' } },
        want: no('Insufficient memory'),
      },
      {
        name: 'an extended resource the node lacks',
        allocatable: { pods: '10' },
        spec: { containers: [requests({ 'nvidia.com/gpu': '1' })] },
        want: no('Insufficient nvidia.com/gpu'),
      },
      {
        name: 'an extended resource the node has',
        allocatable: { pods: '10', 'nvidia.com/gpu': '2' },
        spec: { containers: [requests({ 'nvidia.com/gpu': '2' })] },
        want: fits,
      },
      {
        name: 'hugepages are compared',
        allocatable: { pods: '10', 'hugepages-2Mi': '2Mi' },
        spec: { containers: [requests({ 'hugepages-2Mi': '4Mi' })] },
        want: no('Insufficient hugepages-2Mi'),
      },
      {
        name: 'unknown unprefixed names are not compared',
        allocatable: { pods: '10' },
        spec: { containers: [requests({ widgets: '5' })] },
        want: fits,
      },
      {
        name: 'cpu rounds up to the millicore: 1.0001 cores need 1001m',
        allocatable: { pods: '10', cpu: '1' },
        spec: { containers: [requests({ cpu: '1.0001' })] },
        want: no('Insufficient cpu'),
      },
    ];
  for (const row of rows) {
    it(row.name, () => {
      assert.deepEqual(podFitsNode({ spec: row.spec }, node(row.allocatable)), row.want);
    });
  }

  it('request arithmetic: max(sum of app + sidecars, each init plus the sidecars before it) + overhead', () => {
    const got = podRequests({
      containers: [requests({ cpu: '100m' })],
      initContainers: [
        { ...requests({ cpu: '200m' }), restartPolicy: 'Always' },
        requests({ cpu: '250m' }),
        requests({ cpu: '1' }),
      ],
      overhead: { cpu: '10m' },
    });
    // App 100m + sidecar 200m = 300m; the 1-core init runs beside the sidecar: 1200m; plus 10m overhead.
    assert.equal(got.get('cpu'), 1_210_000_000n);
  });
});
