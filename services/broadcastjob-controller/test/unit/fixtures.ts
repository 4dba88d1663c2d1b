// Builders in the spirit of Kruise's createJob/createNode/createPod (broadcastjob_controller_test.go): a job in
// "default" with UID 12345, nodes with room for 10 pods and nothing else, and pods the job controls.

import type { IntOrString } from '@kruise-ts/api';
import type { ContainerStatus, Node, Pod } from '@kruise-ts/core';
import { jobControllerRef, jobLabels } from '../../src/labels.ts';
import type { BroadcastJob } from '../../src/types.ts';

export const NOW = Date.parse('2025-06-01T12:00:00Z');
export const seconds = (n: number) => n * 1000;
export const iso = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

export function makeJob(
  name: string,
  parallelism?: IntOrString,
  spec: Partial<BroadcastJob['spec']> = {},
  status?: BroadcastJob['status'],
): BroadcastJob {
  return {
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'BroadcastJob',
    metadata: { name, namespace: 'default', uid: '12345' },
    spec: {
      ...(parallelism === undefined ? {} : { parallelism }),
      template: { spec: { containers: [{ name: 'main', image: 'busybox' }], restartPolicy: 'Never' } },
      completionPolicy: {},
      ...spec,
    },
    ...(status === undefined ? {} : { status }),
  };
}

export function makeNode(name: string, extra: Partial<Node> = {}): Node {
  return {
    metadata: { name, ...extra.metadata },
    ...(extra.spec === undefined ? {} : { spec: extra.spec }),
    status: { allocatable: { pods: '10' }, ...extra.status },
  };
}

export function makeNodes(prefix: string, count: number): Node[] {
  return Array.from({ length: count }, (_, i) => makeNode(`${prefix}${i}`));
}

export function makePod(
  job: BroadcastJob,
  name: string,
  nodeName: string,
  phase: string,
  extra: { deleting?: boolean; spec?: Pod['spec']; status?: Pod['status'] } = {},
): Pod {
  return {
    metadata: {
      name,
      namespace: 'default',
      labels: jobLabels(job),
      ownerReferences: [jobControllerRef(job)],
      ...(extra.deleting ? { deletionTimestamp: iso(NOW - 1000) } : {}),
    },
    spec: { nodeName, ...extra.spec },
    status: { phase, ...extra.status },
  };
}

/** A container status that restarted `count` times (the only field the decisions read). */
export function restarted(count: number): ContainerStatus {
  return { name: 'main', image: 'busybox', imageID: '', restartCount: count };
}
