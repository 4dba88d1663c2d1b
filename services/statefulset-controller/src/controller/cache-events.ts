// Which StatefulSet a cache change concerns, and what it tells the scale expectations (pods are created and
// deleted under their fixed names, so both are expected by name).
import type { ScaleExpectations } from '@kruise-ts/core';
import { selectorMatches, selectorString } from '@kruise-ts/kube';
import {
  type CacheChange,
  type CachedObject,
  type ObjectCache,
  observeExpectations as observeScaleExpectations,
  ownerKey,
} from '@kruise-ts/runtime';
import { isMemberOf } from '../replicas-range.ts';
import { POD, PVC, REVISION, STATEFULSET } from './kinds.ts';

const isKind = (o: CachedObject, gk: { group: string; kind: string }) =>
  o.group === gk.group && o.kind === gk.kind;

/** The set controlling a pod or revision, by its controller reference, when that set is cached (uid index). */
export function owningSetKey(obj: CachedObject, cache: ObjectCache): string | undefined {
  return ownerKey(obj, STATEFULSET, cache);
}

/** PVCs carry no controller reference: `<claim>-<set>-<ordinal>` names the sets they may belong to. */
function setsOfClaim(claim: CachedObject, cache: ObjectCache): string[] {
  return cache
    .list(STATEFULSET, claim.namespace)
    .filter((s) => new RegExp(`-${s.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-\\d+$`).test(claim.name))
    .map((s) => `${s.namespace}/${s.name}`);
}

/**
 * An uncontrolled pod reconciles the sets of its namespace that would adopt it: selector matches and the name is
 * `<set>-<int>` (docs/behaviour/advanced-statefulset.md#claiming).
 */
function setsAdopting(pod: CachedObject, cache: ObjectCache): string[] {
  const keys: string[] = [];
  for (const s of cache.list(STATEFULSET, pod.namespace)) {
    if (!isMemberOf(s.name, pod.name)) continue;
    const selector = s.object.spec?.selector;
    try {
      if (selectorString(selector) !== '' && selectorMatches(selector, pod.labels)) {
        keys.push(`${s.namespace}/${s.name}`);
      }
    } catch {
      // An invalid selector adopts nothing.
    }
  }
  return keys;
}

export function setKeysFor(change: CacheChange, cache: ObjectCache): string[] {
  const obj = change.current ?? change.old;
  if (obj === undefined) return [];
  if (isKind(obj, STATEFULSET)) return [`${obj.namespace}/${obj.name}`];
  if (isKind(obj, PVC)) return setsOfClaim(obj, cache);
  if (isKind(obj, POD) || isKind(obj, REVISION)) {
    // The controller now and before (a release or adoption moves it), and who may adopt an orphan.
    const keys = new Set<string>();
    for (const o of [change.current, change.old]) {
      const key = o === undefined ? undefined : owningSetKey(o, cache);
      if (key !== undefined) keys.add(key);
    }
    const cur = change.current;
    if (cur !== undefined && isKind(cur, POD) && cur.controllerUid === '') {
      for (const key of setsAdopting(cur, cache)) keys.add(key);
    }
    return [...keys];
  }
  return [];
}

export function observeExpectations(change: CacheChange, cache: ObjectCache, scale: ScaleExpectations): void {
  const obj = change.current ?? change.old;
  if (obj === undefined || !isKind(obj, POD)) return;
  observeScaleExpectations(change, owningSetKey(obj, cache), scale);
}
