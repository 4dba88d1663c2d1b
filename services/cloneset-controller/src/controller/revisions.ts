// The revision step of a reconcile (docs/behaviour/cloneset.md#reconcile-steps steps 7–8, #revisions): decide the update revision from the history and
// make it real — reuse (no write), roll back (bump an older revision's number, keeping its name), or create
// (on a name collision with different data, bump collisionCount and try the next name). Also the history
// truncation after the status write.

import { type Bus, publishDomainEvent } from '@kruise-ts/bus';
import {
  type ControllerRevision,
  resolveCreateConflict,
  shortRevisionHash,
  VOLUME_CLAIM_TEMPLATE_HASH_ANNOTATION,
} from '@kruise-ts/core';
import { CLONESET, CONTROLLER_REVISION } from '@kruise-ts/kube';
import { AlreadyExistsError } from '@kruise-ts/runtime';
import {
  type ActiveRevisions,
  revisionsToTruncate,
  selectActiveRevisions,
} from '../revisions/active-revisions.ts';
import { volumeClaimTemplatesHash } from '../revisions/volume-claim-templates-hash.ts';
import type { CloneSetPod } from '../types.ts';
import type { SyncContext } from './sync-context.ts';

// A collision needs two different templates hashing alike; more than a few in a row means a bug.
const MAX_COLLISION_RETRIES = 10;

export interface ResolvedRevisions {
  current: ControllerRevision;
  update: ControllerRevision;
  collisionCount: number;
  /** The whole history after this step, sorted. */
  all: ControllerRevision[];
}

export async function resolveRevisions(
  ctx: SyncContext,
  history: readonly ControllerRevision[],
  bus: Bus | undefined,
): Promise<ResolvedRevisions> {
  const { cs } = ctx;
  let collisionCount = cs.status?.collisionCount ?? 0;
  const revisionOptions = {
    volumeClaimTemplatesHash: volumeClaimTemplatesHash(cs.spec.volumeClaimTemplates),
  };
  for (let attempt = 0; attempt <= MAX_COLLISION_RETRIES; attempt++) {
    const revs: ActiveRevisions = selectActiveRevisions({
      cloneSet: {
        metadata: cs.metadata,
        spec: { template: cs.spec.template },
        ...(cs.status === undefined ? {} : { status: cs.status }),
      },
      revisions: history,
      collisionCount,
      revisionOptions,
    });
    const { decision } = revs;
    const sameAsUpdate = revs.currentRevision === revs.updateRevision;
    const settle = (update: ControllerRevision, all: ControllerRevision[]): ResolvedRevisions => ({
      current: sameAsUpdate ? update : revs.currentRevision,
      update,
      collisionCount,
      all,
    });
    if (decision.action === 'reuse') return settle(decision.revision, revs.sorted);
    const name = revs.updateRevision.metadata.name ?? '';
    if (decision.action === 'rollback') {
      const patch: { revision: number; metadata?: object } = { revision: decision.revisionNumber };
      if (decision.volumeClaimTemplatesHash !== undefined) {
        patch.metadata = {
          annotations: { [VOLUME_CLAIM_TEMPLATE_HASH_ANNOTATION]: decision.volumeClaimTemplatesHash },
        };
      }
      const written = await ctx.writer.patchRevision(name, patch);
      ctx.span.addEvent('revision rolled back', {
        'kruise.revision': name,
        'kruise.revision.number': patch.revision,
      });
      const all = revs.sorted.filter((r) => r.metadata.name !== name).concat(written);
      return settle(written, all);
    }
    try {
      const created = await ctx.writer.createRevision(revs.updateRevision);
      ctx.span.addEvent('revision created', { 'kruise.revision': name });
      await announceRevision(ctx, created, bus);
      return settle(created, [...revs.sorted, created]);
    } catch (err) {
      if (!(err instanceof AlreadyExistsError)) throw err;
      const existing = await ctx.writer.readRevision(name);
      const conflict = resolveCreateConflict(existing, revs.updateRevision, collisionCount);
      if (conflict.action === 'use-existing') return settle(existing, [...revs.sorted, existing]);
      collisionCount = conflict.collisionCount;
      ctx.span.addEvent('revision hash collision', {
        'kruise.revision': name,
        'kruise.collision_count': collisionCount,
      });
    }
  }
  throw new Error(
    `${ctx.key}: more than ${MAX_COLLISION_RETRIES} ControllerRevision hash collisions in a row`,
  );
}

async function announceRevision(
  ctx: SyncContext,
  revision: ControllerRevision,
  bus: Bus | undefined,
): Promise<void> {
  if (bus === undefined) return;
  const name = revision.metadata.name ?? '';
  try {
    await publishDomainEvent(bus, 'RevisionCreated', {
      meta: { eventId: `${revision.metadata.uid ?? name}:created` },
      owner: {
        kind: { group: CLONESET.group, version: CLONESET.version, kind: CLONESET.kind },
        namespace: ctx.cs.metadata.namespace,
        name: ctx.cs.metadata.name,
        uid: ctx.cs.metadata.uid,
      },
      revision: {
        kind: {
          group: CONTROLLER_REVISION.group,
          version: CONTROLLER_REVISION.version,
          kind: CONTROLLER_REVISION.kind,
        },
        namespace: ctx.cs.metadata.namespace,
        name,
        uid: revision.metadata.uid ?? '',
      },
      revisionNumber: revision.revision,
      hash: shortRevisionHash(name),
    });
  } catch (err) {
    // The revision exists either way; a missed announcement only delays whoever listens.
    ctx.logger?.warn({ err, revision: name }, 'cannot publish RevisionCreated');
  }
}

/** truncateHistory: delete the oldest revisions no pod uses beyond revisionHistoryLimit. */
export async function truncateHistory(
  ctx: SyncContext,
  revisions: ResolvedRevisions,
  pods: readonly CloneSetPod[],
): Promise<void> {
  const doomed = revisionsToTruncate(
    revisions.all,
    pods,
    revisions.current.metadata.name ?? '',
    revisions.update.metadata.name ?? '',
    ctx.cs.spec.revisionHistoryLimit,
  );
  for (const revision of doomed) {
    await ctx.writer.deleteRevision(revision);
  }
}
