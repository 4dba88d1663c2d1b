// What one reconcile of one CloneSet carries through its steps: the CloneSet as cached, where to write, where
// to record expectations and events, the span that tells the rollout's story, and the clock reading all
// decisions of the reconcile share.
import type { ControllerRevision, ResourceVersionExpectations, ScaleExpectations } from '@kruise-ts/core';
import type { EventRecorder, EventType, InvolvedObject, ObjectCache } from '@kruise-ts/runtime';
import type { Logger } from '@kruise-ts/telemetry';
import type { Context, Span } from '@opentelemetry/api';
import type { PendingClaimDeletes } from '../sync/pending-claim-deletes.ts';
import type { CloneSet, FeatureGates, PodTemplate } from '../types.ts';
import type { KubeWriter } from './kube-writer.ts';

/** A CloneSet as read from the cache: identity fields are always there for a stored object. */
export type StoredCloneSet = CloneSet & {
  metadata: { name: string; namespace: string; uid: string; generation?: number; resourceVersion?: string };
};

export interface SyncContext {
  /** `namespace/name`: the work queue and expectations key. */
  key: string;
  cs: StoredCloneSet;
  writer: KubeWriter;
  /** Throws unless this replica still owns the CloneSet's partition (called before every write). */
  fence: () => void;
  recorder: EventRecorder;
  scale: ScaleExpectations;
  versions: ResourceVersionExpectations;
  /**
   * Claims of pods this controller is deleting or deleted whose own delete has not succeeded yet: retried until
   * done (issue #12), and inherited by a successor.
   */
  pendingClaims: PendingClaimDeletes;
  /** Makes the owed claims durable in this replica's liveness record (before the pod deletes they follow). */
  recordOwed: () => Promise<void>;
  cache: ObjectCache;
  /** The partition was acquired recently: pod creates are re-checked against the apiserver first. */
  freshPartition: () => boolean;
  /** The cache was found behind the apiserver: this reconcile keeps the partition's re-check window open. */
  cacheBehind: () => void;
  /** The `sync cloneset` span: wait reasons and decisions become its events. */
  span: Span;
  /** What RolloutProgress is published under: the rollout's root (rolloutPublishContext). */
  progressContext: Context;
  now: number;
  gates: FeatureGates;
  logger: Logger | undefined;
}

export function involved(cs: StoredCloneSet): InvolvedObject {
  return {
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'CloneSet',
    namespace: cs.metadata.namespace,
    name: cs.metadata.name,
    uid: cs.metadata.uid,
    ...(cs.metadata.resourceVersion === undefined ? {} : { resourceVersion: cs.metadata.resourceVersion }),
  };
}

export function recordEvent(ctx: SyncContext, type: EventType, reason: string, message: string): void {
  ctx.recorder.record(involved(ctx.cs), type, reason, message, ctx.fence);
}

/** A revision's pod template: `spec.template` of its data without the `$patch` marker (Kruise's ApplyRevision). */
export function revisionTemplate(revision: ControllerRevision): PodTemplate {
  const raw = revision.data;
  const data = (
    typeof raw === 'string'
      ? JSON.parse(raw)
      : raw instanceof Uint8Array
        ? JSON.parse(new TextDecoder().decode(raw))
        : raw
  ) as { spec?: { template?: PodTemplate & { $patch?: string } } } | null;
  const { $patch: _marker, ...template } = data?.spec?.template ?? {};
  return structuredClone(template);
}
