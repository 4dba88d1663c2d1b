// ControllerRevisions of an Advanced StatefulSet (docs/behaviour/advanced-statefulset.md#revisions; Kruise getPatch, newRevision, nextRevision,
// getStatefulSetRevisions, ApplyRevision, truncateHistory). Only the pod template is versioned; the data is the
// Go-normalised template with "$patch":"replace" — the same bytes CloneSet revisions hold — hashed with
// history.HashControllerRevision over data + collision count. The hashing and history primitives are core's.

import { withoutConversionStash } from '@kruise-ts/api';
import {
  CONTROLLER_REVISION_HASH_LABEL,
  type ControllerRevision,
  cloneSetRevisionPatch,
  controllerRevisionName,
  equalRevision,
  findEqualRevisions,
  hashControllerRevision,
  type JsonObject,
  marshalGoJson,
  type NormaliseOptions,
  nextRevisionNumber,
  revisionsToPrune,
  sortRevisions,
} from '@kruise-ts/core';
import { statefulSetControllerRef } from './identity.ts';
import { type PodTemplateSpec, REVISION_LABEL, type StatefulSet } from './types.ts';

export interface NewStatefulSetRevision {
  /** Ready to create; `data` is the parsed form of `dataJson`. */
  revision: ControllerRevision;
  /** The exact bytes Kruise stores (send verbatim to keep the stored data byte-identical). */
  dataJson: string;
  hash: string;
}

/** getPatch as a JSON tree: {"spec":{"template":{…,"$patch":"replace"}}}. */
export function statefulSetRevisionPatch(set: StatefulSet, options?: NormaliseOptions): JsonObject {
  return cloneSetRevisionPatch(set.spec.template, options);
}

/** getPatch: the exact revision data bytes. */
export function statefulSetRevisionData(set: StatefulSet, options?: NormaliseOptions): string {
  return marshalGoJson(statefulSetRevisionPatch(set, options));
}

/**
 * newRevision (history.NewControllerRevision + the set's annotations): name `<set>-<hash>`, labels = template
 * labels + controller.kubernetes.io/hash, controller reference to the set, revision number as given.
 */
export function newStatefulSetRevision(
  set: StatefulSet,
  revisionNumber: number,
  collisionCount: number,
  options?: NormaliseOptions,
): NewStatefulSetRevision {
  const patch = statefulSetRevisionPatch(set, options);
  const dataJson = marshalGoJson(patch);
  const hash = hashControllerRevision(dataJson, collisionCount);
  const template = (patch.spec as JsonObject).template as JsonObject;
  const templateLabels = ((template.metadata as JsonObject | undefined)?.labels ?? {}) as Record<
    string,
    string
  >;
  const name = set.metadata?.name ?? '';
  const namespace = set.metadata?.namespace;
  const revision: ControllerRevision = {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name: controllerRevisionName(name, hash),
      ...(namespace === undefined ? {} : { namespace }),
      labels: { ...templateLabels, [CONTROLLER_REVISION_HASH_LABEL]: hash },
      annotations: withoutConversionStash(set.metadata?.annotations),
      ownerReferences: [statefulSetControllerRef(set)],
    },
    data: JSON.parse(dataJson),
    revision: revisionNumber,
  };
  return { revision, dataJson, hash };
}

export type StatefulSetRevisionDecision<T extends ControllerRevision> =
  /** The newest revision already holds this template: it is the update revision. */
  | { action: 'reuse'; revision: T }
  /** An older revision holds it: write it back with `.revision = revisionNumber` (rollback keeps the old name). */
  | { action: 'rollback'; revision: T; revisionNumber: number }
  /** No revision holds it: create `revision` (on AlreadyExists see core's resolveCreateConflict). */
  | { action: 'create'; revision: ControllerRevision; dataJson: string };

export interface StatefulSetRevisions<T extends ControllerRevision> {
  /** The revisions sorted as history.SortControllerRevisions. */
  sorted: T[];
  update: StatefulSetRevisionDecision<T>;
  /** status.collisionCount, 0 when unset. */
  collisionCount: number;
}

/** getStatefulSetRevisions' choice of update revision (the current revision is `currentRevisionOf`). */
export function decideStatefulSetRevisions<T extends ControllerRevision>(
  set: StatefulSet,
  revisions: readonly T[],
  options?: NormaliseOptions,
): StatefulSetRevisions<T> {
  const sorted = sortRevisions(revisions);
  const collisionCount = set.status?.collisionCount ?? 0;
  const candidate = newStatefulSetRevision(set, nextRevisionNumber(sorted), collisionCount, options);
  const equal = findEqualRevisions(sorted, candidate.revision);
  const lastEqual = equal.at(-1);
  let update: StatefulSetRevisionDecision<T>;
  if (lastEqual === undefined) {
    update = { action: 'create', revision: candidate.revision, dataJson: candidate.dataJson };
  } else if (equalRevision(sorted.at(-1) as T, lastEqual)) {
    update = { action: 'reuse', revision: sorted.at(-1) as T };
  } else {
    update = { action: 'rollback', revision: lastEqual, revisionNumber: candidate.revision.revision };
  }
  return { sorted, update, collisionCount };
}

/** The current revision: the one named by status.currentRevision, else the update revision. */
export function currentRevisionOf<T extends ControllerRevision>(
  revisions: readonly T[],
  statusCurrentRevision: string | undefined,
  updateRevision: T,
): T {
  return revisions.find((r) => r.metadata.name === statusCurrentRevision) ?? updateRevision;
}

/**
 * ApplyRevision for a StatefulSet revision: its data replaces the whole template ("$patch":"replace"), so the
 * restored template is the stored one without the directive. Raw JSON text is accepted as well.
 */
export function templateFromRevision(revision: ControllerRevision): PodTemplateSpec {
  const data = typeof revision.data === 'string' ? JSON.parse(revision.data) : revision.data;
  const template =
    (data as { spec?: { template?: Record<string, unknown> } } | undefined)?.spec?.template ?? {};
  const { $patch: _directive, ...rest } = template;
  return structuredClone(rest) as PodTemplateSpec;
}

/**
 * truncateHistory: the revisions to delete — the oldest beyond revisionHistoryLimit (default 10) among those that
 * are neither current, update, nor the revision of any given pod.
 */
export function revisionsToTruncate<T extends ControllerRevision>(
  set: StatefulSet,
  revisions: readonly T[],
  pods: readonly { metadata: { labels?: Record<string, string> } }[],
  currentRevisionName: string | undefined,
  updateRevisionName: string | undefined,
): T[] {
  const live = new Set<string>();
  if (currentRevisionName !== undefined) live.add(currentRevisionName);
  if (updateRevisionName !== undefined) live.add(updateRevisionName);
  for (const pod of pods) live.add(pod.metadata.labels?.[REVISION_LABEL] ?? '');
  return revisionsToPrune(revisions, (name) => live.has(name), set.spec.revisionHistoryLimit ?? 10);
}
