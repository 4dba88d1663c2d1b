// The workload both contenders run, identical for each: one CloneSet (or Advanced StatefulSet) of N pods
// through scale-up 0→N, a ReCreate image roll (maxUnavailable 50%), an in-place image roll
// (InPlaceIfPossible) and scale-down N→0. Objects and the convergence rule are pure; the runner writes the
// spec and watches the status.

export type WorkloadKind = 'cloneset' | 'asts';

export const IMAGES = ['nginx:1.22-alpine', 'nginx:1.23-alpine', 'nginx:1.24-alpine'] as const;
export const APP_LABEL = 'kruise-bench';

export interface WorkloadRef {
  kind: WorkloadKind;
  namespace: string;
  name: string;
}

/** Collection path of the workload's kind (v1alpha1 CloneSet and v1beta1 StatefulSet are what both serve). */
export function collectionPath(kind: WorkloadKind, namespace: string): string {
  return kind === 'cloneset'
    ? `/apis/apps.kruise.io/v1alpha1/namespaces/${namespace}/clonesets`
    : `/apis/apps.kruise.io/v1beta1/namespaces/${namespace}/statefulsets`;
}

export const objectPath = (ref: WorkloadRef): string =>
  `${collectionPath(ref.kind, ref.namespace)}/${ref.name}`;

export type UpdatePolicy = 'ReCreate' | 'InPlaceIfPossible';

/** The strategy part of a spec: the update policy with maxUnavailable 50% (maxSurge stays 0). */
export function strategy(kind: WorkloadKind, policy: UpdatePolicy): Record<string, unknown> {
  return kind === 'cloneset'
    ? { updateStrategy: { type: policy, maxUnavailable: '50%' } }
    : {
        updateStrategy: {
          type: 'RollingUpdate',
          rollingUpdate: { podUpdatePolicy: policy, maxUnavailable: '50%' },
        },
      };
}

export function workloadObject(ref: WorkloadRef, replicas: number, image: string): Record<string, unknown> {
  const labels = { app: APP_LABEL, 'kruise-bench/name': ref.name };
  const common = {
    replicas,
    selector: { matchLabels: labels },
    template: {
      metadata: { labels },
      spec: { containers: [{ name: 'main', image }], terminationGracePeriodSeconds: 0 },
    },
    ...strategy(ref.kind, 'ReCreate'),
  };
  const metadata = { name: ref.name, namespace: ref.namespace };
  return ref.kind === 'cloneset'
    ? { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', metadata, spec: common }
    : {
        apiVersion: 'apps.kruise.io/v1beta1',
        kind: 'StatefulSet',
        metadata,
        // Parallel: maxUnavailable applies to Parallel pods only, and OrderedReady would time the kubelet.
        // The InPlaceUpdateReady gate: an in-place policy requires it in an Advanced StatefulSet's template
        // (pkg/webhook/statefulset/validating/statefulset_validation.go); a CloneSet adds it itself.
        spec: {
          ...common,
          template: {
            ...common.template,
            spec: { ...common.template.spec, readinessGates: [{ conditionType: 'InPlaceUpdateReady' }] },
          },
          serviceName: ref.name,
          podManagementPolicy: 'Parallel',
        },
      };
}

/** The merge patch that rolls the template to `image` with `policy`. */
export function rollPatch(kind: WorkloadKind, image: string, policy: UpdatePolicy): Record<string, unknown> {
  return {
    spec: {
      ...strategy(kind, policy),
      template: { spec: { containers: [{ name: 'main', image }] } },
    },
  };
}

export interface WorkloadStatus {
  metadata?: { generation?: number };
  status?: {
    observedGeneration?: number;
    replicas?: number;
    readyReplicas?: number;
    availableReplicas?: number;
    updatedReplicas?: number;
    updatedReadyReplicas?: number;
    currentRevision?: string;
    updateRevision?: string;
  };
}

/**
 * Converged at `replicas`: the status describes the current generation, every pod is there, ready, available
 * and updated, and the current revision caught up with the update revision. Missing counters are 0 (both
 * Kruise and kruise-ts omit zero counts).
 */
export function converged(obj: WorkloadStatus, replicas: number): boolean {
  const s = obj.status;
  const generation = obj.metadata?.generation;
  if (s === undefined || generation === undefined || (s.observedGeneration ?? 0) < generation) return false;
  const n = (v: number | undefined) => v ?? 0;
  return (
    n(s.replicas) === replicas &&
    n(s.readyReplicas) === replicas &&
    n(s.availableReplicas) === replicas &&
    n(s.updatedReplicas) === replicas &&
    s.updateRevision !== undefined &&
    s.updateRevision === s.currentRevision
  );
}

export interface PhaseSpec {
  phase: string;
  /** The merge patch that starts the phase. */
  patch: Record<string, unknown>;
  replicas: number;
  image: string;
  /** replicas + maxSurge while the phase runs: the larger of before and after (maxSurge is 0). */
  ceiling: number;
}

export function phases(kind: WorkloadKind, n: number): PhaseSpec[] {
  const [i0, i1, i2] = IMAGES;
  return [
    { phase: 'scale-up', patch: { spec: { replicas: n } }, replicas: n, image: i0, ceiling: n },
    { phase: 'ReCreate roll', patch: rollPatch(kind, i1, 'ReCreate'), replicas: n, image: i1, ceiling: n },
    {
      phase: 'in-place roll',
      patch: rollPatch(kind, i2, 'InPlaceIfPossible'),
      replicas: n,
      image: i2,
      ceiling: n,
    },
    { phase: 'scale-down', patch: { spec: { replicas: 0 } }, replicas: 0, image: i2, ceiling: n },
  ];
}
