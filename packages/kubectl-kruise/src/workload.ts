// The parts of CloneSet (v1alpha1) and Advanced StatefulSet (v1beta1) objects the plugin reads and writes. Metadata,
// pods and ControllerRevisions are the project's one types (@kruise-ts/core, docs/adr/0020-one-type-per-kind.md).
import type { ControllerRevision, ObjectMeta, Pod } from '@kruise-ts/core';

export type { ControllerRevision, ObjectMeta, Pod };

export interface IntOrStringValue {
  value: number | string;
}

export interface PodTemplate {
  metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: {
    containers?: { name: string; image?: string; [key: string]: unknown }[];
    [key: string]: unknown;
  };
}

export interface WorkloadSpec {
  replicas?: number;
  selector?: { matchLabels?: Record<string, string>; matchExpressions?: unknown[] };
  template?: PodTemplate;
  minReadySeconds?: number;
  scaleStrategy?: { podsToDelete?: string[]; [key: string]: unknown };
  updateStrategy?: {
    type?: string;
    /** CloneSet v1alpha1. */
    paused?: boolean;
    partition?: number | string;
    maxUnavailable?: number | string;
    maxSurge?: number | string;
    /** Advanced StatefulSet v1beta1. */
    rollingUpdate?: {
      paused?: boolean;
      partition?: number;
      maxUnavailable?: number | string;
      podUpdatePolicy?: string;
    };
  };
}

export interface WorkloadStatus {
  observedGeneration?: number;
  replicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  updatedReplicas?: number;
  updatedReadyReplicas?: number;
  updatedAvailableReplicas?: number;
  expectedUpdatedReplicas?: number;
  currentRevision?: string;
  updateRevision?: string;
}

export interface Workload {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: WorkloadSpec;
  status?: WorkloadStatus;
}
