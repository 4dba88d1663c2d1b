// BroadcastJob (apis/apps/v1beta1/broadcastjob_types.go; v1alpha1 has the same shape).
import { type Static, Type } from '@sinclair/typebox';
import { BroadcastJobPhases, CompletionPolicyTypes, FailurePolicyTypes } from '../constants.ts';
import { Int32, Int64, IntOrString, Schemaless, StringEnum } from './helpers.ts';
import { ObjectMeta } from './meta.ts';
import { PodTemplateSpec } from './pod.ts';

const Optional = Type.Optional;

export const BroadcastJobSpec = Type.Object({
  parallelism: Optional(IntOrString()),
  template: Schemaless(PodTemplateSpec),
  completionPolicy: Optional(
    Type.Object({
      type: Optional(StringEnum(CompletionPolicyTypes)),
      activeDeadlineSeconds: Optional(Int64()),
      ttlSecondsAfterFinished: Optional(Int32()),
    }),
  ),
  paused: Optional(Type.Boolean()),
  failurePolicy: Optional(
    Type.Object({ type: Optional(StringEnum(FailurePolicyTypes)), restartLimit: Optional(Int32()) }),
  ),
});
export type BroadcastJobSpec = Static<typeof BroadcastJobSpec>;

export const BroadcastJobStatus = Type.Object({
  conditions: Optional(
    Type.Array(
      Type.Object({
        type: Type.String(),
        status: Type.String(),
        lastProbeTime: Optional(Type.String({ format: 'date-time' })),
        lastTransitionTime: Optional(Type.String({ format: 'date-time' })),
        reason: Optional(Type.String()),
        message: Optional(Type.String()),
      }),
    ),
  ),
  startTime: Optional(Type.String({ format: 'date-time' })),
  completionTime: Optional(Type.String({ format: 'date-time' })),
  active: Optional(Int32()),
  succeeded: Optional(Int32()),
  failed: Optional(Int32()),
  desired: Optional(Int32()),
  phase: Optional(StringEnum(BroadcastJobPhases)),
});
export type BroadcastJobStatus = Static<typeof BroadcastJobStatus>;

const object = () =>
  Type.Object({
    apiVersion: Optional(Type.String()),
    kind: Optional(Type.String()),
    metadata: Optional(ObjectMeta),
    spec: BroadcastJobSpec,
    status: Optional(BroadcastJobStatus),
  });

export const BroadcastJobV1alpha1 = object();
export type BroadcastJobV1alpha1 = Static<typeof BroadcastJobV1alpha1>;
export const BroadcastJobV1beta1 = object();
export type BroadcastJobV1beta1 = Static<typeof BroadcastJobV1beta1>;
