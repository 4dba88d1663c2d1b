// `describe cloneset/NAME` (or asts/NAME): the workload's state and its revisions with the pods on each.
import type { CommandContext } from '../cli/context.ts';
import { describeWorkload } from '../describe/revision-table.ts';
import { parseWorkloadRef } from '../resource-ref.ts';

export async function describeCommand(ctx: CommandContext, resources: string[]): Promise<void> {
  const ref = parseWorkloadRef(resources);
  const kube = ctx.kube();
  const w = await kube.getWorkload(ref.type, ref.name);
  const [revisions, pods] = await Promise.all([kube.revisionsOf(w), kube.podsOf(w)]);
  ctx.out(`${describeWorkload(ref.type, w, revisions, pods)}\n`);
}
