// Advanced StatefulSet at v1alpha1 and v1beta1 (apis/apps/{v1alpha1,v1beta1}/statefulset_types.go).
import { type Static, Type } from '@sinclair/typebox';
import {
  PodManagementPolicies,
  PodUpdatePolicies,
  PVCRetentionPolicyTypes,
  StatefulSetUpdateStrategyTypes,
} from '../constants.ts';
import { Int32, Int64, IntOrString, Schemaless, StringEnum } from './helpers.ts';
import { LabelSelector, ObjectMeta } from './meta.ts';
import { PersistentVolumeClaim, PodTemplateSpec } from './pod.ts';
import { InPlaceUpdateStrategy, Lifecycle, UpdatePriorityStrategy } from './shared.ts';

const Optional = Type.Optional;

export const StatefulSetRollingUpdate = Type.Object({
  partition: Optional(Int32()),
  maxUnavailable: Optional(IntOrString()),
  podUpdatePolicy: Optional(StringEnum(PodUpdatePolicies)),
  paused: Optional(Type.Boolean()),
  unorderedUpdate: Optional(Type.Object({ priorityStrategy: Optional(UpdatePriorityStrategy) })),
  inPlaceUpdateStrategy: Optional(InPlaceUpdateStrategy),
  minReadySeconds: Optional(Int32()),
});
export type StatefulSetRollingUpdate = Static<typeof StatefulSetRollingUpdate>;

const StatefulSetCondition = Type.Object({
  type: Type.String(),
  status: Type.String(),
  lastTransitionTime: Optional(Type.String({ format: 'date-time' })),
  reason: Optional(Type.String()),
  message: Optional(Type.String()),
});

const commonSpec = {
  replicas: Optional(Int32()),
  selector: LabelSelector,
  template: Schemaless(PodTemplateSpec),
  volumeClaimTemplates: Optional(Type.Array(Schemaless(PersistentVolumeClaim))),
  serviceName: Optional(Type.String()),
  podManagementPolicy: Optional(StringEnum(PodManagementPolicies)),
  updateStrategy: Optional(
    Type.Object({
      type: Optional(StringEnum(StatefulSetUpdateStrategyTypes)),
      rollingUpdate: Optional(StatefulSetRollingUpdate),
    }),
  ),
  revisionHistoryLimit: Optional(Int32()),
};

const commonStatus = {
  observedGeneration: Optional(Int64()),
  replicas: Int32(),
  readyReplicas: Int32(),
  availableReplicas: Int32(),
  currentReplicas: Int32(),
  updatedReplicas: Int32(),
  currentRevision: Optional(Type.String()),
  updateRevision: Optional(Type.String()),
  collisionCount: Optional(Int32()),
  conditions: Optional(Type.Array(StatefulSetCondition)),
  labelSelector: Optional(Type.String()),
};

export const StatefulSetV1alpha1Spec = Type.Object(commonSpec);
export type StatefulSetV1alpha1Spec = Static<typeof StatefulSetV1alpha1Spec>;
export const StatefulSetV1alpha1Status = Type.Object(commonStatus);

export const StatefulSetV1alpha1 = Type.Object({
  apiVersion: Optional(Type.String()),
  kind: Optional(Type.String()),
  metadata: Optional(ObjectMeta),
  spec: StatefulSetV1alpha1Spec,
  status: Optional(StatefulSetV1alpha1Status),
});
export type StatefulSetV1alpha1 = Static<typeof StatefulSetV1alpha1>;

export const StatefulSetV1beta1Spec = Type.Object({
  ...commonSpec,
  volumeClaimUpdateStrategy: Optional(
    Type.Object({ type: Optional(StringEnum(['OnPodRollingUpdate', 'OnDelete'])) }),
  ),
  reserveOrdinals: Optional(Type.Array(IntOrString())),
  lifecycle: Optional(Lifecycle),
  scaleStrategy: Optional(Type.Object({ maxUnavailable: Optional(IntOrString()) })),
  persistentVolumeClaimRetentionPolicy: Optional(
    Type.Object({
      whenDeleted: Optional(StringEnum(PVCRetentionPolicyTypes)),
      whenScaled: Optional(StringEnum(PVCRetentionPolicyTypes)),
    }),
  ),
  ordinals: Optional(Type.Object({ start: Int32() })),
});
export type StatefulSetV1beta1Spec = Static<typeof StatefulSetV1beta1Spec>;

export const StatefulSetV1beta1Status = Type.Object({
  ...commonStatus,
  updatedReadyReplicas: Optional(Int32()),
  updatedAvailableReplicas: Optional(Int32()),
  volumeClaims: Optional(
    Type.Array(
      Type.Object({
        volumeClaimName: Type.String(),
        compatibleReplicas: Int32(),
        compatibleReadyReplicas: Int32(),
      }),
    ),
  ),
});

export const StatefulSetV1beta1 = Type.Object({
  apiVersion: Optional(Type.String()),
  kind: Optional(Type.String()),
  metadata: Optional(ObjectMeta),
  spec: StatefulSetV1beta1Spec,
  status: Optional(StatefulSetV1beta1Status),
});
export type StatefulSetV1beta1 = Static<typeof StatefulSetV1beta1>;
