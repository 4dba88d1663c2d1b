// CloneSet at v1alpha1 and v1beta1 (apis/apps/{v1alpha1,v1beta1}/cloneset_types.go).
import { type Static, Type } from '@sinclair/typebox';
import {
  CloneSetV1alpha1UpdateStrategyTypes,
  CloneSetV1beta1UpdateStrategyTypes,
  PodUpdatePolicies,
} from '../constants.ts';
import { Int32, Int64, IntOrString, Schemaless, StringEnum } from './helpers.ts';
import { LabelSelector, ObjectMeta, WorkloadCondition } from './meta.ts';
import { PersistentVolumeClaim, PodTemplateSpec } from './pod.ts';
import { InPlaceUpdateStrategy, Lifecycle, UpdatePriorityStrategy, UpdateScatterStrategy } from './shared.ts';

const Optional = Type.Optional;

export const CloneSetStatus = Type.Object({
  observedGeneration: Optional(Int64()),
  replicas: Int32(),
  readyReplicas: Int32(),
  availableReplicas: Int32(),
  updatedReplicas: Int32(),
  updatedReadyReplicas: Int32(),
  updatedAvailableReplicas: Optional(Int32()),
  expectedUpdatedReplicas: Optional(Int32()),
  updateRevision: Optional(Type.String()),
  currentRevision: Optional(Type.String()),
  collisionCount: Optional(Int32()),
  conditions: Optional(Type.Array(WorkloadCondition)),
  labelSelector: Optional(Type.String()),
});
export type CloneSetStatus = Static<typeof CloneSetStatus>;

const commonSpec = {
  replicas: Optional(Int32()),
  selector: LabelSelector,
  template: Schemaless(PodTemplateSpec),
  volumeClaimTemplates: Optional(Type.Array(Schemaless(PersistentVolumeClaim))),
  revisionHistoryLimit: Optional(Int32()),
  minReadySeconds: Optional(Int32()),
  lifecycle: Optional(Lifecycle),
  progressDeadlineSeconds: Optional(Int32()),
};

// ---- v1alpha1 ----

export const CloneSetV1alpha1Spec = Type.Object({
  ...commonSpec,
  scaleStrategy: Optional(
    Type.Object({
      podsToDelete: Optional(Type.Array(Type.String())),
      maxUnavailable: Optional(IntOrString()),
      disablePVCReuse: Optional(Type.Boolean()),
    }),
  ),
  updateStrategy: Optional(
    Type.Object({
      type: Optional(StringEnum(CloneSetV1alpha1UpdateStrategyTypes)),
      partition: Optional(IntOrString()),
      maxUnavailable: Optional(IntOrString()),
      maxSurge: Optional(IntOrString()),
      paused: Optional(Type.Boolean()),
      priorityStrategy: Optional(UpdatePriorityStrategy),
      scatterStrategy: Optional(UpdateScatterStrategy),
      inPlaceUpdateStrategy: Optional(InPlaceUpdateStrategy),
    }),
  ),
});
export type CloneSetV1alpha1Spec = Static<typeof CloneSetV1alpha1Spec>;

export const CloneSetV1alpha1 = Type.Object({
  apiVersion: Optional(Type.String()),
  kind: Optional(Type.String()),
  metadata: Optional(ObjectMeta),
  spec: CloneSetV1alpha1Spec,
  status: Optional(CloneSetStatus),
});
export type CloneSetV1alpha1 = Static<typeof CloneSetV1alpha1>;

// ---- v1beta1 (hub, storage) ----

export const CloneSetV1beta1RollingUpdate = Type.Object({
  partition: Optional(IntOrString()),
  maxUnavailable: Optional(IntOrString()),
  maxSurge: Optional(IntOrString()),
  podUpdatePolicy: Optional(StringEnum(PodUpdatePolicies)),
  paused: Optional(Type.Boolean()),
  priorityStrategy: Optional(UpdatePriorityStrategy),
  scatterStrategy: Optional(UpdateScatterStrategy),
  inPlaceUpdateStrategy: Optional(InPlaceUpdateStrategy),
});
export type CloneSetV1beta1RollingUpdate = Static<typeof CloneSetV1beta1RollingUpdate>;

export const CloneSetV1beta1Spec = Type.Object({
  ...commonSpec,
  scaleStrategy: Optional(
    Type.Object({
      podsToDelete: Optional(Type.Array(Type.String())),
      maxUnavailable: Optional(IntOrString()),
      // The CRD defaults it (Kruise: +kubebuilder:default=false); the webhook does not.
      enablePVCReuse: Optional(Type.Boolean({ default: false })),
      excludePreparingDelete: Optional(Type.Boolean()),
    }),
  ),
  updateStrategy: Optional(
    Type.Object({
      type: Optional(StringEnum(CloneSetV1beta1UpdateStrategyTypes)),
      rollingUpdate: Optional(CloneSetV1beta1RollingUpdate),
    }),
  ),
});
export type CloneSetV1beta1Spec = Static<typeof CloneSetV1beta1Spec>;

export const CloneSetV1beta1 = Type.Object({
  apiVersion: Optional(Type.String()),
  kind: Optional(Type.String()),
  metadata: Optional(ObjectMeta),
  spec: CloneSetV1beta1Spec,
  status: Optional(CloneSetStatus),
});
export type CloneSetV1beta1 = Static<typeof CloneSetV1beta1>;
