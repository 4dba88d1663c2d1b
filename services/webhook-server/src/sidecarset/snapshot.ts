// The admission snapshot: what pod admission reads from the bus (every SidecarSet, the labels of every
// Namespace), written to a local file whenever it changes, so that a webhook server (re)started while NATS is
// unreachable serves from its last known state instead of refusing every pod. Stale by at most what the bus
// delivered after the last write (writes follow changes within `debounceMs`) plus the length of the outage.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SidecarSet } from '@kruise-ts/sidecarset';
import type { SidecarSetSource } from './cache.ts';

export interface AdmissionSnapshot {
  version: 1;
  /** When the state was taken from a synced bus cache (ISO time). */
  writtenAt: string;
  sidecarSets: SidecarSet[];
  namespaces: Record<string, Record<string, string>>;
}

export const SNAPSHOT_FILE = 'admission-snapshot.json';

/** Writes atomically (temporary file, then rename): a crash mid-write leaves the previous snapshot. */
export function writeSnapshot(dir: string, snapshot: AdmissionSnapshot): void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, SNAPSHOT_FILE);
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(snapshot));
  renameSync(tmp, path);
}

/** The snapshot in `dir`, or undefined when there is none or it cannot be read (then nothing is served from it). */
export function readSnapshot(dir: string): AdmissionSnapshot | undefined {
  let text: string;
  try {
    text = readFileSync(join(dir, SNAPSHOT_FILE), 'utf8');
  } catch {
    return undefined;
  }
  const parsed = JSON.parse(text) as Partial<AdmissionSnapshot>;
  if (parsed.version !== 1 || !Array.isArray(parsed.sidecarSets) || typeof parsed.namespaces !== 'object')
    throw new Error(`unreadable admission snapshot in ${dir} (version ${String(parsed.version)})`);
  return parsed as AdmissionSnapshot;
}

/** Admission reads from a snapshot: the same lookups as the bus-fed cache, frozen at `writtenAt`. */
export function snapshotSource(snapshot: AdmissionSnapshot): SidecarSetSource {
  const sorted = [...snapshot.sidecarSets].sort((a, b) =>
    (a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : 1,
  );
  return {
    list: () => sorted,
    namespaceLabels: (name) => snapshot.namespaces[name],
    isSynced: () => true,
  };
}

export interface SnapshotWriter {
  /** Something admission reads changed: write within the debounce. */
  changed(): void;
  /** Writes now if anything changed since the last write. */
  flush(): void;
  stop(): void;
}

/**
 * Writes `take()` to `dir` at most once per `debounceMs` after a change. `take` returns undefined while the
 * source is not synced: a partial state must never replace a complete snapshot.
 */
export function snapshotWriter(o: {
  dir: string;
  take(): AdmissionSnapshot | undefined;
  debounceMs?: number;
  onError(error: Error): void;
}): SnapshotWriter {
  let dirty = false;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!dirty) return;
    const snapshot = o.take();
    if (snapshot === undefined) return;
    try {
      writeSnapshot(o.dir, snapshot);
      dirty = false;
    } catch (err) {
      o.onError(new Error(`cannot write the admission snapshot to ${o.dir}`, { cause: err }));
    }
  };
  return {
    changed() {
      dirty = true;
      if (timer === undefined) {
        timer = setTimeout(flush, o.debounceMs ?? 1000);
        timer.unref();
      }
    },
    flush,
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
