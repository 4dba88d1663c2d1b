// The rule behind monotonic publishing: an object event must not replace a subject's last value that is as new
// or newer. Several watcher replicas publish the same changes, and a lagging one would otherwise regress the
// last-value cache. Kubernetes resourceVersions are opaque in general but etcd revisions here, so they compare
// as integers; when either side is not an integer the rule cannot judge and lets the publish through.
import { compareResourceVersions } from '@kruise-ts/kube';
import { type ObjectEvent, type ObjectEventInit, ObjectEventType } from './contracts.ts';

const gone: ReadonlySet<ObjectEventType> = new Set([
  ObjectEventType.OBJECT_EVENT_TYPE_DELETED,
  ObjectEventType.OBJECT_EVENT_TYPE_TOMBSTONE,
]);

/**
 * Whether `last` (the subject's stored event) makes publishing `next` pointless or harmful: it is at the same
 * or a later resourceVersion, or both say the same object is gone (a DELETED seen by one replica and a
 * TOMBSTONE from another's relist are one fact).
 */
export function supersedes(
  last: Pick<ObjectEvent, 'uid' | 'resourceVersion' | 'type'>,
  next: Pick<ObjectEventInit, 'uid' | 'resourceVersion' | 'type'>,
): boolean {
  if (last.uid === next.uid && gone.has(last.type) && gone.has(next.type ?? 0)) return true;
  const c = compareResourceVersions(last.resourceVersion, next.resourceVersion);
  return c !== undefined && c >= 0;
}
