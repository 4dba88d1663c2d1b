// `rollout pause` / `rollout resume`: set or clear the update strategy's paused flag (CloneSet
// spec.updateStrategy.paused, Advanced StatefulSet spec.updateStrategy.rollingUpdate.paused).
import type { CommandContext } from '../cli/context.ts';
import { outputFormat, printActed } from '../cli/output.ts';
import { parseWorkloadRef, qualifiedName, resourceName } from '../resource-ref.ts';
import { pausePatch, resumePatch } from '../rollout/patches.ts';

export async function rolloutPauseCommand(
  ctx: CommandContext,
  resources: string[],
  action: 'pause' | 'resume',
): Promise<void> {
  const ref = parseWorkloadRef(resources);
  const format = outputFormat(ctx.args.flags.get('output'), ['json', 'yaml', 'name']);
  const kube = ctx.kube();
  const w = await kube.getWorkload(ref.type, ref.name);
  let patch: ReturnType<typeof pausePatch>;
  try {
    patch = action === 'pause' ? pausePatch(ref.type, w) : resumePatch(ref.type, w);
  } catch (err) {
    throw new Error(`${resourceName(ref.type)} "${ref.name}" ${(err as Error).message}`, { cause: err });
  }
  const written = await kube.mergePatchWorkload(ref.type, ref.name, patch);
  ctx.out(printActed(written, qualifiedName(ref), action === 'pause' ? 'paused' : 'resumed', format));
}
