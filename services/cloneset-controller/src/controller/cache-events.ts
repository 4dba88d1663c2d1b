// What a change in the cache means to the controller (docs/behaviour/cloneset.md#watches, the event handlers): which CloneSet keys to
// reconcile, and which scale / resourceVersion expectations it satisfies. Observing here, before the key is
// queued, means the reconcile the change triggers already sees the expectation met.

import type { ResourceVersionExpectations, ScaleExpectations } from '@kruise-ts/core';
import { type LabelSelector, sameGroupKind, selectorMatches, selectorString } from '@kruise-ts/kube';
import {
  type CacheChange,
  type CachedObject,
  enqueueOwner,
  type ObjectCache,
  type OwnerLookup,
  observeExpectations as observeScaleExpectations,
  ownerKey,
} from '@kruise-ts/runtime';
import { CLONESET } from './kinds.ts';

const isCloneSet = (o: CachedObject): boolean => sameGroupKind(o, CLONESET);

/** The `namespace/name` of the cached CloneSet controlling the object, if one does (by its uid). */
export function owningCloneSetKey(o: CachedObject, cache: OwnerLookup): string | undefined {
  return ownerKey(o, CLONESET, cache);
}

/**
 * keysFor: a CloneSet change reconciles that CloneSet; a pod, PVC or revision change reconciles its controlling
 * CloneSet, and the previous one too when the controller reference moved. An uncontrolled pod or PVC reconciles
 * every CloneSet of its namespace whose selector matches it, which may adopt it
 * (docs/behaviour/cloneset.md#orphan-adoption; getPodCloneSets in pkg/controller/cloneset/cloneset_event_handler.go).
 */
export function cloneSetKeysFor(change: CacheChange, cache: ObjectCache): string[] {
  const obj = change.current ?? change.old;
  if (obj === undefined) return [];
  if (isCloneSet(obj)) return [`${obj.namespace}/${obj.name}`];
  const keys = new Set(enqueueOwner(change, CLONESET, cache));
  const orphan = change.current;
  if (
    orphan !== undefined &&
    orphan.controllerUid === '' &&
    orphan.group === '' &&
    (orphan.kind === 'Pod' || orphan.kind === 'PersistentVolumeClaim')
  ) {
    for (const cs of cache.list(CLONESET, orphan.namespace)) {
      if (selectsSafely(cs.object.spec?.selector, orphan.labels)) keys.add(`${cs.namespace}/${cs.name}`);
    }
  }
  return [...keys];
}

function selectsSafely(
  selector: LabelSelector | null | undefined,
  labels: Readonly<Record<string, string>>,
): boolean {
  try {
    // An empty selector would match every pod of the namespace; validation rejects it, adoption ignores it.
    if (selectorString(selector) === '') return false;
    return selectorMatches(selector, labels);
  } catch {
    return false; // an invalid selector adopts nothing; its CloneSet's own reconcile reports it
  }
}

export interface ExpectationSinks {
  scale: ScaleExpectations;
  versions: ResourceVersionExpectations;
}

/**
 * Pods and PVCs: first seen ⇒ `create/<name>` observed; gone or terminating ⇒ `delete/<name>` observed (a pod
 * first seen already terminating observes both). Every object's resourceVersion is observed, from the envelope.
 */
export function observeExpectations(change: CacheChange, cache: OwnerLookup, sinks: ExpectationSinks): void {
  const { current, old } = change;
  const obj = current ?? old;
  if (obj === undefined) return;
  if (current !== undefined)
    sinks.versions.observe({ metadata: { uid: current.uid, resourceVersion: current.resourceVersion } });
  else sinks.versions.delete({ metadata: { uid: obj.uid } });
  if (obj.group !== '' || (obj.kind !== 'Pod' && obj.kind !== 'PersistentVolumeClaim')) return;
  observeScaleExpectations(change, owningCloneSetKey(obj, cache), sinks.scale);
}
