// The parts of CloneSet (v1alpha1) and Advanced StatefulSet (v1beta1) objects the plugin reads and writes.

export interface IntOrStringValue {
  value: number | string;
}

export interface ObjectMeta {
  name?: string;
  namespace?: string;
  uid?: string;
  generation?: number;
  resourceVersion?: string;
  creationTimestamp?: string | Date;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: { uid: string; kind: string; name: string; controller?: boolean }[];
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

export interface ControllerRevision {
  metadata: ObjectMeta;
  revision: number;
  data?: unknown;
}

export interface Pod {
  metadata: ObjectMeta & { deletionTimestamp?: string | Date };
  spec?: { nodeName?: string };
  status?: {
    phase?: string;
    conditions?: { type: string; status: string }[];
  };
}
