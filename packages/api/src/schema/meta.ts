// The Kubernetes metadata types that every kind shares (typed subsets; unknown fields pass through at runtime).
import { type Static, Type } from '@sinclair/typebox';
import { Int32, Int64, OpaqueObject, StringMap } from './helpers.ts';

export const OwnerReference = Type.Object({
  apiVersion: Type.String(),
  kind: Type.String(),
  name: Type.String(),
  uid: Type.String(),
  controller: Type.Optional(Type.Boolean()),
  blockOwnerDeletion: Type.Optional(Type.Boolean()),
});
export type OwnerReference = Static<typeof OwnerReference>;

/** In the CRD, `metadata` is `type: object`; the apiserver validates ObjectMeta itself. */
export const ObjectMeta = Type.Object({
  name: Type.Optional(Type.String()),
  generateName: Type.Optional(Type.String()),
  namespace: Type.Optional(Type.String()),
  uid: Type.Optional(Type.String()),
  resourceVersion: Type.Optional(Type.String()),
  generation: Type.Optional(Int64()),
  // Go serialises an unset metav1.Time as null.
  creationTimestamp: Type.Optional(
    Type.Unsafe<string | null>({ type: 'string', format: 'date-time', nullable: true }),
  ),
  deletionTimestamp: Type.Optional(Type.String()),
  deletionGracePeriodSeconds: Type.Optional(Int64()),
  labels: Type.Optional(StringMap()),
  annotations: Type.Optional(StringMap()),
  ownerReferences: Type.Optional(Type.Array(OwnerReference)),
  finalizers: Type.Optional(Type.Array(Type.String())),
  managedFields: Type.Optional(Type.Array(OpaqueObject())),
});
export type ObjectMeta = Static<typeof ObjectMeta>;

export const LabelSelectorRequirement = Type.Object({
  key: Type.String(),
  operator: Type.String(),
  values: Type.Optional(Type.Array(Type.String())),
});
export type LabelSelectorRequirement = Static<typeof LabelSelectorRequirement>;

export const LabelSelector = Type.Object(
  {
    matchLabels: Type.Optional(StringMap()),
    matchExpressions: Type.Optional(Type.Array(LabelSelectorRequirement)),
  },
  { 'x-kubernetes-map-type': 'atomic' },
);
export type LabelSelector = Static<typeof LabelSelector>;

export const ObjectReference = Type.Object({
  apiVersion: Type.Optional(Type.String()),
  kind: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  namespace: Type.Optional(Type.String()),
  uid: Type.Optional(Type.String()),
  resourceVersion: Type.Optional(Type.String()),
  fieldPath: Type.Optional(Type.String()),
});
export type ObjectReference = Static<typeof ObjectReference>;

/** Condition shape shared by CloneSet and Advanced StatefulSet (apps/v1 StatefulSetCondition has no lastUpdateTime). */
export const WorkloadCondition = Type.Object({
  type: Type.String(),
  status: Type.String(),
  lastUpdateTime: Type.Optional(Type.String({ format: 'date-time' })),
  lastTransitionTime: Type.Optional(Type.String({ format: 'date-time' })),
  reason: Type.Optional(Type.String()),
  message: Type.Optional(Type.String()),
});
export type WorkloadCondition = Static<typeof WorkloadCondition>;

export { Int32 };
