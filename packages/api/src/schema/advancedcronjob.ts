// AdvancedCronJob at v1alpha1 and v1beta1 (apis/apps/{v1alpha1,v1beta1}/advancedcronjob_types.go).
import { type Static, Type } from '@sinclair/typebox';
import { ConcurrencyPolicies, TemplateKinds } from '../constants.ts';
import { BroadcastJobSpec } from './broadcastjob.ts';
import { Int32, Int64, Schemaless, StringEnum } from './helpers.ts';
import { LabelSelector, ObjectMeta, ObjectReference } from './meta.ts';
import { JobTemplateSpec } from './pod.ts';

const Optional = Type.Optional;

export const BroadcastJobTemplateSpec = Type.Object({
  metadata: Optional(ObjectMeta),
  spec: Optional(BroadcastJobSpec),
});

/** ImageListPullJobSpec (apis/apps/v1beta1/imagelistpulljob_types.go), typed where defaulting/validation read it. */
export const ImageListPullJobSpec = Type.Object({
  images: Type.Array(Type.String()),
  pullSecrets: Optional(Type.Array(Type.String())),
  selector: Optional(
    Type.Object({
      names: Optional(Type.Array(Type.String())),
      matchLabels: Optional(Type.Record(Type.String(), Type.String())),
      matchExpressions: Optional(Type.Array(Type.Object({ key: Type.String(), operator: Type.String() }))),
    }),
  ),
  podSelector: Optional(LabelSelector),
  parallelism: Optional(Type.Union([Type.Integer(), Type.String()])),
  pullPolicy: Optional(Type.Object({ timeoutSeconds: Optional(Int32()), backoffLimit: Optional(Int32()) })),
  completionPolicy: Type.Object({
    type: Optional(Type.String()),
    activeDeadlineSeconds: Optional(Int64()),
    ttlSecondsAfterFinished: Optional(Int32()),
  }),
  imagePullPolicy: Optional(Type.String()),
});
export type ImageListPullJobSpec = Static<typeof ImageListPullJobSpec>;

const templateFields = {
  // Job templates are schemaless in the CRD: batch/v1 JobSpec is validated by the apiserver when the Job is created.
  jobTemplate: Optional(Schemaless(JobTemplateSpec)),
  broadcastJobTemplate: Optional(BroadcastJobTemplateSpec),
};

const specFields = {
  schedule: Type.String(),
  timeZone: Optional(Type.String()),
  startingDeadlineSeconds: Optional(Int64()),
  concurrencyPolicy: Optional(StringEnum(ConcurrencyPolicies, { crdEnum: true })),
  paused: Optional(Type.Boolean()),
  successfulJobsHistoryLimit: Optional(Int32()),
  failedJobsHistoryLimit: Optional(Int32()),
};

export const AdvancedCronJobStatus = Type.Object({
  type: Optional(StringEnum(TemplateKinds)),
  active: Optional(Type.Array(ObjectReference)),
  lastScheduleTime: Optional(Type.String({ format: 'date-time' })),
});
export type AdvancedCronJobStatus = Static<typeof AdvancedCronJobStatus>;

export const AdvancedCronJobV1alpha1Spec = Type.Object({
  ...specFields,
  template: Type.Object(templateFields),
});
export type AdvancedCronJobV1alpha1Spec = Static<typeof AdvancedCronJobV1alpha1Spec>;

export const AdvancedCronJobV1alpha1 = Type.Object({
  apiVersion: Optional(Type.String()),
  kind: Optional(Type.String()),
  metadata: Optional(ObjectMeta),
  spec: AdvancedCronJobV1alpha1Spec,
  status: Optional(AdvancedCronJobStatus),
});
export type AdvancedCronJobV1alpha1 = Static<typeof AdvancedCronJobV1alpha1>;

export const AdvancedCronJobV1beta1Spec = Type.Object({
  ...specFields,
  template: Type.Object({
    ...templateFields,
    imageListPullJobTemplate: Optional(
      Type.Object({ metadata: Optional(ObjectMeta), spec: Optional(Schemaless(ImageListPullJobSpec)) }),
    ),
  }),
});
export type AdvancedCronJobV1beta1Spec = Static<typeof AdvancedCronJobV1beta1Spec>;

export const AdvancedCronJobV1beta1 = Type.Object({
  apiVersion: Optional(Type.String()),
  kind: Optional(Type.String()),
  metadata: Optional(ObjectMeta),
  spec: AdvancedCronJobV1beta1Spec,
  status: Optional(AdvancedCronJobStatus),
});
export type AdvancedCronJobV1beta1 = Static<typeof AdvancedCronJobV1beta1>;
