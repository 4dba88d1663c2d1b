// Which AdvancedCronJob a cache change concerns, and what it tells the create expectations. A child's change
// enqueues its owner for both child kinds (Kruise's Job watch is typed for BroadcastJob owners, so Job status
// changes never reach it; here status.active follows Jobs as it follows BroadcastJobs).
import type { ScaleExpectations } from '@kruise-ts/core';
import type { CacheChange, CachedObject } from '@kruise-ts/runtime';
import type { OwnerReference } from '../types.ts';
import { ADVANCEDCRONJOB, BROADCASTJOB, JOB } from './kinds.ts';

const isKind = (o: CachedObject, gk: { group: string; kind: string }) =>
  o.group === gk.group && o.kind === gk.kind;

/** `namespace/name` of the AdvancedCronJob controlling a Job or BroadcastJob, if one does. */
export function owningCronJobKey(child: CachedObject): string | undefined {
  const refs = (child.object.metadata as { ownerReferences?: OwnerReference[] } | undefined)?.ownerReferences;
  const owner = refs?.find((r) => r.controller === true && r.kind === ADVANCEDCRONJOB.kind);
  return owner === undefined ? undefined : `${child.namespace}/${owner.name}`;
}

export function cronJobKeysFor(change: CacheChange): string[] {
  const obj = change.current ?? change.old;
  if (obj === undefined) return [];
  if (isKind(obj, ADVANCEDCRONJOB)) return [`${obj.namespace}/${obj.name}`];
  if (isKind(obj, JOB) || isKind(obj, BROADCASTJOB)) {
    const key = owningCronJobKey(obj);
    return key === undefined ? [] : [key];
  }
  return [];
}

/** Children are created under a name fixed by their scheduled time: first seen stands for created. */
export function observeExpectations(change: CacheChange, scale: ScaleExpectations): void {
  const { current, old } = change;
  if (current === undefined || old !== undefined) return;
  if (!isKind(current, JOB) && !isKind(current, BROADCASTJOB)) return;
  const key = owningCronJobKey(current);
  if (key !== undefined) scale.observe(key, 'create', current.name);
}
