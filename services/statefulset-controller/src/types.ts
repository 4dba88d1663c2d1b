// The shapes the Advanced StatefulSet decisions read and produce: the v1beta1 set (the storage version), its pods
// and PVCs as JSON from the apiserver or the bus (timestamps are RFC 3339 strings). Pods are typed only where a
// decision reads them; unknown fields pass through untouched.

import type {
  ObjectMeta as ApiObjectMeta,
  LabelSelector,
  PersistentVolumeClaim,
  PodSpec,
  PodTemplateSpec,
  StatefulSetV1beta1,
  Volume,
} from '@kruise-ts/api';
import type { OwnerReference, Pod } from '@kruise-ts/core';

export type StatefulSet = StatefulSetV1beta1;
export type StatefulSetSpec = StatefulSetV1beta1['spec'];
export type StatefulSetStatus = NonNullable<StatefulSetV1beta1['status']>;
export type StatefulSetCondition = NonNullable<StatefulSetStatus['conditions']>[number];
export type { LabelSelector, OwnerReference, PersistentVolumeClaim, PodSpec, PodTemplateSpec, Volume };

/** A pod as the decisions read it: core's view plus the identity and storage fields of the spec. */
export interface StatefulSetPod extends Pod {
  spec?: NonNullable<Pod['spec']> & {
    volumes?: Volume[];
    hostname?: string;
    subdomain?: string;
  };
}

/** A pod to create (`POST /api/v1/namespaces/<ns>/pods`). */
export interface NewPod {
  apiVersion: 'v1';
  kind: 'Pod';
  metadata: ApiObjectMeta & { name: string; namespace: string; labels: Record<string, string> };
  spec: PodSpec;
}

/** Time as epoch milliseconds or a Date. */
export type Now = number | Date;

export function nowMs(now: Now): number {
  return typeof now === 'number' ? now : now.getTime();
}

export const STATEFULSET_API_VERSION = 'apps.kruise.io/v1beta1';
export const STATEFULSET_KIND = 'StatefulSet';
/** apps/v1 StatefulSetPodNameLabel. */
export const POD_NAME_LABEL = 'statefulset.kubernetes.io/pod-name';
/** apps/v1 PodIndexLabel (gate PodIndexLabel). */
export const POD_INDEX_LABEL = 'apps.kubernetes.io/pod-index';
/** apps/v1 StatefulSetRevisionLabel. */
export const REVISION_LABEL = 'controller-revision-hash';
/** Kruise's specified-delete label: any value asks for the pod to be recreated. */
export const SPECIFIED_DELETE_LABEL = 'apps.kruise.io/specified-delete';

/** Feature gates of Kruise that change what these decisions do; an absent gate takes Kruise's default. */
export interface StatefulSetGates {
  /** StatefulSetStartOrdinal: honour spec.ordinals.start (alpha, default false). */
  startOrdinal?: boolean;
  /** PodIndexLabel: label apps.kubernetes.io/pod-index on new pods (default true). */
  podIndexLabel?: boolean;
  /** StatefulSetAutoDeletePVC: persistentVolumeClaimRetentionPolicy is enforced (default true). */
  autoDeletePVC?: boolean;
  /** InPlaceUpdateEnvFromMetadata: env-read label/annotation changes restart containers in place (default true). */
  inPlaceUpdateEnvFromMetadata?: boolean;
  /** InPlaceWorkloadVerticalScaling: cpu/memory changes resize pods in place (default false). */
  inPlaceWorkloadVerticalScaling?: boolean;
  /** StatefulSetAutoResizePVCGate: OnPodRollingUpdate grows claims pod by pod in the rollout (default false). */
  autoResizePVC?: boolean;
}

const GATE_DEFAULTS: Required<StatefulSetGates> = {
  startOrdinal: false,
  podIndexLabel: true,
  autoDeletePVC: true,
  inPlaceUpdateEnvFromMetadata: true,
  inPlaceWorkloadVerticalScaling: false,
  autoResizePVC: false,
};

export function gateOn(gates: StatefulSetGates | undefined, gate: keyof StatefulSetGates): boolean {
  return gates?.[gate] ?? GATE_DEFAULTS[gate];
}
