// Cache entries and changes for the unit tests of a controller's watch decisions (which keys a change enqueues).
import { ROOT_CONTEXT } from '@opentelemetry/api';
import type { CacheChange, CachedObject } from '../cache/object-cache.ts';

/** A cached object in namespace `ns` with uid `uid-<name>`, uncontrolled and unlabelled unless `o` says else. */
export function cachedObject(
  group: string,
  kind: string,
  name: string,
  o: Partial<CachedObject> = {},
): CachedObject {
  return {
    group,
    kind,
    namespace: 'ns',
    name,
    uid: `uid-${name}`,
    resourceVersion: '1',
    generation: 1,
    controllerUid: '',
    labels: {},
    partition: 0,
    object: { metadata: { name } },
    context: ROOT_CONTEXT,
    ...o,
  };
}

/** A live change (not part of a snapshot) from `old` to `current`; undefined on a side: created or deleted. */
export function cacheChange(old: CachedObject | undefined, current: CachedObject | undefined): CacheChange {
  return { old, current, snapshot: false, context: ROOT_CONTEXT, observedAt: undefined };
}
