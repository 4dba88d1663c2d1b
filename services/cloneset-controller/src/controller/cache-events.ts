// What a change in the cache means to the controller (docs/behaviour/cloneset.md#watches, the event handlers): which CloneSet keys to
// reconcile, and which scale / resourceVersion expectations it satisfies. Observing here, before the key is
// queued, means the reconcile the change triggers already sees the expectation met.

import type { ResourceVersionExpectations, ScaleExpectations } from '@kruise-ts/core';
import { CLONESET, sameGroupKind } from '@kruise-ts/kube';
import {
  type CacheChange,
  type CachedObject,
  enqueueOwner,
  observeExpectations as observeScaleExpectations,
  ownerKey,
} from '@kruise-ts/runtime';

interface Meta {
  metadata?: { resourceVersion?: string };
}

const isCloneSet = (o: CachedObject): boolean => sameGroupKind(o, CLONESET);

function meta(o: CachedObject): NonNullable<Meta['metadata']> {
  return (o.object as Meta).metadata ?? {};
}

/** The `namespace/name` of the CloneSet controlling the object, if a CloneSet controls it. */
export function owningCloneSetKey(o: CachedObject): string | undefined {
  return ownerKey(o, CLONESET);
}

/**
 * keysFor: a CloneSet change reconciles that CloneSet; a pod, PVC or revision change reconciles its controlling
 * CloneSet, and the previous one too when the controller reference moved. Orphans reconcile nothing: the
 * controller never adopts (docs/behaviour/cloneset.md#no-orphan-adoption).
 */
export function cloneSetKeysFor(change: CacheChange): string[] {
  const obj = change.current ?? change.old;
  if (obj === undefined) return [];
  if (isCloneSet(obj)) return [`${obj.namespace}/${obj.name}`];
  return enqueueOwner(change, CLONESET);
}

export interface ExpectationSinks {
  scale: ScaleExpectations;
  versions: ResourceVersionExpectations;
}

/**
 * Pods and PVCs: first seen ⇒ `create/<name>` observed; gone or terminating ⇒ `delete/<name>` observed (a pod
 * first seen already terminating observes both). Every object's resourceVersion is observed.
 */
export function observeExpectations(change: CacheChange, sinks: ExpectationSinks): void {
  const { current, old } = change;
  const obj = current ?? old;
  if (obj === undefined) return;
  if (current !== undefined) sinks.versions.observe({ metadata: { ...meta(current), uid: current.uid } });
  else sinks.versions.delete({ metadata: { uid: obj.uid } });
  if (obj.group !== '' || (obj.kind !== 'Pod' && obj.kind !== 'PersistentVolumeClaim')) return;
  observeScaleExpectations(change, owningCloneSetKey(obj), sinks.scale);
}
