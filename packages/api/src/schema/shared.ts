// Types Kruise shares between kinds (apis/apps/pub and the scatter strategy).
import { type Static, Type } from '@sinclair/typebox';
import { Int32, IntOrString, StringMap } from './helpers.ts';
import { LabelSelector } from './meta.ts';

export const LifecycleHook = Type.Object({
  labelsHandler: Type.Optional(StringMap()),
  finalizersHandler: Type.Optional(Type.Array(Type.String())),
  markPodNotReady: Type.Optional(Type.Boolean()),
});
export type LifecycleHook = Static<typeof LifecycleHook>;

export const Lifecycle = Type.Object({
  preDelete: Type.Optional(LifecycleHook),
  inPlaceUpdate: Type.Optional(LifecycleHook),
  preNormal: Type.Optional(LifecycleHook),
});
export type Lifecycle = Static<typeof Lifecycle>;

export const InPlaceUpdateStrategy = Type.Object({
  gracePeriodSeconds: Type.Optional(Int32()),
  imagePreDownloadParallelism: Type.Optional(IntOrString()),
  imagePreDownloadTimeoutSeconds: Type.Optional(Int32()),
  imagePreDownloadMinUpdatedReadyPods: Type.Optional(Int32()),
});
export type InPlaceUpdateStrategy = Static<typeof InPlaceUpdateStrategy>;

export const UpdatePriorityWeightTerm = Type.Object({ weight: Int32(), matchSelector: LabelSelector });
export const UpdatePriorityOrderTerm = Type.Object({ orderedKey: Type.String() });
export const UpdatePriorityStrategy = Type.Object({
  orderPriority: Type.Optional(Type.Array(UpdatePriorityOrderTerm)),
  weightPriority: Type.Optional(Type.Array(UpdatePriorityWeightTerm)),
});
export type UpdatePriorityStrategy = Static<typeof UpdatePriorityStrategy>;

export const UpdateScatterTerm = Type.Object({ key: Type.String(), value: Type.String() });
export const UpdateScatterStrategy = Type.Array(UpdateScatterTerm);
export type UpdateScatterStrategy = Static<typeof UpdateScatterStrategy>;
