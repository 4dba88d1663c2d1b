// Which StatefulSet a cache change concerns, and what it tells the scale expectations (pods are created and
// deleted under their fixed names, so both are expected by name).
import type { ScaleExpectations } from '@kruise-ts/core';
import {
  type CacheChange,
  type CachedObject,
  type ObjectCache,
  observeExpectations as observeScaleExpectations,
} from '@kruise-ts/runtime';
import { POD, PVC, REVISION, STATEFULSET } from './kinds.ts';

const isKind = (o: CachedObject, gk: { group: string; kind: string }) =>
  o.group === gk.group && o.kind === gk.kind;

/** The set controlling a pod or revision, by its controller reference, when that set is cached (uid index). */
export function owningSetKey(obj: CachedObject, cache: ObjectCache): string | undefined {
  if (obj.controllerUid === '') return undefined;
  const set = cache.getByUid(STATEFULSET, obj.controllerUid);
  return set === undefined ? undefined : `${set.namespace}/${set.name}`;
}

/** PVCs carry no controller reference: `<claim>-<set>-<ordinal>` names the sets they may belong to. */
function setsOfClaim(claim: CachedObject, cache: ObjectCache): string[] {
  return cache
    .list(STATEFULSET, claim.namespace)
    .filter((s) => new RegExp(`-${s.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-\\d+$`).test(claim.name))
    .map((s) => `${s.namespace}/${s.name}`);
}

export function setKeysFor(change: CacheChange, cache: ObjectCache): string[] {
  const obj = change.current ?? change.old;
  if (obj === undefined) return [];
  if (isKind(obj, STATEFULSET)) return [`${obj.namespace}/${obj.name}`];
  if (isKind(obj, PVC)) return setsOfClaim(obj, cache);
  if (isKind(obj, POD) || isKind(obj, REVISION)) {
    const key = owningSetKey(obj, cache);
    return key === undefined ? [] : [key];
  }
  return [];
}

export function observeExpectations(change: CacheChange, cache: ObjectCache, scale: ScaleExpectations): void {
  const obj = change.current ?? change.old;
  if (obj === undefined || !isKind(obj, POD)) return;
  observeScaleExpectations(change, owningSetKey(obj, cache), scale);
}
