// registerLatestRevision and truncateHistory (sidecarset_processor.go; docs/behaviour/sidecarset.md#revisions, docs/behaviour/revision-gc.md#revision-gc): make sure a
// ControllerRevision for the SidecarSet's current spec exists and is the newest, then prune old unused ones.
// Revisions are read from the bus-fed cache; this replica's own recent writes are overlaid until the cache
// shows them, so two reconciles in a row never decide on a stale history.
import type { ControllerRevision } from '@kruise-ts/core';
import { equalRevision } from '@kruise-ts/core';
import { isResourceVersionAtLeast } from '@kruise-ts/kube';
import { AlreadyExistsError } from '@kruise-ts/runtime';
import {
  decideLatestRevision,
  newSidecarSetRevision,
  type Pod,
  revisionsToTruncate,
  SIDECARSET_CUSTOM_VERSION_LABEL,
  type SidecarSet,
} from '@kruise-ts/sidecarset';
import type { Logger } from '@kruise-ts/telemetry';
import type { KubeWriter } from './kube-writer.ts';

type Written = { revision: ControllerRevision; deleted: boolean; at: number };

/** Recent writes of this replica, by name; dropped once the cache caught up or after a minute. */
export class RevisionOverlay {
  readonly #writes = new Map<string, Written>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  wrote(revision: ControllerRevision): void {
    this.#writes.set(revision.metadata.name ?? '', { revision, deleted: false, at: this.#now() });
  }

  deleted(revision: ControllerRevision): void {
    this.#writes.set(revision.metadata.name ?? '', { revision, deleted: true, at: this.#now() });
  }

  /** The cached revisions of one SidecarSet with this replica's newer writes applied. */
  apply(cached: readonly ControllerRevision[], sidecarSetName: string, label: string): ControllerRevision[] {
    const byName = new Map(cached.map((r) => [r.metadata.name ?? '', r]));
    for (const [name, w] of this.#writes) {
      if (w.revision.metadata.labels?.[label] !== sidecarSetName) continue;
      const inCache = byName.get(name);
      const caughtUp = w.deleted
        ? inCache === undefined
        : inCache !== undefined &&
          isResourceVersionAtLeast(
            w.revision.metadata.resourceVersion ?? '',
            inCache.metadata.resourceVersion ?? '',
          );
      if (caughtUp || this.#now() - w.at > 60_000) {
        this.#writes.delete(name);
        continue;
      }
      if (w.deleted) byName.delete(name);
      else byName.set(name, w.revision);
    }
    return [...byName.values()];
  }
}

export interface RegisteredRevision {
  latest: ControllerRevision;
  collisionCount: number;
}

// Bounds the create loop on hash collisions (each retry changes the name).
const MAX_COLLISIONS = 10;

export async function registerLatestRevision(o: {
  sidecarSet: SidecarSet;
  pods: readonly Pod[];
  revisions: readonly ControllerRevision[];
  namespace: string;
  writer: Pick<KubeWriter, 'createRevision' | 'readRevision' | 'patchRevision' | 'deleteRevision'>;
  overlay: RevisionOverlay;
  logger: Logger | undefined;
}): Promise<RegisteredRevision> {
  const { sidecarSet, writer, overlay, namespace } = o;
  let collisionCount = sidecarSet.status?.collisionCount ?? 0;
  let revisions = [...o.revisions];
  const decision = decideLatestRevision(sidecarSet, revisions, namespace, collisionCount);
  let latest: ControllerRevision;
  switch (decision.action) {
    case 'reuse':
      latest = decision.revision;
      break;
    case 'rollback': {
      // Rolling back renumbers the older revision, so pods at its name count as updated again.
      latest = await writer.patchRevision(namespace, decision.revision.metadata.name ?? '', {
        revision: decision.revisionNumber,
      });
      overlay.wrote(latest);
      revisions = revisions.map((r) => (r.metadata.name === latest.metadata.name ? latest : r));
      break;
    }
    case 'create': {
      let candidate = decision.revision;
      for (let attempt = 0; ; attempt++) {
        try {
          latest = await writer.createRevision(candidate);
          break;
        } catch (err) {
          if (!(err instanceof AlreadyExistsError) || attempt >= MAX_COLLISIONS) throw err;
          const existing = await writer.readRevision(namespace, candidate.metadata.name ?? '');
          if (equalRevision(existing, candidate)) {
            latest = existing;
            break;
          }
          collisionCount++;
          candidate = newSidecarSetRevision(sidecarSet, namespace, candidate.revision, collisionCount);
        }
      }
      overlay.wrote(latest);
      revisions.push(latest);
      break;
    }
  }

  const customVersion = sidecarSet.spec.customVersion ?? '';
  if (customVersion !== '' && latest.metadata.labels?.[SIDECARSET_CUSTOM_VERSION_LABEL] !== customVersion) {
    latest = await writer.patchRevision(namespace, latest.metadata.name ?? '', {
      metadata: { labels: { [SIDECARSET_CUSTOM_VERSION_LABEL]: customVersion } },
    });
    overlay.wrote(latest);
    revisions = revisions.map((r) => (r.metadata.name === latest.metadata.name ? latest : r));
  }

  const plan = revisionsToTruncate(sidecarSet, o.pods, revisions);
  for (const old of plan.delete) {
    await writer.deleteRevision(namespace, old);
    overlay.deleted(old);
  }
  // Kruise logs this and goes on: revisions in use by pods are kept.
  if (plan.error) o.logger?.warn({ sidecarSet: sidecarSet.metadata?.name }, plan.error);
  return { latest, collisionCount };
}
