// `rollout status`: prints where the rollout is, and with --watch (the default) waits for it to finish, printing
// a line each time that changes, as kubectl does. Exits non-zero on --timeout.
import { boolFlag, parseDuration, UsageError } from '../cli/args.ts';
import type { CommandContext } from '../cli/context.ts';
import { parseWorkloadRef } from '../resource-ref.ts';
import { rolloutStatus } from '../rollout/status-message.ts';

const POLL_MS = 1000;

export async function rolloutStatusCommand(ctx: CommandContext, resources: string[]): Promise<void> {
  const ref = parseWorkloadRef(resources);
  const watch = boolFlag(ctx.args, 'watch', true);
  const timeoutMs = parseDuration(ctx.args.flags.get('timeout') ?? '0');
  if (ctx.args.flags.has('revision') && ctx.args.flags.get('revision') !== '0') {
    throw new UsageError('--revision is only supported for rollout status of Deployments and DaemonSets');
  }
  const kube = ctx.kube();
  const deadline = timeoutMs === 0 ? Number.POSITIVE_INFINITY : ctx.now() + timeoutMs;
  let last = '';
  for (;;) {
    const status = rolloutStatus(ref.type, await kube.getWorkload(ref.type, ref.name));
    if (status.message !== last) ctx.out(`${status.message}\n`);
    last = status.message;
    if (status.done || !watch) return;
    if (ctx.now() >= deadline) throw new Error('timed out waiting for the condition');
    await ctx.sleep(Math.min(POLL_MS, Math.max(deadline - ctx.now(), 0)));
  }
}
