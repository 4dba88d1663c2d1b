// What a (re)list means for the bus, as pure functions: compared with the objects known before (from the
// previous list and watch, or from the bus at start), each listed object is new, changed or unchanged, and
// each known object missing from the list vanished while nobody watched (a tombstone).

/** What the watcher remembers of an object: enough to skip unchanged ones and to tombstone vanished ones. */
export interface Versioned {
  uid: string;
  resourceVersion: string;
}

export type ListedChange = 'ADDED' | 'MODIFIED' | 'unchanged';

/**
 * How a listed object compares with what was known under its key. A name now held by another uid is ADDED:
 * the bus keeps one value per name, and the new object replacing it says the old one is gone (as client-go's
 * informer does on Replace, it is not tombstoned separately).
 */
export function classifyListed(known: Versioned | undefined, listed: Versioned): ListedChange {
  if (known === undefined || known.uid !== listed.uid) return 'ADDED';
  return known.resourceVersion === listed.resourceVersion ? 'unchanged' : 'MODIFIED';
}

/** Keys known before that the complete list did not contain. */
export function vanishedKeys(
  known: ReadonlyMap<string, Versioned>,
  listedKeys: { has(key: string): boolean },
): string[] {
  const gone: string[] = [];
  for (const key of known.keys()) if (!listedKeys.has(key)) gone.push(key);
  return gone;
}

export interface ListDiff<L> {
  upserts: { key: string; item: L; type: 'ADDED' | 'MODIFIED' }[];
  /** Keys to tombstone, in the order they were known. */
  tombstones: string[];
  unchanged: number;
}

/** The whole comparison at once; the reflector applies the same two steps page by page. */
export function diffListing<L extends Versioned>(
  known: ReadonlyMap<string, Versioned>,
  listed: Iterable<{ key: string; item: L }>,
): ListDiff<L> {
  const upserts: ListDiff<L>['upserts'] = [];
  const keys = new Set<string>();
  let unchanged = 0;
  for (const { key, item } of listed) {
    keys.add(key);
    const change = classifyListed(known.get(key), item);
    if (change === 'unchanged') unchanged++;
    else upserts.push({ key, item, type: change });
  }
  return { upserts, tombstones: vanishedKeys(known, keys), unchanged };
}
