// The shapes the AdvancedCronJob decisions read and produce: the v1beta1 ACJ (the storage version), its
// children (batch/v1 Jobs or v1beta1 BroadcastJobs, as JSON from the apiserver or the bus; typed only where a
// decision reads them) and the child objects to create.

import type {
  AdvancedCronJobV1beta1,
  BroadcastJobSpec,
  JobTemplateSpec,
  ObjectMeta,
  ObjectReference,
  OwnerReference,
  TemplateKinds,
} from '@kruise-ts/api';

export type AdvancedCronJob = AdvancedCronJobV1beta1;
export type { ObjectReference, OwnerReference };

/** What status.type records: the kind of child the template makes (Kruise's FindTemplateKind). */
export type TemplateKind = (typeof TemplateKinds)[number];

/** The child kinds this controller creates. */
export type ChildKind = 'Job' | 'BroadcastJob';

export interface ChildCondition {
  type: string;
  status: string;
}

/** A Job or BroadcastJob the ACJ controls; any full object fits. */
export interface AcjChild {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  status?: {
    conditions?: readonly ChildCondition[] | null;
    startTime?: string | null;
  } | null;
}

export interface NewChildMeta {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations: Record<string, string>;
  ownerReferences: OwnerReference[];
}

export type JobSpec = NonNullable<JobTemplateSpec['spec']>;

export interface NewJob {
  apiVersion: 'batch/v1';
  kind: 'Job';
  metadata: NewChildMeta;
  spec: Partial<JobSpec>;
}

export interface NewBroadcastJob {
  apiVersion: 'apps.kruise.io/v1beta1';
  kind: 'BroadcastJob';
  metadata: NewChildMeta;
  spec: Partial<BroadcastJobSpec>;
}

/** A child to create for a scheduled run. */
export type NewChild = NewJob | NewBroadcastJob;

/** A clock reading: epoch milliseconds or a Date. */
export type Now = number | Date;

export function nowMs(now: Now): number {
  return typeof now === 'number' ? now : now.getTime();
}
