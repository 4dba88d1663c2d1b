// `scale --delete-pods a,b [--replicas N] cloneset/NAME` and kruise-tools' `scaledown cloneset/NAME --pods a,b`
// (pkg/cmd/scaledown in openkruise/kruise-tools, which also lowers replicas by the number of pods): the pods go to
// spec.scaleStrategy.podsToDelete and the CloneSet controller deletes exactly those.
import { intFlag, UsageError } from '../cli/args.ts';
import type { CommandContext } from '../cli/context.ts';
import { outputFormat, printActed } from '../cli/output.ts';
import { CLONESET, parseWorkloadRef, qualifiedName } from '../resource-ref.ts';
import { deletePodsPatch } from '../rollout/patches.ts';

export async function scaleCommand(
  ctx: CommandContext,
  resources: string[],
  mode: 'scale' | 'scaledown',
): Promise<void> {
  const ref = parseWorkloadRef(resources);
  if (ref.type !== CLONESET)
    throw new UsageError('currently only supported CloneSet selective pods deletion');
  const list =
    ctx.args.flags.get(mode === 'scale' ? 'delete-pods' : 'pods') ?? ctx.args.flags.get('delete-pods');
  if (list === undefined || list === '') throw new UsageError('must specify one pod name');
  const pods = list
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const format = outputFormat(ctx.args.flags.get('output'), ['json', 'yaml', 'name']);
  const kube = ctx.kube();
  const w = await kube.getWorkload(ref.type, ref.name);
  const replicas =
    mode === 'scaledown' ? Math.max((w.spec.replicas ?? 1) - pods.length, 0) : intFlag(ctx.args, 'replicas');
  const patch = deletePodsPatch(w, { pods, ...(replicas === undefined ? {} : { replicas }) });
  const written = await kube.mergePatchWorkload(ref.type, ref.name, patch);
  ctx.out(printActed(written, qualifiedName(ref), 'scaled', format));
}
