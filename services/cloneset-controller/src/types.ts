// The shapes this package reads: a v1beta1 CloneSet (the storage version the controller works on, docs/behaviour/cloneset.md#feature-gates), its
// pods and PVCs. @kruise-ts/api does not export its CloneSet types yet, so these are structural subsets of
// CloneSetV1beta1; any object of that type (or straight from the apiserver) fits.

import type {
  PersistentVolumeClaim as ApiPersistentVolumeClaim,
  CloneSetV1beta1,
  LabelSelector,
  LabelSelectorRequirement,
} from '@kruise-ts/api';
import type {
  Container,
  ObjectMeta,
  Pod,
  UpdatePriorityOrderTerm,
  UpdatePriorityStrategy,
  UpdatePriorityWeightTerm,
} from '@kruise-ts/core';
import type { IntOrString } from '@kruise-ts/kube';

export type { LabelSelector, LabelSelectorRequirement };

/** A PVC as stored (its metadata is always there), from the API schema's type. */
export type PersistentVolumeClaim = ApiPersistentVolumeClaim & { metadata: ObjectMeta };

export type { UpdatePriorityOrderTerm, UpdatePriorityStrategy, UpdatePriorityWeightTerm };

export interface UpdateScatterTerm {
  key: string;
  value: string;
}

export type PodUpdatePolicy = 'ReCreate' | 'InPlaceIfPossible' | 'InPlaceOnly';

export interface RollingUpdateStrategy {
  partition?: IntOrString;
  maxUnavailable?: IntOrString;
  maxSurge?: IntOrString;
  /** ReCreate | InPlaceIfPossible | InPlaceOnly ("" behaves as ReCreate). */
  podUpdatePolicy?: string;
  paused?: boolean;
  priorityStrategy?: UpdatePriorityStrategy;
  scatterStrategy?: UpdateScatterTerm[];
  inPlaceUpdateStrategy?: { gracePeriodSeconds?: number };
}

export interface TopologySpreadConstraint {
  topologyKey: string;
}

/** A container as written in a template; only what the decisions read is typed. */
export type TemplateContainer = { name: string; image?: string } & Record<string, unknown>;

export interface PodTemplate {
  metadata?: Pick<ObjectMeta, 'labels' | 'annotations' | 'finalizers'>;
  spec?: {
    containers?: TemplateContainer[];
    volumes?: Array<{ name: string } & Record<string, unknown>>;
    /** Only topologyKey is read. */
    topologySpreadConstraints?: Array<Record<string, unknown>>;
    readinessGates?: Array<{ conditionType: string }>;
  } & Record<string, unknown>;
}

/** A volumeClaimTemplates entry (its metadata may be partial). */
export interface VolumeClaimTemplate {
  metadata?: ObjectMeta;
  spec?: Record<string, unknown>;
}

export type CloneSetSpec = CloneSet['spec'];
export type CloneSetStatus = NonNullable<CloneSetV1beta1['status']>;
export type CloneSetCondition = NonNullable<CloneSetStatus['conditions']>[number];

/**
 * The v1beta1 CloneSet (the storage version the controller works on), from the API schema. The decisions
 * tolerate absent spec fields (the webhook defaults them), so the spec's fields are optional here.
 */
export type CloneSet = Omit<CloneSetV1beta1, 'spec'> & { spec: Partial<CloneSetV1beta1['spec']> };

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    configMapKeyRef?: { name?: string; key: string };
    fieldRef?: { apiVersion?: string; fieldPath: string };
  };
}

export type PodContainer = Container & { env?: EnvVar[] } & Record<string, unknown>;

/** A pod as the controller reads it: core's Pod plus the container env (launch priorities). */
export interface CloneSetPod extends Pod {
  spec?: NonNullable<Pod['spec']> & { containers?: PodContainer[]; volumes?: unknown[] };
}

/**
 * Kruise feature gates and flags that change CloneSet decisions (docs/behaviour/cloneset.md#feature-gates). Every one defaults to off, which is
 * Kruise's default profile; Kruise's e2e suite runs with all of them on.
 */
export interface FeatureGates {
  /** CloneSetPartitionRollback: raising partition rolls updated pods back to the current revision. */
  partitionRollback?: boolean;
  /** PreparingUpdateAsUpdate: PreparingUpdate pods count as update revision when scaling. */
  preparingUpdateAsUpdate?: boolean;
  /** --cloneset-scaling-exclude-preparing-delete (process flag; the spec field does the same per CloneSet). */
  scalingExcludePreparingDelete?: boolean;
  /** CloneSetShortHash: the controller-revision-hash label holds only the hash. */
  cloneSetShortHash?: boolean;
  /** RecreatePodWhenChangeVCTInCloneSetGate: a changed volumeClaimTemplates hash forbids in-place update. */
  recreatePodWhenChangeVCT?: boolean;
  /** InPlaceUpdateEnvFromMetadata (Kruise default on; unset means on): env-read label changes restart in place. */
  inPlaceUpdateEnvFromMetadata?: boolean;
  /** InPlaceWorkloadVerticalScaling: cpu/memory changes resize pods in place. */
  inPlaceWorkloadVerticalScaling?: boolean;
}

/** Milliseconds since the epoch, or a Date. */
export type Now = number | Date;

export function toMillis(now: Now): number {
  return typeof now === 'number' ? now : now.getTime();
}

export function specReplicas(cs: CloneSet): number {
  return cs.spec.replicas ?? 1;
}
