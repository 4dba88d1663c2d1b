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
  limits?: Record<string, string | number>;
  requests?: Record<string, string | number>;
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

export interface Pod {
  metadata: ObjectMeta;
  /** The API schema's PodSpec; the decisions tolerate absent fields. */
  spec?: Partial<PodSpec>;
  status?: {
    phase?: PodPhase | string;
    conditions?: PodCondition[];
    containerStatuses?: ContainerStatus[];
  };
}

export interface ControllerRevision {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  /** The revision's data as JSON (an object from the apiserver, or the exact raw JSON text). */
  data?: unknown;
  revision: number;
}
