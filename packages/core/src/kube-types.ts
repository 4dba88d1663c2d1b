// Minimal shapes of the Kubernetes objects the core logic reads, as they arrive as JSON from the apiserver or the
// bus (timestamps stay RFC 3339 strings). Only the fields the decisions use are typed; everything else passes
// through untouched.

// Metadata has one definition, the API schemas' (packages/api/src/schema/meta.ts); see docs/adr/0020-one-type-per-kind.md.
import type { Container, ObjectMeta, OwnerReference, PodSpec } from '@kruise-ts/api';

export type { Container, ObjectMeta, OwnerReference };

export type ConditionStatus = 'True' | 'False' | 'Unknown';

export interface PodCondition {
  type: string;
  status: ConditionStatus | string;
  reason?: string;
  message?: string;
  lastProbeTime?: string | null;
  lastTransitionTime?: string | null;
}

export interface ResourceRequirements {
  limits?: ResourceList;
  requests?: ResourceList;
}

export interface ContainerStatus {
  name: string;
  image: string;
  imageID: string;
  ready?: boolean;
  restartCount?: number;
  containerID?: string;
  resources?: ResourceRequirements | null;
}

export interface PodReadinessGate {
  conditionType: string;
}

export type PodPhase = 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown';

export interface PodStatus {
  phase?: PodPhase | string;
  conditions?: PodCondition[];
  containerStatuses?: ContainerStatus[];
  initContainerStatuses?: ContainerStatus[];
}

export interface Pod {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  /** The API schema's PodSpec; the decisions tolerate absent fields. */
  spec?: Partial<PodSpec>;
  status?: PodStatus;
}

/** A Pod whose spec is there (an admitted or stored pod always has one). */
export type PodWithSpec = Pod & { spec: PodSpec };

/** core/v1 ResourceList: quantities as strings (or bare numbers as some clients write them). */
export type ResourceList = Record<string, string | number>;

export interface Taint {
  key: string;
  value?: string;
  effect: string;
  timeAdded?: string | null;
}

/** core/v1 Node, typed where node fitness reads it (BroadcastJob). */
export interface Node {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta & { name: string };
  spec?: { unschedulable?: boolean; taints?: Taint[] };
  status?: { allocatable?: ResourceList };
}

export interface ControllerRevision {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  /** The revision's data as JSON (an object from the apiserver, or the exact raw JSON text). */
  data?: unknown;
  revision: number;
}
