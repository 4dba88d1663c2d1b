// `rollout history` and `rollout undo` over a workload's ControllerRevisions, as kruise-tools reads them
// (pkg/internal/polymorphichelpers/history.go and rollback.go in openkruise/kruise-tools): revisions keyed by
// their number, undo without --to-revision goes to the second newest, and a revision's data is the template
// patch {"spec":{"template":{…,"$patch":"replace"}}} the controllers write (packages/core/src/revision.ts). Pure.
import { table } from '../cli/table.ts';
import type { ControllerRevision, PodTemplate, Workload } from '../workload.ts';

export const CHANGE_CAUSE_ANNOTATION = 'kubernetes.io/change-cause';

export function byRevision(revisions: readonly ControllerRevision[]): ControllerRevision[] {
  return [...revisions].sort((a, b) => a.revision - b.revision);
}

/** The template a revision holds, without the `$patch` directive. */
export function revisionTemplate(revision: ControllerRevision): PodTemplate {
  const data = (typeof revision.data === 'string' ? JSON.parse(revision.data) : revision.data) as
    | { spec?: { template?: PodTemplate & { $patch?: string } } }
    | undefined;
  const template = data?.spec?.template;
  if (template === undefined) {
    throw new Error(`unable to parse history ${revision.metadata.name ?? ''}`);
  }
  const { $patch: _directive, ...rest } = template;
  return rest;
}

/** The revision `rollout undo` goes to: --to-revision N, or (0) the one before the newest. */
export function findUndoTarget(
  toRevision: number,
  revisions: readonly ControllerRevision[],
): ControllerRevision {
  if (toRevision < 0) throw new Error(`unable to find specified revision ${toRevision} in history`);
  const sorted = byRevision(revisions);
  if (toRevision === 0) {
    if (sorted.length <= 1) throw new Error('no last revision to roll back to');
    return sorted[sorted.length - 2] as ControllerRevision;
  }
  const found = sorted.find((r) => r.revision === toRevision);
  if (found === undefined) throw new Error(`unable to find specified revision ${toRevision} in history`);
  return found;
}

/** Key-order-insensitive JSON equality, for "does the template already match". */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

export function templateMatches(workload: Workload, revision: ControllerRevision): boolean {
  return sameJson(workload.spec.template ?? {}, revisionTemplate(revision));
}

/** REVISION / CHANGE-CAUSE, oldest first. */
export function historyTable(revisions: readonly ControllerRevision[]): string {
  if (revisions.length === 0) return 'No rollout history found.';
  const rows = byRevision(revisions).map((r) => [
    String(r.revision),
    r.metadata.annotations?.[CHANGE_CAUSE_ANNOTATION] || '<none>',
  ]);
  return table([['REVISION', 'CHANGE-CAUSE'], ...rows]);
}

/** One revision's pod template, in the shape of kubectl's "Pod Template:" description. */
export function describeTemplate(revision: ControllerRevision): string {
  const t = revisionTemplate(revision);
  const lines = ['Pod Template:'];
  const labels = Object.entries(t.metadata?.labels ?? {}).map(([k, v]) => `${k}=${v}`);
  lines.push(`  Labels:\t${labels.length === 0 ? '<none>' : labels.join('\n        \t')}`);
  const annotations = Object.entries(t.metadata?.annotations ?? {}).map(([k, v]) => `${k}: ${v}`);
  if (annotations.length > 0) lines.push(`  Annotations:\t${annotations.join('\n        \t')}`);
  lines.push('  Containers:');
  for (const c of t.spec?.containers ?? []) {
    lines.push(`   ${c.name}:`);
    lines.push(`    Image:\t${c.image ?? '<none>'}`);
    const ports = (c.ports as { containerPort: number; protocol?: string }[] | undefined) ?? [];
    lines.push(
      `    Port:\t${ports.length === 0 ? '<none>' : ports.map((p) => `${p.containerPort}/${p.protocol ?? 'TCP'}`).join(', ')}`,
    );
    const env = (c.env as { name: string; value?: string }[] | undefined) ?? [];
    lines.push(`    Environment:\t${env.length === 0 ? '<none>' : ''}`);
    for (const e of env) lines.push(`      ${e.name}:\t${e.value ?? '<set from a source>'}`);
  }
  return lines.join('\n');
}
