// `rollout why cloneset/NAME | asts/NAME`: the rollout's trace from Jaeger, read as the chain of waits it spent its
// time in, with the link to the trace: on the trace UI `npm start` runs when known, since the local Jaeger serves
// no UI of its own. Both addresses come from the flags, the variables, or the local cluster's directory
// (src/why/endpoints.ts).
import { intFlag, UsageError } from '../cli/args.ts';
import type { CommandContext } from '../cli/context.ts';
import { printObject } from '../cli/output.ts';
import { CLONESET, parseWorkloadRef } from '../resource-ref.ts';
import { analyseRollout, formatAnalysis } from '../why/critical-path.ts';
import {
  JAEGER_URL_ENV,
  kubeconfigPath,
  readLocalState,
  resolveTraceEndpoints,
  TRACE_UI_URL_ENV,
} from '../why/endpoints.ts';
import { findRolloutTraceId, traceById } from '../why/jaeger.ts';
import { CLONESET_TRACE, STATEFULSET_TRACE } from '../why/trace-kind.ts';

export { JAEGER_URL_ENV, TRACE_UI_URL_ENV };

/** The page a person opens for the trace: Zipkin Lens's /zipkin/traces/<id> on the trace UI, else Jaeger's. */
export function traceLink(jaegerUrl: string, traceId: string, traceUiUrl?: string): string {
  if (traceUiUrl === undefined || traceUiUrl === '')
    return new URL(`/trace/${traceId}`, jaegerUrl).toString();
  const base = new URL(traceUiUrl);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  if (!base.pathname.endsWith('/zipkin/')) base.pathname += 'zipkin/';
  return new URL(`traces/${traceId}`, base).toString();
}

export async function rolloutWhyCommand(ctx: CommandContext, resources: string[]): Promise<void> {
  const ref = parseWorkloadRef(resources);
  const kind = ref.type === CLONESET ? CLONESET_TRACE : STATEFULSET_TRACE;
  const flags = {
    ...(ctx.args.flags.has('jaeger-url') ? { jaegerUrl: ctx.args.flags.get('jaeger-url') } : {}),
    ...(ctx.args.flags.has('trace-ui-url') ? { traceUiUrl: ctx.args.flags.get('trace-ui-url') } : {}),
  };
  const local = readLocalState(kubeconfigPath(ctx.args.flags.get('kubeconfig'), ctx.env));
  const { jaegerUrl, traceUiUrl } = resolveTraceEndpoints({ flags, env: ctx.env, local });
  if (jaegerUrl === undefined) {
    throw new UsageError(
      `the Jaeger query URL is needed: --jaeger-url, ${JAEGER_URL_ENV}, or a kubeconfig of a kruise-ts local cluster`,
    );
  }
  const format = ctx.args.flags.get('output');
  if (format !== undefined && format !== 'json' && format !== 'yaml') {
    throw new UsageError(
      `unable to match a printer suitable for the output format "${format}", allowed formats are: json,yaml`,
    );
  }
  let traceId = ctx.args.flags.get('trace-id');
  let generation = intFlag(ctx.args, 'generation');
  if (traceId === undefined) {
    const kube = ctx.kube();
    if (generation === undefined) {
      generation = (await kube.getWorkload(ref.type, ref.name)).metadata.generation ?? 1;
    }
    traceId = await findRolloutTraceId(jaegerUrl, kube.namespace, ref.name, generation, kind);
    if (traceId === undefined) {
      throw new Error(
        `no trace of the rollout of ${kube.namespace}/${ref.name} generation ${generation} in Jaeger at ${jaegerUrl}`,
      );
    }
  }
  const analysis = analyseRollout(await traceById(jaegerUrl, traceId), kind);
  const link = traceLink(jaegerUrl, traceId, traceUiUrl);
  if (format === 'json' || format === 'yaml') {
    ctx.out(printObject({ ...analysis, traceUrl: link }, format));
    return;
  }
  ctx.out(`${formatAnalysis(analysis, link)}\n`);
}
