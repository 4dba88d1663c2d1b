// The webhook's view of SidecarSets and Namespaces, fed from the bus (cluster-scoped object feed, as the watcher
// publishes them) so that admitting a pod never lists SidecarSets from the apiserver. The SidecarSet list is
// rebuilt only when a SidecarSet changes, so each pod admission reads a ready, name-sorted array.

import type { Bus } from '@kruise-ts/bus';
import * as kube from '@kruise-ts/kube';
import { ObjectCache, typedKind } from '@kruise-ts/runtime';
import type { SidecarSet } from '@kruise-ts/sidecarset';

const NAMESPACE = { group: '', kind: 'Namespace' } as const;

const SIDECARSET = typedKind<SidecarSet>(kube.SIDECARSET);

export interface SidecarSetSource {
  /** Every SidecarSet (v1beta1, as the watcher reads them), by name. Empty until synced. */
  list(): readonly SidecarSet[];
  /** Labels of a namespace; undefined when the cache does not know it (yet). */
  namespaceLabels(name: string): Readonly<Record<string, string>> | undefined;
  isSynced(): boolean;
}

export interface SidecarSetCache extends SidecarSetSource {
  /** Resolves once the feed replayed everything on the bus at open time. */
  readonly synced: Promise<void>;
  /** Labels of every Namespace the cache holds (for the admission snapshot). */
  namespaces(): Record<string, Record<string, string>>;
  /** Calls `listener` after every SidecarSet or Namespace change; returns its removal. */
  onUpdate(listener: () => void): () => void;
  stop(): Promise<void>;
}

export async function openSidecarSetCache(
  bus: Bus,
  onError: (error: Error) => void,
): Promise<SidecarSetCache> {
  let sidecarSets: readonly SidecarSet[] = [];
  let synced = false;
  let cache: ObjectCache | undefined;
  const listeners = new Set<() => void>();
  const rebuild = () => {
    if (cache === undefined) return;
    sidecarSets = cache
      .list(SIDECARSET, '')
      .map((o) => o.object)
      .sort((a, b) => ((a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : 1));
  };
  cache = new ObjectCache(bus, {
    kinds: [SIDECARSET, NAMESPACE],
    onChange: (change) => {
      const kind = (change.current ?? change.old)?.kind;
      if (kind === SIDECARSET.kind) rebuild();
      for (const listener of listeners) listener();
    },
    onError,
  });
  const opening = cache.addClusterScoped().then(() => {
    rebuild();
    synced = true;
  });
  return {
    synced: opening,
    list: () => sidecarSets,
    namespaceLabels: (name) => cache?.get(NAMESPACE, '', name)?.labels,
    isSynced: () => synced,
    namespaces: () => {
      const out: Record<string, Record<string, string>> = {};
      for (const ns of cache?.list(NAMESPACE, '') ?? []) out[ns.name] = { ...ns.labels };
      return out;
    },
    onUpdate: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop: async () => {
      await opening.catch(() => {});
      await cache?.stop();
    },
  };
}
