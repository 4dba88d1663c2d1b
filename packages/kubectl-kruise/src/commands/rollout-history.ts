// `rollout history` (the revision list, or one revision's template with --revision N) and `rollout undo`
// (the template of --to-revision N, or of the revision before the newest, written back to the workload).
import { intFlag, UsageError } from '../cli/args.ts';
import type { CommandContext } from '../cli/context.ts';
import { outputFormat, printActed, printObject } from '../cli/output.ts';
import { table } from '../cli/table.ts';
import { parseWorkloadRef, qualifiedName } from '../resource-ref.ts';
import {
  byRevision,
  describeTemplate,
  findUndoTarget,
  historyTable,
  revisionTemplate,
  templateMatches,
} from '../rollout/history.ts';
import { withTemplate } from '../rollout/patches.ts';

export async function rolloutHistoryCommand(ctx: CommandContext, resources: string[]): Promise<void> {
  const ref = parseWorkloadRef(resources);
  const revision = intFlag(ctx.args, 'revision') ?? 0;
  if (revision < 0) throw new UsageError(`revision must be a positive integer: ${revision}`);
  const format = outputFormat(ctx.args.flags.get('output'), ['json', 'yaml', 'wide']);
  const kube = ctx.kube();
  const w = await kube.getWorkload(ref.type, ref.name);
  const revisions = byRevision(await kube.revisionsOf(w));
  if (revision > 0) {
    const one = revisions.find((r) => r.revision === revision);
    if (one === undefined) throw new Error('unable to find the specified revision');
    if (format === 'json' || format === 'yaml') {
      ctx.out(printObject(one, format));
      return;
    }
    ctx.out(`${qualifiedName(ref)} with revision #${revision}\n${describeTemplate(one)}\n`);
    return;
  }
  if (format === 'json' || format === 'yaml') {
    ctx.out(printObject({ apiVersion: 'v1', kind: 'List', items: revisions }, format));
    return;
  }
  if (format === 'wide') {
    const rows = revisions.map((r) => [
      String(r.revision),
      r.metadata.name ?? '',
      (revisionTemplate(r).spec?.containers ?? []).map((c) => c.image ?? '').join(','),
      r.metadata.annotations?.['kubernetes.io/change-cause'] || '<none>',
    ]);
    ctx.out(`${qualifiedName(ref)}\n${table([['REVISION', 'NAME', 'IMAGES', 'CHANGE-CAUSE'], ...rows])}\n\n`);
    return;
  }
  ctx.out(`${qualifiedName(ref)}\n${historyTable(revisions)}\n\n`);
}

export async function rolloutUndoCommand(ctx: CommandContext, resources: string[]): Promise<void> {
  const ref = parseWorkloadRef(resources);
  const toRevision = intFlag(ctx.args, 'to-revision') ?? 0;
  const format = outputFormat(ctx.args.flags.get('output'), ['json', 'yaml', 'name']);
  const kube = ctx.kube();
  const w = await kube.getWorkload(ref.type, ref.name);
  const target = findUndoTarget(toRevision, await kube.revisionsOf(w));
  if (templateMatches(w, target)) {
    ctx.out(
      printActed(
        w,
        qualifiedName(ref),
        `skipped rollback (current template already matches revision ${target.revision})`,
        format,
      ),
    );
    return;
  }
  let written: unknown;
  try {
    written = await kube.replaceWorkload(ref.type, withTemplate(w, revisionTemplate(target)));
  } catch (err) {
    throw new Error(`failed restoring revision ${target.revision}: ${(err as Error).message}`, {
      cause: err,
    });
  }
  ctx.out(printActed(written, qualifiedName(ref), 'rolled back', format));
}
