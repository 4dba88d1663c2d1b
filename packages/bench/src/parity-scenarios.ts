// The manifests the parity check applies, unchanged, to Kruise and to kruise-ts: one scenario per namespace, each
// a few steps (create, then roll, scale, delete a named pod, release a hook) that end when what the step waits for
// has converged. Pods are pinned to a fake node (nothing binds PVCs in the local cluster, and the scheduler would
// hold pods with unbound claims).
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
  /**
   * Writes that name what the cluster made up (a CloneSet pod's random name): GET these paths after `writes`, then
   * the writes computed from what was read. Pure over what was read.
   */
  writesFrom?: { reads: string[]; writes(read: readonly unknown[]): ParityWrite[] };
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
  /**
   * Lists whose items a snapshot keeps with the workloads: objects a controller names itself (an
   * AdvancedCronJob's Jobs), which a fixed path cannot name. `kind` is put on each item (lists leave it out).
   */
  collections?: { path: string; kind: string }[];
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

/** The merge patch of a template's `main` container to nginx 1.25 (a CRD takes no strategic merge). */
const ROLL_TO_125 = { template: { spec: { containers: [{ name: 'main', image: 'nginx:1.25-alpine' }] } } };

/** The image roll of a workload of 3 whose update strategy updates in place: nginx 1.24 → 1.25. */
function rolledInPlace(objectPath: string, what: string): ParityStep {
  return {
    name: 'rolled in place',
    writes: [
      {
        method: 'PATCH',
        path: objectPath,
        body: {
          spec: ROLL_TO_125,
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
            body: statefulSetObject(
              ns,
              labels,
              {
                volumeClaimTemplates: [DATA_CLAIM],
                updateStrategy: {
                  type: 'RollingUpdate',
                  rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible', maxUnavailable: 1 },
                },
              },
              { readinessGates: [{ conditionType: 'InPlaceUpdateReady' }] },
            ),
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
  status?: {
    observedGeneration?: number;
    matchedPods?: number;
    updatedPods?: number;
    readyPods?: number;
    updatedReadyPods?: number;
  };
}

/** The SidecarSet's status has caught up with its spec and counts `pods` pods matched, updated and ready. */
function sidecarSetSettled(s: SidecarSetStatus, pods: number): boolean {
  return (
    (s.status?.observedGeneration ?? 0) >= (s.metadata?.generation ?? 1) &&
    s.status?.matchedPods === pods &&
    s.status.updatedPods === pods &&
    s.status.readyPods === pods
  );
}

/** A v1alpha1 SidecarSet body, as a user applies one. */
function sidecarSetObject(name: string, spec: Record<string, unknown>) {
  return { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'SidecarSet', metadata: { name }, spec };
}

function sidecarSet(): ParityScenario {
  const ns = 'parity-sidecarset';
  const setPath = `${KRUISE}/v1alpha1/sidecarsets`;
  const csPath = `${KRUISE}/v1alpha1/namespaces/${ns}/clonesets`;
  const labels = { app: 'with-sidecar' };
  const sidecarsReady = (s: SidecarSetStatus) => sidecarSetSettled(s, 2);
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
            body: sidecarSetObject('parity-logger', {
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
            }),
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
  status?: { phase?: string; succeeded?: number; failed?: number; desired?: number };
}

interface BroadcastJobRead extends BroadcastJobStatus {
  metadata?: { name?: string };
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

/**
 * What the fake kubelet does with a BroadcastJob's pod, by its `kruise-ts.dev/job-outcome` annotation: none, it
 * succeeds a second after it starts; `failed`, it fails (exit code 1); any other value matches neither of its job
 * stages (packages/devcluster/src/kwok-stages.ts, jobPodEnd), so the pod keeps running.
 */
const JOB_OUTCOME = 'kruise-ts.dev/job-outcome';

function broadcastJobPolicies(): ParityScenario {
  const ns = 'parity-broadcastjob-policies';
  const path = `${KRUISE}/v1alpha1/namespaces/${ns}/broadcastjobs`;
  const podsPath = `/api/v1/namespaces/${ns}/pods`;
  const job = (name: string, outcome: string, spec: Record<string, unknown>, podSpec = {}) => ({
    apiVersion: 'apps.kruise.io/v1alpha1',
    kind: 'BroadcastJob',
    metadata: { name, namespace: ns },
    spec: {
      template: {
        metadata: { annotations: { [JOB_OUTCOME]: outcome } },
        spec: {
          ...podSpec,
          containers: [{ name, image: 'busybox:1.36', command: ['echo', name] }],
          restartPolicy: 'Never',
        },
      },
      ...spec,
    },
  });
  // parallelism 1 over the two fake nodes: which node comes first is the order of Kruise's node list (read from
  // an informer cache, a map), so those jobs are waited for in a state that does not tell the nodes apart.
  const oneAtATime = { parallelism: 1 };
  const deadline = { type: 'Always', activeDeadlineSeconds: 5 };
  const jobs = (read: unknown) => (read as { items?: BroadcastJobRead[] }).items ?? [];
  const named = (read: unknown, name: string) => jobs(read).find((j) => j.metadata?.name === name);
  const podsOf = (read: unknown, name: string) => podsIn(read, { 'broadcastjob-name': name });
  const finished = (read: readonly unknown[], name: string, phase: string, failed: number, pods: number) => {
    const s = named(read[0], name)?.status;
    return s?.phase === phase && s.failed === failed && podsOf(read[1], name).length === pods;
  };
  return {
    name: 'BroadcastJob: failurePolicy Continue and FailFast, activeDeadlineSeconds with parallelism 1, ttlSecondsAfterFinished',
    namespace: ns,
    workloads: [],
    // A list, not a path: the TTL's job is gone by the end of its step.
    collections: [{ path, kind: 'BroadcastJob' }],
    steps: [
      {
        // Failed pods are counted, the job goes on to the other node and completes
        // (pkg/controller/broadcastjob/broadcastjob_controller.go, Reconcile: FailurePolicyTypeContinue, isJobComplete).
        name: 'failures continued',
        writes: [
          {
            method: 'POST',
            path,
            body: job('tolerant', 'failed', { ...oneAtATime, failurePolicy: { type: 'Continue' } }),
          },
        ],
        reads: [path, podsPath],
        done: (read) => finished(read, 'tolerant', 'completed', 2, 2),
        awaiting: 'BroadcastJob tolerant completed with 2 failed pods',
      },
      {
        // One desired node; its failed pod fails the job (broadcastjob_controller.go, Reconcile:
        // FailurePolicyTypeFailFast).
        name: 'failed fast',
        writes: [
          {
            method: 'POST',
            path,
            body: job(
              'fragile',
              'failed',
              { failurePolicy: { type: 'FailFast' } },
              { nodeSelector: { 'kubernetes.io/hostname': NODE } },
            ),
          },
        ],
        reads: [path, podsPath],
        done: (read) => finished(read, 'fragile', 'failed', 1, 1),
        awaiting: 'BroadcastJob fragile failed by its failed pod',
      },
      {
        // Their one pod never ends; past the deadline each job fails and the pod is deleted and counted failed
        // (broadcastjob_controller.go, isJobFailed, deleteJobPods). The one with a TTL is deleted a second later
        // (finishJob, pastTTLDeadline); its pod is already gone, so nothing waits for the garbage collector (which
        // finds a new CRD's objects only at its next discovery, up to 30 s).
        name: 'past the active deadline',
        writes: [
          {
            method: 'POST',
            path,
            body: job('stuck', 'running', { ...oneAtATime, completionPolicy: deadline }),
          },
          {
            method: 'POST',
            path,
            body: job('brief', 'running', {
              ...oneAtATime,
              completionPolicy: { ...deadline, ttlSecondsAfterFinished: 1 },
            }),
          },
        ],
        reads: [path, podsPath],
        done: (read) =>
          finished(read, 'stuck', 'failed', 1, 0) &&
          named(read[0], 'brief') === undefined &&
          podsOf(read[1], 'brief').length === 0,
        awaiting:
          'BroadcastJob stuck failed past its deadline, brief deleted after its TTL, their pods deleted',
      },
    ],
  };
}

interface PodRead {
  metadata?: {
    name?: string;
    labels?: Record<string, string>;
    finalizers?: string[];
    deletionTimestamp?: string;
  };
}

/** The pods of a pod list whose labels include `selector`, by name. */
function podsIn(list: unknown, selector: Record<string, string>): PodRead[] {
  const pods = (list as { items?: PodRead[] }).items ?? [];
  return pods
    .filter((p) => Object.entries(selector).every(([k, v]) => p.metadata?.labels?.[k] === v))
    .sort((a, b) => ((a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : 1));
}

/** `n` pods of the selector, none of them on its way out. */
function settledPods(list: unknown, selector: Record<string, string>, n: number): boolean {
  const pods = podsIn(list, selector);
  return pods.length === n && pods.every((p) => p.metadata?.deletionTimestamp === undefined);
}

/** A CloneSet of nginx:1.24 pods pinned to the fake node; `spec` adds to or overrides the defaults. */
/** An Advanced StatefulSet `db` of 3 Parallel pods on the fake node; `spec` and `podSpec` add to it. */
function statefulSetObject(
  ns: string,
  labels: Record<string, string>,
  spec: Record<string, unknown>,
  podSpec: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
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
        spec: { nodeName: NODE, ...podSpec, containers: [{ name: 'main', image: 'nginx:1.24-alpine' }] },
      },
      ...spec,
    },
  };
}

function cloneSetObject(
  ns: string,
  name: string,
  labels: Record<string, string>,
  spec: Record<string, unknown>,
  templateMetadata: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    apiVersion: 'apps.kruise.io/v1alpha1',
    kind: 'CloneSet',
    metadata: { name, namespace: ns },
    spec: {
      selector: { matchLabels: labels },
      template: {
        metadata: { labels, ...templateMetadata },
        spec: { nodeName: NODE, containers: [{ name: 'main', image: 'nginx:1.24-alpine' }] },
      },
      ...spec,
    },
  };
}

/** The label users put on a CloneSet pod to have it deleted (apis/apps/v1alpha1/well_known_labels.go). */
const SPECIFIED_DELETE = 'apps.kruise.io/specified-delete';
/**
 * A mark the scenario puts on pods so that a snapshot shows which ones a deletion took: their names are random,
 * and normalized away.
 */
const MARK = 'parity.kruise-ts.dev/mark';

function specifiedDelete(): ParityScenario {
  const ns = 'parity-cloneset-delete';
  const path = `${KRUISE}/v1alpha1/namespaces/${ns}/clonesets`;
  const podsPath = `/api/v1/namespaces/${ns}/pods`;
  const labels = { app: 'web' };
  const markOf = (p: PodRead) => p.metadata?.labels?.[MARK];
  return {
    name: 'CloneSet: a pod deleted by its specified-delete label, then a scale-down naming the pod to delete',
    namespace: ns,
    workloads: [`${path}/web`],
    steps: [
      {
        name: 'created',
        writes: [{ method: 'POST', path, body: cloneSetObject(ns, 'web', labels, { replicas: 4 }) }],
        reads: [`${path}/web`],
        done: converges(4),
        awaiting: 'CloneSet web converged at 4 replicas',
      },
      {
        // Kruise deletes a pod labelled specified-delete and makes up for it
        // (pkg/controller/cloneset/sync/cloneset_scale.go, Scale step 5, isSpecifiedDelete).
        name: 'specified-delete label on pod a',
        writes: [],
        writesFrom: {
          reads: [podsPath],
          writes: (read) =>
            podsIn(read[0], labels).map((p, i) => ({
              method: 'PATCH' as const,
              path: `${podsPath}/${p.metadata?.name ?? ''}`,
              body: {
                metadata: {
                  labels: { [MARK]: 'abcd'.charAt(i), ...(i === 0 ? { [SPECIFIED_DELETE]: 'true' } : {}) },
                },
              },
            })),
        },
        reads: [`${path}/web`, podsPath],
        done: (read) =>
          converged(read[0] as WorkloadStatus, 4) &&
          settledPods(read[1], labels, 4) &&
          !podsIn(read[1], labels).some((p) => p.metadata?.labels?.[SPECIFIED_DELETE] !== undefined),
        awaiting: 'the labelled pod of CloneSet web replaced, 4 replicas',
      },
      {
        // replicas 4 → 3 with the pod named: that pod goes and no other (cloneset_scale.go, getPlannedDeletedPods
        // counts it against the scale-down), and the name leaves podsToDelete once the pod is gone
        // (pkg/controller/cloneset/cloneset_controller.go, truncatePodsToDelete).
        name: 'scaled down with podsToDelete naming pod c',
        writes: [],
        writesFrom: {
          reads: [podsPath],
          writes: (read) => [
            {
              method: 'PATCH',
              path: `${path}/web`,
              body: {
                spec: {
                  replicas: 3,
                  scaleStrategy: {
                    podsToDelete: podsIn(read[0], labels)
                      .filter((p) => markOf(p) === 'c')
                      .map((p) => p.metadata?.name ?? ''),
                  },
                },
              },
            },
          ],
        },
        reads: [`${path}/web`, podsPath],
        done: (read) =>
          converged(read[0] as WorkloadStatus, 3) &&
          settledPods(read[1], labels, 3) &&
          !podsIn(read[1], labels).some((p) => markOf(p) === 'c'),
        awaiting: 'CloneSet web at 3 replicas without pod c',
      },
    ],
  };
}

function surgeRoll(): ParityScenario {
  const ns = 'parity-cloneset-surge';
  const path = `${KRUISE}/v1alpha1/namespaces/${ns}/clonesets`;
  return {
    name: 'CloneSet: a ReCreate image roll with maxSurge 1, maxUnavailable 0',
    namespace: ns,
    workloads: [`${path}/web`],
    steps: [
      {
        name: 'created',
        writes: [
          {
            method: 'POST',
            path,
            body: cloneSetObject(
              ns,
              'web',
              { app: 'web' },
              { replicas: 3, updateStrategy: { type: 'ReCreate', maxSurge: 1, maxUnavailable: 0 } },
            ),
          },
        ],
        reads: [`${path}/web`],
        done: converges(3),
        awaiting: 'CloneSet web converged at 3 replicas',
      },
      {
        name: 'rolled with surge',
        writes: [
          {
            method: 'PATCH',
            path: `${path}/web`,
            body: {
              spec: ROLL_TO_125,
            },
          },
        ],
        reads: [`${path}/web`],
        done: converges(3),
        awaiting: 'CloneSet web rolled to nginx:1.25-alpine',
      },
    ],
  };
}

/** The lifecycle state label Kruise keeps on a pod of a CloneSet with hooks (apis/apps/pub/lifecycle.go). */
const LIFECYCLE_STATE = 'lifecycle.apps.kruise.io/state';
const HOOK_LABEL = 'example.com/drain';
const HOOK_FINALIZER = 'example.com/cleanup';

function lifecycleHooks(): ParityScenario {
  const ns = 'parity-cloneset-lifecycle';
  const path = `${KRUISE}/v1alpha1/namespaces/${ns}/clonesets`;
  const podsPath = `/api/v1/namespaces/${ns}/pods`;
  const labels = { app: 'hooked' };
  const stateOf = (p: PodRead) => p.metadata?.labels?.[LIFECYCLE_STATE];
  return {
    name: 'CloneSet: a preDelete hook holds a scaled-down pod in PreparingDelete until it is released',
    namespace: ns,
    workloads: [`${path}/hooked`],
    steps: [
      {
        // The template carries the hook's label and finalizer, so every pod is hooked
        // (pkg/util/lifecycle/lifecycle_utils.go, IsPodHooked).
        name: 'created',
        writes: [
          {
            method: 'POST',
            path,
            body: cloneSetObject(
              ns,
              'hooked',
              labels,
              {
                replicas: 2,
                lifecycle: {
                  // markPodNotReady: the held pod's KruisePodReady False with the hook's key, and Ready False
                  // (pkg/util/podreadiness/pod_readiness_utils.go).
                  preDelete: {
                    labelsHandler: { [HOOK_LABEL]: 'pending' },
                    finalizersHandler: [HOOK_FINALIZER],
                    markPodNotReady: true,
                  },
                },
              },
              { labels: { ...labels, [HOOK_LABEL]: 'pending' }, finalizers: [HOOK_FINALIZER] },
            ),
          },
        ],
        reads: [`${path}/hooked`],
        done: converges(2),
        awaiting: 'CloneSet hooked converged at 2 replicas',
      },
      {
        // A hooked pod chosen for deletion is only marked PreparingDelete
        // (pkg/controller/cloneset/sync/cloneset_scale.go, deletePods).
        name: 'scaled down, held in PreparingDelete',
        writes: [{ method: 'PATCH', path: `${path}/hooked`, body: { spec: { replicas: 1 } } }],
        reads: [`${path}/hooked`, podsPath],
        done: (read) => {
          const cs = read[0] as WorkloadStatus;
          const pods = podsIn(read[1], labels);
          return (
            (cs.status?.observedGeneration ?? 0) >= (cs.metadata?.generation ?? 1) &&
            settledPods(read[1], labels, 2) &&
            pods.filter((p) => stateOf(p) === 'PreparingDelete').length === 1
          );
        },
        awaiting: 'one of CloneSet hooked’s 2 pods in PreparingDelete',
      },
      {
        // What the hook's owner does when done: take its label and finalizer off; then the pod is deleted.
        name: 'hook released',
        writes: [],
        writesFrom: {
          reads: [podsPath],
          writes: (read) =>
            podsIn(read[0], labels)
              .filter((p) => stateOf(p) === 'PreparingDelete')
              .map((p) => ({
                method: 'PATCH' as const,
                path: `${podsPath}/${p.metadata?.name ?? ''}`,
                body: {
                  metadata: {
                    labels: { [HOOK_LABEL]: null },
                    finalizers: (p.metadata?.finalizers ?? []).filter((f) => f !== HOOK_FINALIZER),
                  },
                },
              })),
        },
        reads: [`${path}/hooked`, podsPath],
        done: (read) => converged(read[0] as WorkloadStatus, 1) && settledPods(read[1], labels, 1),
        awaiting: 'CloneSet hooked converged at 1 replica',
      },
    ],
  };
}

interface ClaimList {
  items?: unknown[];
}

function statefulSetClaimRetention(): ParityScenario {
  const ns = 'parity-statefulset-pvc';
  const path = `${KRUISE}/v1beta1/namespaces/${ns}/statefulsets`;
  const pvcsPath = `/api/v1/namespaces/${ns}/persistentvolumeclaims`;
  const labels = { app: 'db' };
  return {
    name: 'Advanced StatefulSet: persistentVolumeClaimRetentionPolicy whenScaled Delete, scaled 3 → 1',
    namespace: ns,
    workloads: [`${path}/db`],
    steps: [
      {
        name: 'created',
        writes: [
          {
            method: 'POST',
            path,
            body: statefulSetObject(ns, labels, {
              volumeClaimTemplates: [DATA_CLAIM],
              persistentVolumeClaimRetentionPolicy: { whenScaled: 'Delete' },
            }),
          },
        ],
        reads: [`${path}/db`],
        done: converges(3),
        awaiting: 'StatefulSet db converged at 3 replicas',
      },
      {
        // The claims of the condemned pods are given the pod as owner, so the garbage collector deletes them with
        // it (pkg/controller/statefulset/stateful_set_control.go, condemned pods; stateful_pod_control.go,
        // UpdatePodClaimForRetentionPolicy).
        name: 'scaled down to 1',
        writes: [{ method: 'PATCH', path: `${path}/db`, body: { spec: { replicas: 1 } } }],
        reads: [`${path}/db`, pvcsPath],
        done: (read) =>
          converged(read[0] as WorkloadStatus, 1) && ((read[1] as ClaimList).items ?? []).length === 1,
        awaiting: 'StatefulSet db at 1 replica with 1 claim left',
      },
    ],
  };
}

interface JobRead {
  status?: {
    phase?: string;
    conditions?: { type?: string; status?: string }[];
    lastScheduleTime?: string;
    active?: unknown[];
  };
}

const complete = (job: JobRead) =>
  (job.status?.conditions ?? []).some((c) => c.type === 'Complete' && c.status === 'True');
/** An AdvancedCronJob whose status records a finished run and nothing running. */
const ranOnce = (acj: JobRead) =>
  acj.status?.lastScheduleTime !== undefined && (acj.status.active ?? []).length === 0;

function advancedCronJob(): ParityScenario {
  const ns = 'parity-advancedcronjob';
  const path = `${KRUISE}/v1alpha1/namespaces/${ns}/advancedcronjobs`;
  const jobsPath = `/apis/batch/v1/namespaces/${ns}/jobs`;
  const bcjsPath = `${KRUISE}/v1alpha1/namespaces/${ns}/broadcastjobs`;
  const pod = (name: string) => ({
    containers: [{ name, image: 'busybox:1.36', command: ['echo', name] }],
    restartPolicy: 'Never',
  });
  const acj = (name: string, template: Record<string, unknown>) => ({
    apiVersion: 'apps.kruise.io/v1alpha1',
    kind: 'AdvancedCronJob',
    metadata: { name, namespace: ns },
    spec: { schedule: '* * * * *', template },
  });
  const items = (read: unknown) => ((read as { items?: JobRead[] }).items ?? []) as JobRead[];
  return {
    // Every minute: the first run comes at the next minute (≤ 60 s); the pause after it keeps a second run out of
    // the snapshots, which are taken seconds after the first.
    name: 'AdvancedCronJob: a Job and a BroadcastJob template every minute, one run each, then paused',
    namespace: ns,
    workloads: [`${path}/minutely-job`, `${path}/minutely-bcj`],
    collections: [
      { path: jobsPath, kind: 'Job' },
      { path: bcjsPath, kind: 'BroadcastJob' },
    ],
    steps: [
      {
        // Kruise does not requeue a Job template's AdvancedCronJob when its Job finishes (its Job watch is keyed
        // to BroadcastJob owners: pkg/controller/advancedcronjob/advancedcronjob_job_controller.go, watchJob), so
        // only the BroadcastJob one's status is waited for here.
        name: 'ran once',
        writes: [
          {
            method: 'POST',
            path,
            body: acj('minutely-job', {
              jobTemplate: { spec: { template: { spec: { ...pod('job'), nodeName: NODE } } } },
            }),
          },
          {
            method: 'POST',
            path,
            body: acj('minutely-bcj', {
              broadcastJobTemplate: {
                spec: { template: { spec: pod('bcj') }, completionPolicy: { type: 'Always' } },
              },
            }),
          },
        ],
        reads: [jobsPath, bcjsPath, `${path}/minutely-bcj`],
        done: (read) => {
          const jobs = items(read[0]);
          const bcjs = items(read[1]);
          return (
            jobs.length === 1 &&
            jobs.every(complete) &&
            bcjs.length === 1 &&
            bcjs.every((j) => j.status?.phase === 'completed') &&
            ranOnce(read[2] as JobRead)
          );
        },
        awaiting: 'one completed Job and one completed BroadcastJob',
      },
      {
        name: 'paused',
        writes: [
          { method: 'PATCH', path: `${path}/minutely-job`, body: { spec: { paused: true } } },
          { method: 'PATCH', path: `${path}/minutely-bcj`, body: { spec: { paused: true } } },
        ],
        reads: [`${path}/minutely-job`, `${path}/minutely-bcj`],
        done: (read) => ranOnce(read[0] as JobRead) && ranOnce(read[1] as JobRead),
        awaiting: 'both AdvancedCronJobs paused with their run recorded',
      },
    ],
  };
}

/**
 * A partitioned roll at rest: the spec observed, `replicas` pods all ready and available, only `updated` of them at
 * the update revision, which is not yet the current one (a partition keeps the rest at the old revision).
 */
function partitionedAt(obj: WorkloadStatus, replicas: number, updated: number): boolean {
  const s = obj.status;
  if (s === undefined || (s.observedGeneration ?? 0) < (obj.metadata?.generation ?? 1)) return false;
  return (
    s.replicas === replicas &&
    s.readyReplicas === replicas &&
    s.availableReplicas === replicas &&
    (s.updatedReplicas ?? 0) === updated &&
    s.updateRevision !== undefined &&
    s.updateRevision !== s.currentRevision
  );
}

/** The inPlaceUpdate hook's label, carried by the template so that every pod is hooked. */
const UPDATE_HOOK_LABEL = 'example.com/pre-update';

function preUpdateHook(): ParityScenario {
  const ns = 'parity-cloneset-preupdate';
  const path = `${KRUISE}/v1alpha1/namespaces/${ns}/clonesets`;
  const podsPath = `/api/v1/namespaces/${ns}/pods`;
  const labels = { app: 'held' };
  const allIn = (list: unknown, state: string) => {
    const pods = podsIn(list, labels);
    return settledPods(list, labels, 2) && pods.every((p) => p.metadata?.labels?.[LIFECYCLE_STATE] === state);
  };
  const relabel = (value: string | null) => (read: readonly unknown[]) =>
    podsIn(read[0], labels).map((p) => ({
      method: 'PATCH' as const,
      path: `${podsPath}/${p.metadata?.name ?? ''}`,
      body: { metadata: { labels: { [UPDATE_HOOK_LABEL]: value } } },
    }));
  return {
    name: 'CloneSet: an inPlaceUpdate hook holds rolled pods in PreparingUpdate until released, then put back',
    namespace: ns,
    workloads: [`${path}/held`],
    steps: [
      {
        name: 'created',
        writes: [
          {
            method: 'POST',
            path,
            body: cloneSetObject(
              ns,
              'held',
              labels,
              {
                replicas: 2,
                updateStrategy: { type: 'InPlaceIfPossible', maxUnavailable: 2 },
                lifecycle: {
                  inPlaceUpdate: { labelsHandler: { [UPDATE_HOOK_LABEL]: 'true' }, markPodNotReady: true },
                },
              },
              { labels: { ...labels, [UPDATE_HOOK_LABEL]: 'true' } },
            ),
          },
        ],
        reads: [`${path}/held`],
        done: converges(2),
        awaiting: 'CloneSet held converged at 2 replicas',
      },
      {
        // A hooked pod due for an in-place update is only marked PreparingUpdate, its KruisePodReady False under
        // markPodNotReady (pkg/controller/cloneset/sync/cloneset_update.go, updatePod;
        // pkg/util/lifecycle/lifecycle_utils.go, executePodNotReadyPolicy). maxUnavailable 2 takes both at once.
        name: 'rolled, held in PreparingUpdate',
        writes: [{ method: 'PATCH', path: `${path}/held`, body: { spec: ROLL_TO_125 } }],
        reads: [`${path}/held`, podsPath],
        done: (read) => {
          const cs = read[0] as WorkloadStatus;
          return (
            (cs.status?.observedGeneration ?? 0) >= (cs.metadata?.generation ?? 1) &&
            allIn(read[1], 'PreparingUpdate')
          );
        },
        awaiting: 'both pods of CloneSet held in PreparingUpdate',
      },
      {
        // Unhooked, the pods are updated in place (Updating) and, the hook not all back, end Updated with the
        // not-ready key removed (cloneset_update.go, refreshPodState).
        name: 'hook released, updated in place',
        writes: [],
        writesFrom: { reads: [podsPath], writes: relabel(null) },
        reads: [`${path}/held`, podsPath],
        // Not `converged`: a CloneSet counts only Normal pods available
        // (pkg/controller/cloneset/sync/cloneset_sync_utils.go, IsPodAvailable).
        done: (read) => {
          const cs = read[0] as WorkloadStatus;
          const s = cs.status;
          return (
            (s?.observedGeneration ?? 0) >= (cs.metadata?.generation ?? 1) &&
            s?.readyReplicas === 2 &&
            s.updatedReplicas === 2 &&
            s.updateRevision !== undefined &&
            s.updateRevision === s.currentRevision &&
            allIn(read[1], 'Updated')
          );
        },
        awaiting: 'CloneSet held rolled to nginx:1.25-alpine, both pods Updated',
      },
      {
        // All hooked again, an Updated pod goes back to Normal (cloneset_update.go, refreshPodState).
        name: 'hook put back, Normal',
        writes: [],
        writesFrom: { reads: [podsPath], writes: relabel('true') },
        reads: [`${path}/held`, podsPath],
        done: (read) => converged(read[0] as WorkloadStatus, 2) && allIn(read[1], 'Normal'),
        awaiting: 'both pods of CloneSet held Normal',
      },
    ],
  };
}

function partitionRoll(): ParityScenario {
  const ns = 'parity-cloneset-partition';
  const path = `${KRUISE}/v1alpha1/namespaces/${ns}/clonesets`;
  const podsPath = `/api/v1/namespaces/${ns}/pods`;
  const labels = { app: 'web' };
  return {
    name: 'CloneSet: a ReCreate image roll with partition 2 of 4, then partition 0',
    namespace: ns,
    workloads: [`${path}/web`],
    steps: [
      {
        name: 'created',
        writes: [
          {
            method: 'POST',
            path,
            body: cloneSetObject(ns, 'web', labels, { replicas: 4, updateStrategy: { type: 'ReCreate' } }),
          },
        ],
        reads: [`${path}/web`],
        done: converges(4),
        awaiting: 'CloneSet web converged at 4 replicas',
      },
      {
        // partition is how many pods stay at the old revision (pkg/controller/cloneset/sync/cloneset_sync_utils.go,
        // calculateDiffsWithExpectation).
        name: 'rolled with partition 2',
        writes: [
          {
            method: 'PATCH',
            path: `${path}/web`,
            body: { spec: { ...ROLL_TO_125, updateStrategy: { partition: 2 } } },
          },
        ],
        reads: [`${path}/web`, podsPath],
        done: (read) => partitionedAt(read[0] as WorkloadStatus, 4, 2) && settledPods(read[1], labels, 4),
        awaiting: 'CloneSet web with 2 of 4 pods at nginx:1.25-alpine',
      },
      {
        name: 'partition 0',
        writes: [
          { method: 'PATCH', path: `${path}/web`, body: { spec: { updateStrategy: { partition: 0 } } } },
        ],
        reads: [`${path}/web`, podsPath],
        done: (read) => converged(read[0] as WorkloadStatus, 4) && settledPods(read[1], labels, 4),
        awaiting: 'CloneSet web rolled to nginx:1.25-alpine',
      },
    ],
  };
}

function statefulSetReserve(): ParityScenario {
  const ns = 'parity-statefulset-reserve';
  const path = `${KRUISE}/v1beta1/namespaces/${ns}/statefulsets`;
  const podsPath = `/api/v1/namespaces/${ns}/pods`;
  const labels = { app: 'db' };
  return {
    name: 'Advanced StatefulSet: reserveOrdinals [1], scaled 3 → 4, then a roll with partition 2',
    namespace: ns,
    workloads: [`${path}/db`],
    steps: [
      {
        // Ordinal 1 is skipped: db-0, db-2, db-3 (pkg/controller/statefulset/stateful_set_utils.go,
        // getStatefulSetReplicasRange).
        name: 'created',
        writes: [
          {
            method: 'POST',
            path,
            body: statefulSetObject(ns, labels, { reserveOrdinals: [1] }),
          },
        ],
        reads: [`${path}/db`],
        done: converges(3),
        awaiting: 'StatefulSet db converged at 3 replicas',
      },
      {
        name: 'scaled to 4',
        writes: [{ method: 'PATCH', path: `${path}/db`, body: { spec: { replicas: 4 } } }],
        reads: [`${path}/db`, podsPath],
        done: (read) => converged(read[0] as WorkloadStatus, 4) && settledPods(read[1], labels, 4),
        awaiting: 'StatefulSet db converged at 4 replicas',
      },
      {
        // From the highest slot down to the partition, at most replicas − partition pods: db-4 and db-3, not db-2
        // (pkg/controller/statefulset/stateful_update_utils.go, sortPodsToUpdate).
        name: 'rolled with partition 2',
        writes: [
          {
            method: 'PATCH',
            path: `${path}/db`,
            body: {
              spec: {
                ...ROLL_TO_125,
                updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } },
              },
            },
          },
        ],
        reads: [`${path}/db`, podsPath],
        done: (read) => partitionedAt(read[0] as WorkloadStatus, 4, 2) && settledPods(read[1], labels, 4),
        awaiting: 'StatefulSet db with 2 of 4 pods at nginx:1.25-alpine',
      },
    ],
  };
}

interface ContainerRead {
  name?: string;
  image?: string;
}

function sidecarSetUpgrade(): ParityScenario {
  const ns = 'parity-sidecarset-upgrade';
  const setName = 'parity-upgraded';
  const setPath = `${KRUISE}/v1alpha1/sidecarsets`;
  const csPath = `${KRUISE}/v1alpha1/namespaces/${ns}/clonesets`;
  const podsPath = `/api/v1/namespaces/${ns}/pods`;
  // Not parity-sidecarset's label: SidecarSets are cluster-wide, and the scenarios share a cluster.
  const labels = { app: 'upgraded-sidecar' };
  const sidecar = (image: string) => ({
    name: 'logger',
    image,
    command: ['sh', '-c', 'sleep 3600'],
    volumeMounts: [{ name: 'logs', mountPath: '/var/log/app' }],
  });
  const ready = (s: SidecarSetStatus) => sidecarSetSettled(s, 2);
  const loggersAt = (list: unknown, image: string) =>
    settledPods(list, labels, 2) &&
    podsIn(list, labels).every((p) =>
      ((p as { spec?: { containers?: ContainerRead[] } }).spec?.containers ?? []).some(
        (c) => c.name === 'logger' && c.image === image,
      ),
    );
  return {
    name: 'SidecarSet: injected into a CloneSet’s pods, then its sidecar image rolled in place',
    namespace: ns,
    workloads: [`${setPath}/${setName}`, `${csPath}/app`],
    steps: [
      {
        name: 'injected',
        writes: [
          {
            method: 'POST',
            path: setPath,
            body: sidecarSetObject(setName, {
              selector: { matchLabels: labels },
              containers: [sidecar('busybox:1.36')],
              volumes: [{ name: 'logs', emptyDir: {} }],
            }),
          },
          { method: 'POST', path: csPath, body: cloneSetObject(ns, 'app', labels, { replicas: 2 }) },
        ],
        reads: [`${setPath}/${setName}`, `${csPath}/app`, podsPath],
        done: (read) =>
          ready(read[0] as SidecarSetStatus) &&
          converged(read[1] as WorkloadStatus, 2) &&
          loggersAt(read[2], 'busybox:1.36'),
        awaiting: `SidecarSet ${setName} ready on the 2 pods of CloneSet app`,
      },
      {
        // An image-only change is updated in place, maxUnavailable 1 pod at a time under the default
        // RollingUpdate strategy (pkg/controller/sidecarset/sidecarset_processor.go, updatePods;
        // pkg/control/sidecarcontrol/sidecarset_control.go, IsSidecarContainerUpdateCompleted). A CRD's merge patch replaces
        // the containers list, so the whole container is sent.
        name: 'sidecar image rolled',
        writes: [
          {
            method: 'PATCH',
            path: `${setPath}/${setName}`,
            body: { spec: { containers: [sidecar('busybox:1.37')] } },
          },
        ],
        reads: [`${setPath}/${setName}`, `${csPath}/app`, podsPath],
        done: (read) =>
          ready(read[0] as SidecarSetStatus) &&
          converged(read[1] as WorkloadStatus, 2) &&
          loggersAt(read[2], 'busybox:1.37'),
        awaiting: `SidecarSet ${setName}’s logger at busybox:1.37 on the 2 pods of CloneSet app`,
      },
    ],
  };
}

interface PodImagesRead {
  spec?: { containers?: ContainerRead[] };
  status?: { containerStatuses?: ContainerRead[] };
}

/** The image of each container in a pod's spec, and whether the fake kubelet runs every one of them. */
function podImages(pod: PodRead): { images: Record<string, string | undefined>; running: boolean } {
  const p = pod as PodImagesRead;
  const containers = p.spec?.containers ?? [];
  const statuses = p.status?.containerStatuses ?? [];
  return {
    images: Object.fromEntries(containers.map((c) => [c.name ?? '', c.image])),
    running: containers.every((c) => statuses.some((s) => s.name === c.name && s.image === c.image)),
  };
}

/** The image a HotUpgrade sidecar's idle slot runs, as in Kruise's e2e (test/e2e/apps/sidecarset.go). */
const HOT_UPGRADE_EMPTY = 'openkruise/hotupgrade-sample:empty';

function sidecarSetHotUpgrade(): ParityScenario {
  const ns = 'parity-sidecarset-hotupgrade';
  const setName = 'parity-hot';
  const setPath = `${KRUISE}/v1alpha1/sidecarsets`;
  const csPath = `${KRUISE}/v1alpha1/namespaces/${ns}/clonesets`;
  const podsPath = `/api/v1/namespaces/${ns}/pods`;
  // A label of its own: SidecarSets are cluster-wide, and the scenarios share a cluster.
  const labels = { app: 'hot-sidecar' };
  const sidecar = (image: string) => ({
    name: 'proxy',
    image,
    command: ['sh', '-c', 'sleep 3600'],
    upgradeStrategy: { upgradeType: 'HotUpgrade', hotUpgradeEmptyImage: HOT_UPGRADE_EMPTY },
  });
  // Ready counts a pod only once its idle slot is back on the empty image
  // (pkg/control/sidecarcontrol/sidecarset_control.go, IsPodReady), so this waits for the reset too.
  const ready = (s: SidecarSetStatus) => sidecarSetSettled(s, 2) && s.status?.updatedReadyPods === 2;
  /** Both pods with slot proxy-1 on `one` and proxy-2 on `two`, run by the fake kubelet. */
  const slotsAt = (list: unknown, one: string, two: string) =>
    settledPods(list, labels, 2) &&
    podsIn(list, labels).every((p) => {
      const { images, running } = podImages(p);
      return running && images['proxy-1'] === one && images['proxy-2'] === two;
    });
  const step = (name: string, image: string | undefined, one: string, two: string): ParityStep => ({
    name,
    writes:
      image === undefined
        ? []
        : [
            {
              method: 'PATCH',
              path: `${setPath}/${setName}`,
              body: { spec: { containers: [sidecar(image)] } },
            },
          ],
    reads: [`${setPath}/${setName}`, `${csPath}/app`, podsPath],
    done: (read) =>
      ready(read[0] as SidecarSetStatus) &&
      converged(read[1] as WorkloadStatus, 2) &&
      slotsAt(read[2], one, two),
    awaiting: `proxy-1 on ${one} and proxy-2 on ${two} in the 2 pods of CloneSet app, SidecarSet ${setName} ready`,
  });
  const created = step('injected', undefined, 'busybox:1.36', HOT_UPGRADE_EMPTY);
  return {
    name: 'SidecarSet: a HotUpgrade sidecar injected into a CloneSet’s pods, upgraded and upgraded back',
    namespace: ns,
    workloads: [`${setPath}/${setName}`, `${csPath}/app`],
    steps: [
      {
        // Two slots, proxy-1 working on the image, proxy-2 idle on the empty image
        // (pkg/webhook/pod/mutating/sidecarset_hotupgrade.go, injectHotUpgradeContainers).
        ...created,
        writes: [
          {
            method: 'POST',
            path: setPath,
            body: sidecarSetObject(setName, {
              selector: { matchLabels: labels },
              containers: [sidecar('busybox:1.36')],
            }),
          },
          { method: 'POST', path: csPath, body: cloneSetObject(ns, 'app', labels, { replicas: 2 }) },
        ],
      },
      // The new image goes into the idle slot, which becomes the working one; once the kubelet runs it the old
      // slot is reset to the empty image (pkg/controller/sidecarset/sidecarset_processor.go,
      // updatePodSidecarContainer; sidecarset_hotupgrade.go, flipPodSidecarContainerDo).
      step('hot-upgraded to busybox:1.37', 'busybox:1.37', HOT_UPGRADE_EMPTY, 'busybox:1.37'),
      // Back to the first image: proxy-1 is the idle slot now (pkg/control/sidecarcontrol/util_hotupgrade.go,
      // findContainerToHotUpgrade), and the SidecarSet's latestRevision names its first revision again
      // (sidecarset_processor.go, registerLatestRevision).
      step('hot-upgraded back to busybox:1.36', 'busybox:1.36', 'busybox:1.36', HOT_UPGRADE_EMPTY),
    ],
  };
}

export function parityScenarios(): ParityScenario[] {
  return [
    cloneSet(),
    statefulSet(),
    sidecarSet(),
    broadcastJob(),
    broadcastJobPolicies(),
    specifiedDelete(),
    surgeRoll(),
    lifecycleHooks(),
    statefulSetClaimRetention(),
    preUpdateHook(),
    partitionRoll(),
    statefulSetReserve(),
    sidecarSetUpgrade(),
    sidecarSetHotUpgrade(),
    advancedCronJob(),
  ];
}
