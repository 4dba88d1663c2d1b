// A change the watcher observed, and its ObjectEvent envelope for the bus.
import { type ObjectEventInit, ObjectEventType } from '@kruise-ts/bus';
import { apiVersionOf, type WatchedResource } from './kinds.ts';
import type { KubeObject } from './watch-events.ts';

export type ChangeType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'TOMBSTONE';

export interface ObjectChange {
  resource: WatchedResource;
  type: ChangeType;
  /**
   * The object (for a TOMBSTONE: the last state the watcher knew), with apiVersion and kind set. From a watch
   * event, only its head (kind, apiVersion, metadata): whatever needs more reads `json`.
   */
  object: KubeObject;
  /** `object` as JSON, exactly what goes on the bus. */
  json: Uint8Array;
  /**
   * The revision the change is at: the object's own, except for a TOMBSTONE, which is at the revision of the
   * list that found the object gone (later than anything known of it, so it orders after its last state).
   */
  resourceVersion: string;
}

const eventType: Record<ChangeType, ObjectEventType> = {
  ADDED: ObjectEventType.OBJECT_EVENT_TYPE_ADDED,
  MODIFIED: ObjectEventType.OBJECT_EVENT_TYPE_MODIFIED,
  DELETED: ObjectEventType.OBJECT_EVENT_TYPE_DELETED,
  TOMBSTONE: ObjectEventType.OBJECT_EVENT_TYPE_TOMBSTONE,
};

const encoder = new TextEncoder();

/**
 * The object with the apiVersion and kind it was read at, and its JSON (`objectJson`, a watch event's text, when
 * given). List items come without them; watch events carry them; consumers always get them.
 * metadata.managedFields is dropped: no consumer reads it, it is a third or more of a pod's bytes, and an update
 * built from the cached object that omits it leaves the server's copy as it is
 * (docs/adr/0023-each-service-reads-only-its-kinds.md).
 */
export function normalized(
  resource: WatchedResource,
  object: KubeObject,
  objectJson?: string,
  headOnly = false,
): { object: KubeObject; json: Uint8Array } {
  // A watch event's own text, already without managedFields, is published as it is.
  if (
    objectJson !== undefined &&
    object.kind === resource.kind &&
    object.apiVersion === apiVersionOf(resource) &&
    object.metadata?.managedFields === undefined
  ) {
    return { object, json: encoder.encode(objectJson) };
  }
  // Only the head was parsed (watch-events.ts): what is serialised again must be the whole object.
  const whole = headOnly && objectJson !== undefined ? (JSON.parse(objectJson) as KubeObject) : object;
  const complete = { ...whole, apiVersion: apiVersionOf(resource), kind: resource.kind };
  if (complete.metadata?.managedFields !== undefined) {
    const { managedFields: _dropped, ...metadata } = complete.metadata;
    complete.metadata = metadata;
  }
  return { object: complete, json: encoder.encode(JSON.stringify(complete)) };
}

/** The kind of the object's controller (ownerReferences[controller=true]), for the Kruise-Controller-Kind header. */
export function controllerKindOf(object: KubeObject): { group: string; kind: string } | undefined {
  const owner = object.metadata?.ownerReferences?.find((ref) => ref.controller === true);
  if (owner?.kind === undefined || owner.kind === '') return undefined;
  const apiVersion = owner.apiVersion ?? '';
  const slash = apiVersion.indexOf('/');
  return { group: slash < 0 ? '' : apiVersion.slice(0, slash), kind: owner.kind };
}

/** The bus envelope of a change: identity, owner, labels and the object itself. */
export function toObjectEvent(change: ObjectChange): ObjectEventInit {
  const meta = change.object.metadata ?? {};
  const { resource } = change;
  const owner = meta.ownerReferences?.find((ref) => ref.controller === true);
  return {
    kind: { group: resource.group, version: resource.version, kind: resource.kind },
    type: eventType[change.type],
    namespace: meta.namespace ?? '',
    name: meta.name ?? '',
    uid: meta.uid ?? '',
    resourceVersion: change.resourceVersion,
    generation: meta.generation ?? 0,
    controllerUid: owner?.uid ?? '',
    labels: { ...(meta.labels ?? {}) },
    object: change.json,
  };
}
