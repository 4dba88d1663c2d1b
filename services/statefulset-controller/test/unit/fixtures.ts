// Builders for table tests: a defaulted v1beta1 StatefulSet, its pods in a given state, and PVCs.

import type { PersistentVolumeClaim, PodTemplateSpec } from '@kruise-ts/api';
import type { StatefulSet, StatefulSetPod } from '../../src/index.ts';

export const NOW = Date.parse('2026-01-01T00:10:00Z');
export const CURRENT = 'web-current';
export const UPDATE = 'web-update';

export const TEMPLATE: PodTemplateSpec = {
  metadata: { labels: { app: 'web' } },
  spec: { containers: [{ name: 'nginx', image: 'nginx:1' }] },
};

export const UPDATE_TEMPLATE: PodTemplateSpec = {
  metadata: { labels: { app: 'web' } },
  spec: { containers: [{ name: 'nginx', image: 'nginx:2' }] },
};

type SpecOverrides = Partial<StatefulSet['spec']>;

/** A StatefulSet as the webhook defaults it (OrderedReady, RollingUpdate partition 0 maxUnavailable 1). */
export function newSet(
  spec: SpecOverrides = {},
  meta: Partial<NonNullable<StatefulSet['metadata']>> = {},
): StatefulSet {
  return {
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'StatefulSet',
    metadata: { name: 'web', namespace: 'ns', uid: 'set-uid', generation: 1, ...meta },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'web' } },
      template: TEMPLATE,
      serviceName: 'web-svc',
      podManagementPolicy: 'OrderedReady',
      updateStrategy: {
        type: 'RollingUpdate',
        rollingUpdate: { partition: 0, maxUnavailable: 1, podUpdatePolicy: 'ReCreate', minReadySeconds: 0 },
      },
      revisionHistoryLimit: 10,
      ...spec,
    },
  };
}

export interface PodState {
  phase?: string;
  ready?: boolean;
  /** ISO time the Ready condition last changed. */
  readySince?: string;
  revision?: string;
  terminating?: boolean;
  labels?: Record<string, string>;
  uid?: string;
  volumes?: { name: string; claim: string }[];
}

/** A pod of set `web` at an ordinal; Running+Ready at the current revision by default. */
export function pod(ordinal: number, state: PodState = {}, setName = 'web'): StatefulSetPod {
  const name = `${setName}-${ordinal}`;
  const ready = state.ready ?? true;
  return {
    metadata: {
      name,
      namespace: 'ns',
      uid: state.uid ?? `uid-${name}`,
      labels: {
        app: 'web',
        'statefulset.kubernetes.io/pod-name': name,
        'controller-revision-hash': state.revision ?? CURRENT,
        ...state.labels,
      },
      ...(state.terminating === true ? { deletionTimestamp: '2026-01-01T00:09:00Z' } : {}),
    },
    spec: {
      containers: [{ name: 'nginx' }],
      ...(state.volumes === undefined
        ? {}
        : {
            volumes: state.volumes.map((v) => ({
              name: v.name,
              persistentVolumeClaim: { claimName: v.claim },
            })),
          }),
    },
    status: {
      phase: state.phase ?? 'Running',
      conditions: [
        {
          type: 'Ready',
          status: ready ? 'True' : 'False',
          lastTransitionTime: state.readySince ?? '2026-01-01T00:00:00Z',
        },
      ],
    },
  };
}

export const VCT: PersistentVolumeClaim = {
  metadata: { name: 'data' },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
};

export function pvc(
  name: string,
  extra: Partial<NonNullable<PersistentVolumeClaim['metadata']>> = {},
): PersistentVolumeClaim {
  return {
    metadata: { name, namespace: 'ns', labels: { app: 'web' }, ...extra },
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
    status: { phase: 'Bound', capacity: { storage: '1Gi' } },
  };
}

export function names(pods: readonly { metadata: { name?: string } }[]): string[] {
  return pods.map((p) => p.metadata.name ?? '');
}
