// The manifests the parity check applies, unchanged, to Kruise and to kruise-ts: one scenario per workload kind,
// each a few steps (create, then roll) that end when the workload reports it converged. Pods are pinned to a
// fake node (nothing binds PVCs in the local cluster, and the scheduler would hold pods with unbound claims).
import { converged, type WorkloadStatus } from './workload.ts';

const KRUISE = '/apis/apps.kruise.io';
const NODE = 'kwok-node-0';

export interface ParityWrite {
  method: 'POST' | 'PATCH';
  path: string;
  body: Record<string, unknown>;
}

export interface ParityStep {
  /** What the snapshot taken after the step is called (`created`, `rolled in place`). */
  name: string;
  writes: ParityWrite[];
  /** Reads it needs (GET paths), then whether the step is over; pure over what was read. */
  reads: string[];
  done(read: readonly unknown[]): boolean;
  /** What `done` waits for, for the timeout's message. */
  awaiting: string;
}

export interface ParityScenario {
  name: string;
  namespace: string;
  steps: ParityStep[];
  /** Objects a snapshot reads besides the namespace's pods, PVCs, ControllerRevisions and Events. */
  workloads: string[];
}

const converges =
  (replicas: number) =>
  (read: readonly unknown[]): boolean =>
    converged(read[0] as WorkloadStatus, replicas);

/** One claim of 1 GiB per pod, `data`. */
const DATA_CLAIM = {
  metadata: { name: 'data' },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
};

/** The image roll of a workload of 3 whose update strategy updates in place: nginx 1.24 → 1.25. */
function rolledInPlace(objectPath: string, what: string): ParityStep {
  return {
    name: 'rolled in place',
    writes: [
      {
        method: 'PATCH',
        path: objectPath,
        body: {
          spec: { template: { spec: { containers: [{ name: 'main', image: 'nginx:1.25-alpine' }] } } },
        },
      },
    ],
    reads: [objectPath],
    done: converges(3),
    awaiting: `${what} rolled to nginx:1.25-alpine`,
  };
}

function cloneSet(): ParityScenario {
  const ns = 'parity-cloneset';
  const path = `${KRUISE}/v1alpha1/namespaces/${ns}/clonesets`;
  const labels = { app: 'web' };
  return {
    name: 'CloneSet: volumeClaimTemplates, then an in-place image roll',
    namespace: ns,
    workloads: [`${path}/web`],
    steps: [
      {
        name: 'created',
        writes: [
          {
            method: 'POST',
            path,
            body: {
              apiVersion: 'apps.kruise.io/v1alpha1',
              kind: 'CloneSet',
              metadata: { name: 'web', namespace: ns },
              spec: {
                replicas: 3,
                selector: { matchLabels: labels },
                template: {
                  metadata: { labels },
                  spec: { nodeName: NODE, containers: [{ name: 'main', image: 'nginx:1.24-alpine' }] },
                },
                volumeClaimTemplates: [DATA_CLAIM],
                updateStrategy: { type: 'InPlaceIfPossible', maxUnavailable: 1 },
              },
            },
          },
        ],
        reads: [`${path}/web`],
        done: converges(3),
        awaiting: 'CloneSet web converged at 3 replicas',
      },
      rolledInPlace(`${path}/web`, 'CloneSet web'),
    ],
  };
}

function statefulSet(): ParityScenario {
  const ns = 'parity-statefulset';
  const path = `${KRUISE}/v1beta1/namespaces/${ns}/statefulsets`;
  const labels = { app: 'db' };
  return {
    name: 'Advanced StatefulSet: Parallel, volumeClaimTemplates, then an in-place image roll',
    namespace: ns,
    workloads: [`${path}/db`],
    steps: [
      {
        name: 'created',
        writes: [
          {
            method: 'POST',
            path,
            body: {
              apiVersion: 'apps.kruise.io/v1beta1',
              kind: 'StatefulSet',
              metadata: { name: 'db', namespace: ns },
              spec: {
                replicas: 3,
                serviceName: 'db',
                podManagementPolicy: 'Parallel',
                selector: { matchLabels: labels },
                template: {
                  metadata: { labels },
                  spec: {
                    nodeName: NODE,
                    readinessGates: [{ conditionType: 'InPlaceUpdateReady' }],
                    containers: [{ name: 'main', image: 'nginx:1.24-alpine' }],
                  },
                },
                volumeClaimTemplates: [DATA_CLAIM],
                updateStrategy: {
                  type: 'RollingUpdate',
                  rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible', maxUnavailable: 1 },
                },
              },
            },
          },
        ],
        reads: [`${path}/db`],
        done: converges(3),
        awaiting: 'StatefulSet db converged at 3 replicas',
      },
      rolledInPlace(`${path}/db`, 'StatefulSet db'),
    ],
  };
}

interface SidecarSetStatus {
  metadata?: { generation?: number };
  status?: { observedGeneration?: number; matchedPods?: number; updatedPods?: number; readyPods?: number };
}

function sidecarSet(): ParityScenario {
  const ns = 'parity-sidecarset';
  const setPath = `${KRUISE}/v1alpha1/sidecarsets`;
  const csPath = `${KRUISE}/v1alpha1/namespaces/${ns}/clonesets`;
  const labels = { app: 'with-sidecar' };
  const sidecarsReady = (s: SidecarSetStatus) =>
    (s.status?.observedGeneration ?? 0) >= (s.metadata?.generation ?? 1) &&
    s.status?.matchedPods === 2 &&
    s.status.updatedPods === 2 &&
    s.status.readyPods === 2;
  return {
    name: 'SidecarSet injected into a CloneSet’s pods',
    namespace: ns,
    workloads: [`${setPath}/parity-logger`, `${csPath}/app`],
    steps: [
      {
        name: 'injected',
        writes: [
          {
            method: 'POST',
            path: setPath,
            body: {
              apiVersion: 'apps.kruise.io/v1alpha1',
              kind: 'SidecarSet',
              metadata: { name: 'parity-logger' },
              spec: {
                selector: { matchLabels: labels },
                containers: [
                  {
                    name: 'logger',
                    image: 'busybox:1.36',
                    command: ['sh', '-c', 'sleep 3600'],
                    volumeMounts: [{ name: 'logs', mountPath: '/var/log/app' }],
                  },
                ],
                volumes: [{ name: 'logs', emptyDir: {} }],
              },
            },
          },
          {
            method: 'POST',
            path: csPath,
            body: {
              apiVersion: 'apps.kruise.io/v1alpha1',
              kind: 'CloneSet',
              metadata: { name: 'app', namespace: ns },
              spec: {
                replicas: 2,
                selector: { matchLabels: labels },
                template: {
                  metadata: { labels },
                  spec: { nodeName: NODE, containers: [{ name: 'main', image: 'nginx:1.24-alpine' }] },
                },
              },
            },
          },
        ],
        reads: [`${setPath}/parity-logger`, `${csPath}/app`],
        done: (read) => sidecarsReady(read[0] as SidecarSetStatus) && converged(read[1] as WorkloadStatus, 2),
        awaiting: 'SidecarSet parity-logger ready on the 2 pods of CloneSet app',
      },
    ],
  };
}

interface BroadcastJobStatus {
  status?: { phase?: string; succeeded?: number; desired?: number };
}

function broadcastJob(): ParityScenario {
  const ns = 'parity-broadcastjob';
  const path = `${KRUISE}/v1alpha1/namespaces/${ns}/broadcastjobs`;
  return {
    name: 'BroadcastJob: one pod per fake node, run to completion',
    namespace: ns,
    workloads: [`${path}/hello`],
    steps: [
      {
        name: 'completed',
        writes: [
          {
            method: 'POST',
            path,
            body: {
              apiVersion: 'apps.kruise.io/v1alpha1',
              kind: 'BroadcastJob',
              metadata: { name: 'hello', namespace: ns },
              spec: {
                template: {
                  spec: {
                    containers: [{ name: 'hello', image: 'busybox:1.36', command: ['echo', 'hello'] }],
                    restartPolicy: 'Never',
                  },
                },
                completionPolicy: { type: 'Always' },
              },
            },
          },
        ],
        reads: [`${path}/hello`],
        done: (read) => {
          const s = (read[0] as BroadcastJobStatus).status;
          return s?.phase === 'completed' && s.succeeded === s.desired && (s.desired ?? 0) > 0;
        },
        awaiting: 'BroadcastJob hello completed on every node',
      },
    ],
  };
}

export function parityScenarios(): ParityScenario[] {
  return [cloneSet(), statefulSet(), sidecarSet(), broadcastJob()];
}
