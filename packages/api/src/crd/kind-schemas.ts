// The TypeBox schema of every kind at every served version, from which the CRDs are generated.
import type { TSchema } from '@sinclair/typebox';
import { AdvancedCronJobV1alpha1, AdvancedCronJobV1beta1 } from '../schema/advancedcronjob.ts';
import { BroadcastJobV1alpha1, BroadcastJobV1beta1 } from '../schema/broadcastjob.ts';
import { CloneSetV1alpha1, CloneSetV1beta1 } from '../schema/cloneset.ts';
import { SidecarSetV1alpha1, SidecarSetV1beta1 } from '../schema/sidecarset.ts';
import { StatefulSetV1alpha1, StatefulSetV1beta1 } from '../schema/statefulset.ts';
import type { KindName, Version } from './kinds.ts';

export const kindSchemas: Readonly<Record<KindName, Readonly<Record<Version, TSchema>>>> = {
  CloneSet: { v1alpha1: CloneSetV1alpha1, v1beta1: CloneSetV1beta1 },
  StatefulSet: { v1alpha1: StatefulSetV1alpha1, v1beta1: StatefulSetV1beta1 },
  SidecarSet: { v1alpha1: SidecarSetV1alpha1, v1beta1: SidecarSetV1beta1 },
  BroadcastJob: { v1alpha1: BroadcastJobV1alpha1, v1beta1: BroadcastJobV1beta1 },
  AdvancedCronJob: { v1alpha1: AdvancedCronJobV1alpha1, v1beta1: AdvancedCronJobV1beta1 },
};
