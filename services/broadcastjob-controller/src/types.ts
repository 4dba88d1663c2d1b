// The shapes the BroadcastJob decisions read: the v1beta1 job (the storage version), its pods and the cluster's
// nodes, as JSON from the apiserver or the bus (timestamps are RFC 3339 strings). Pods and nodes are typed only
// where a decision reads them; any full object fits, and unknown fields pass through untouched.

import type { BroadcastJobStatus, BroadcastJobV1beta1 } from '@kruise-ts/api';
import type { ObjectMeta } from '@kruise-ts/core';

export type BroadcastJob = BroadcastJobV1beta1;
export type { BroadcastJobStatus };
export type BroadcastJobCondition = NonNullable<BroadcastJobStatus['conditions']>[number];
export type BroadcastJobPhase = NonNullable<BroadcastJobStatus['phase']>;

/** A core/v1 ResourceList: quantities as strings (or bare numbers as some clients write them). */
export type ResourceList = Record<string, string | number>;

export type NodeSelectorRequirement = { key: string; operator: string; values?: string[] | null };

export type NodeSelectorTerm = {
  matchExpressions?: NodeSelectorRequirement[] | null;
  matchFields?: NodeSelectorRequirement[] | null;
};

export type NodeSelector = { nodeSelectorTerms?: NodeSelectorTerm[] | null };

export type NodeAffinity = {
  requiredDuringSchedulingIgnoredDuringExecution?: NodeSelector | null;
  preferredDuringSchedulingIgnoredDuringExecution?: unknown[] | null;
};

/** Pod and pod anti-affinity are carried along but never read. */
export type Affinity = {
  nodeAffinity?: NodeAffinity | null;
  podAffinity?: unknown;
  podAntiAffinity?: unknown;
};

export type Toleration = {
  key?: string;
  operator?: string;
  value?: string;
  effect?: string;
  tolerationSeconds?: number | null;
};

export type Taint = { key: string; value?: string; effect: string; timeAdded?: string | null };

export type PodContainer = {
  name: string;
  resources?: { requests?: ResourceList | null; limits?: ResourceList | null } | null;
  /** Only init containers: `Always` marks a sidecar. */
  restartPolicy?: string;
};

/** The parts of a pod spec that node fitness and pod classification read. */
export type PodSpecView = {
  nodeName?: string;
  nodeSelector?: Record<string, string> | null;
  affinity?: Affinity | null;
  tolerations?: Toleration[] | null;
  containers?: PodContainer[] | null;
  initContainers?: PodContainer[] | null;
  overhead?: ResourceList | null;
  restartPolicy?: string;
};

export type ContainerStatusView = { name?: string; restartCount?: number };

export type BroadcastJobPod = {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: PodSpecView;
  status?: {
    phase?: string;
    containerStatuses?: ContainerStatusView[] | null;
    initContainerStatuses?: ContainerStatusView[] | null;
  };
};

export type Node = {
  metadata: { name: string; labels?: Record<string, string> | null };
  spec?: { unschedulable?: boolean; taints?: Taint[] | null };
  status?: { allocatable?: ResourceList | null };
};

/** A clock reading: epoch milliseconds or a Date. */
export type Now = number | Date;

export function nowMs(now: Now): number {
  return typeof now === 'number' ? now : now.getTime();
}
