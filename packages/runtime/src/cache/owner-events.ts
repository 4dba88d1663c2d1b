// What controller-runtime's EnqueueRequestForOwner (IsController) and Kruise's expectation-observing event
// handlers do, once for every controller: map a changed object to its controlling owner's key, and tell the
// scale expectations what the change shows was created or deleted. Both work from the cache envelope (the
// controller uid, the name); a body is parsed only to see a deletion timestamp a pending delete waits for.
import type { ScaleExpectations } from '@kruise-ts/core';
import type { GroupKind } from '@kruise-ts/kube';
import type { CacheChange, CachedObject, ObjectCache } from './object-cache.ts';

/** Where an owner is looked up: the cache, by uid. */
export type OwnerLookup = Pick<ObjectCache, 'getByUid'>;

interface MetaView {
  metadata?: { deletionTimestamp?: string | Date | null };
}

/**
 * `namespace/name` of the cached `owner`-kind object `obj`'s controller reference points at, by uid, as Kruise's
 * handlers resolve it (resolveControllerRef): a reference to an object not cached, or to one of another kind,
 * resolves to nothing.
 */
export function ownerKey(obj: CachedObject, owner: GroupKind, cache: OwnerLookup): string | undefined {
  if (obj.controllerUid === '') return undefined;
  const found = cache.getByUid(owner, obj.controllerUid);
  return found === undefined ? undefined : `${found.namespace}/${found.name}`;
}

/**
 * keysFor for an owner-enqueued kind: the owner of the object's current state, and of its previous state when the
 * controller reference moved. Objects without such an owner enqueue nothing.
 */
export function enqueueOwner(change: CacheChange, owner: GroupKind, cache: OwnerLookup): string[] {
  const keys = new Set<string>();
  for (const o of [change.current, change.old]) {
    if (o === undefined) continue;
    const key = ownerKey(o, owner, cache);
    if (key !== undefined) keys.add(key);
  }
  return [...keys];
}

const terminating = (o: CachedObject): boolean => {
  const ts = (o.object as MetaView).metadata?.deletionTimestamp;
  return ts !== undefined && ts !== null && ts !== '';
};

/**
 * The scale expectations a change of a controlled object satisfies. The bus keeps each object's last state, so
 * an object first seen stands for its creation (ADDED may have been skipped); one gone, or terminating, for its
 * deletion (an object first seen already terminating observes both). `createdAs` names what a create was
 * expected under when it is not the object's name (BroadcastJob expects pods per node).
 */
export function observeExpectations(
  change: CacheChange,
  ownerKey: string | undefined,
  scale: ScaleExpectations,
  createdAs: (created: CachedObject) => string = (o) => o.name,
): void {
  const { current, old } = change;
  const obj = current ?? old;
  if (obj === undefined || ownerKey === undefined) return;
  if (current !== undefined && old === undefined) scale.observe(ownerKey, 'create', createdAs(current));
  // Terminating is read from the body only when a delete of this name is pending: most changes (status) are
  // of pods nobody is deleting, and their bodies stay unparsed until a reconcile reads them.
  if (current === undefined) scale.observe(ownerKey, 'delete', obj.name);
  else if (scale.isPending(ownerKey, 'delete', obj.name) && terminating(current))
    scale.observe(ownerKey, 'delete', obj.name);
}
