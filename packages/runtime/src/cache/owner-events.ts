// What controller-runtime's EnqueueRequestForOwner (IsController) and Kruise's expectation-observing event
// handlers do, once for every controller: map a changed object to its controlling owner's key, and tell the
// scale expectations what the change shows was created or deleted.
import type { ScaleExpectations } from '@kruise-ts/core';
import { type GroupKind, groupOf } from '@kruise-ts/kube';
import type { CacheChange, CachedObject } from './object-cache.ts';

interface OwnerRefView {
  apiVersion?: string;
  kind?: string;
  name?: string;
  controller?: boolean;
}

interface MetaView {
  metadata?: { ownerReferences?: readonly OwnerRefView[]; deletionTimestamp?: string | Date | null };
}

/** The controller ownerReference of a cached object when it points at `owner` (group and kind both checked). */
export function controllerRefOf(obj: CachedObject, owner: GroupKind): OwnerRefView | undefined {
  const refs = (obj.object as MetaView).metadata?.ownerReferences ?? [];
  return refs.find(
    (r) => r.controller === true && r.kind === owner.kind && groupOf(r.apiVersion ?? '') === owner.group,
  );
}

/** `namespace/name` of the `owner`-kind object controlling `obj`, if one does. */
export function ownerKey(obj: CachedObject, owner: GroupKind): string | undefined {
  const ref = controllerRefOf(obj, owner);
  return ref?.name ? `${obj.namespace}/${ref.name}` : undefined;
}

/**
 * keysFor for an owner-enqueued kind: the owner of the object's current state, and of its previous state when the
 * controller reference moved. Objects without such an owner enqueue nothing.
 */
export function enqueueOwner(change: CacheChange, owner: GroupKind): string[] {
  const keys = new Set<string>();
  for (const o of [change.current, change.old]) {
    if (o === undefined) continue;
    const key = ownerKey(o, owner);
    if (key !== undefined) keys.add(key);
  }
  return [...keys];
}

const terminating = (o: CachedObject | undefined): boolean => {
  const ts = (o?.object as MetaView | undefined)?.metadata?.deletionTimestamp;
  return ts !== undefined && ts !== null && ts !== '';
};

/**
 * The scale expectations a change of a controlled object satisfies. The bus keeps each object's last state, so
 * an object first seen stands for its creation (ADDED may have been skipped); one gone, or newly terminating,
 * for its deletion (an object first seen already terminating observes both). `createdAs` names what a create
 * was expected under when it is not the object's name (BroadcastJob expects pods per node).
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
  if (current === undefined || (terminating(current) && !terminating(old))) {
    scale.observe(ownerKey, 'delete', obj.name);
  }
}
