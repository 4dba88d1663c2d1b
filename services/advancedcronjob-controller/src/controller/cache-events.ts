// Which AdvancedCronJob a cache change concerns, and what it tells the create expectations. A child's change
// enqueues its owner for both child kinds (Kruise's Job watch is typed for BroadcastJob owners, so Job status
// changes never reach it; here status.active follows Jobs as it follows BroadcastJobs).
import type { ScaleExpectations } from '@kruise-ts/core';
import {
  type CacheChange,
  type CachedObject,
  enqueueOwner,
  type OwnerLookup,
  observeExpectations as observeScaleExpectations,
  ownerKey,
} from '@kruise-ts/runtime';
import { ADVANCEDCRONJOB, BROADCASTJOB, JOB } from './kinds.ts';

const isKind = (o: CachedObject, gk: { group: string; kind: string }) =>
  o.group === gk.group && o.kind === gk.kind;

/** `namespace/name` of the cached AdvancedCronJob controlling a Job or BroadcastJob, if one does (by its uid). */
export function owningCronJobKey(child: CachedObject, cache: OwnerLookup): string | undefined {
  return ownerKey(child, ADVANCEDCRONJOB, cache);
}

export function cronJobKeysFor(change: CacheChange, cache: OwnerLookup): string[] {
  const obj = change.current ?? change.old;
  if (obj === undefined) return [];
  if (isKind(obj, ADVANCEDCRONJOB)) return [`${obj.namespace}/${obj.name}`];
  if (isKind(obj, JOB) || isKind(obj, BROADCASTJOB)) return enqueueOwner(change, ADVANCEDCRONJOB, cache);
  return [];
}

/** Children are created under a name fixed by their scheduled time: first seen stands for created. */
export function observeExpectations(change: CacheChange, cache: OwnerLookup, scale: ScaleExpectations): void {
  const obj = change.current ?? change.old;
  if (obj === undefined || (!isKind(obj, JOB) && !isKind(obj, BROADCASTJOB))) return;
  observeScaleExpectations(change, owningCronJobKey(obj, cache), scale);
}
