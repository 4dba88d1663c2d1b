// `describe cloneset/NAME`: the workload's summary and a table of its revisions with the pods on each. A pod is on
// a revision when its controller-revision-hash label names it (either the full or the short form,
// packages/core/src/revision-labels.ts). Pure.
import { isPodReady, revisionHashMatches } from '@kruise-ts/core';
import { table } from '../cli/table.ts';
import type { WorkloadKind } from '../resource-ref.ts';
import { byRevision } from '../rollout/history.ts';
import { isPaused, partitionOf } from '../rollout/status-message.ts';
import type { ControllerRevision, Pod, Workload } from '../workload.ts';

export interface RevisionRow {
  name: string;
  revision: number;
  pods: number;
  ready: number;
  /** current / update, as status names them. */
  role: string;
}

export function revisionRows(
  workload: Workload,
  revisions: readonly ControllerRevision[],
  pods: readonly Pod[],
): RevisionRow[] {
  const active = pods.filter((p) => p.metadata.deletionTimestamp === undefined);
  const { currentRevision, updateRevision } = workload.status ?? {};
  return byRevision(revisions)
    .reverse()
    .map((r) => {
      const name = r.metadata.name ?? '';
      const on = active.filter((p) =>
        revisionHashMatches(p.metadata.labels?.['controller-revision-hash'], name),
      );
      const role = [name === updateRevision ? 'update' : '', name === currentRevision ? 'current' : '']
        .filter((x) => x !== '')
        .join(',');
      return { name, revision: r.revision, pods: on.length, ready: on.filter(isPodReady).length, role };
    });
}

export function revisionTable(rows: readonly RevisionRow[]): string {
  if (rows.length === 0) return '  <none>';
  return table(
    [
      ['REVISION', 'NAME', 'PODS', 'READY', 'STATUS'],
      ...rows.map((r) => [String(r.revision), r.name, String(r.pods), String(r.ready), r.role || '-']),
    ],
    '  ',
  );
}

function selectorText(w: Workload): string {
  const labels = Object.entries(w.spec.selector?.matchLabels ?? {}).map(([k, v]) => `${k}=${v}`);
  return labels.length === 0 ? '<none>' : labels.join(',');
}

export function describeWorkload(
  type: WorkloadKind,
  workload: Workload,
  revisions: readonly ControllerRevision[],
  pods: readonly Pod[],
): string {
  const w = workload;
  const s = w.status ?? {};
  const strategy = w.spec.updateStrategy ?? {};
  const created = w.metadata.creationTimestamp;
  const lines = [
    `Name:               ${w.metadata.name ?? ''}`,
    `Namespace:          ${w.metadata.namespace ?? ''}`,
    `Kind:               ${type.kind}.${type.group}`,
    `CreationTimestamp:  ${created ?? '<unknown>'}`,
    `Selector:           ${selectorText(w)}`,
    `Generation:         ${w.metadata.generation ?? 0} (observed ${s.observedGeneration ?? 0})`,
    `Replicas:           ${w.spec.replicas ?? 1} desired | ${s.updatedReplicas ?? 0} updated | ${s.updatedReadyReplicas ?? 0} updated ready | ${s.readyReplicas ?? 0} ready | ${s.availableReplicas ?? 0} available | ${s.replicas ?? 0} total`,
    `UpdateStrategy:     ${strategy.type ?? (type.kind === 'CloneSet' ? 'ReCreate' : 'RollingUpdate')}, partition ${partitionOf(type, w)}${isPaused(type, w) ? ', paused' : ''}`,
    `CurrentRevision:    ${s.currentRevision ?? '<none>'}`,
    `UpdateRevision:     ${s.updateRevision ?? '<none>'}`,
  ];
  const toDelete = w.spec.scaleStrategy?.podsToDelete ?? [];
  if (toDelete.length > 0) lines.push(`PodsToDelete:       ${toDelete.join(',')}`);
  lines.push('Revisions:');
  lines.push(revisionTable(revisionRows(w, revisions, pods)));
  return lines.join('\n');
}
