// A sidecar's resources computed from the pod it is injected into (`resourcesPolicy`; Kruise's
// pkg/webhook/pod/mutating/sidecarset_resources.go, applied at pod creation only): the app containers whose names
// match the policy's regex (native sidecars among the init containers included, the matched SidecarSets' own
// containers excluded) are aggregated by sum or max, and each of `resourcesExpr`'s expressions is evaluated with
// the aggregate as its variable. A limit is left unset (unlimited) when any target container has none.
import { evaluateResourceExpression, formatExpressionValue } from '@kruise-ts/api';
import {
  addQuantities,
  compareQuantities,
  milliQuantity,
  parseQuantity,
  type Quantity,
} from '@kruise-ts/kube';
import { isNativeSidecar } from './hash.ts';
import type { Container, Pod, SidecarContainer, SidecarSet } from './types.ts';

type ResourcesPolicy = NonNullable<SidecarContainer['resourcesPolicy']>;
type Resource = 'cpu' | 'memory';
type Aggregate = Partial<Record<Resource, Quantity>>;

const RESOURCES: readonly Resource[] = ['cpu', 'memory'];
const ZERO: Quantity = { unscaled: 0n, scale: 0, format: 'DecimalSI' };

export class ResourcesPolicyError extends Error {
  override name = 'ResourcesPolicyError';
}

/** Go's %q for the strings here (regexes, expressions): JSON's quoting agrees for printable ASCII. */
const quote = (s: string) => JSON.stringify(s);

function quantityOf(value: string | number | undefined): Quantity | undefined {
  return value === undefined ? undefined : parseQuantity(String(value).trim());
}

/** getTargetContainers: native sidecars first, then containers; never a sidecar of a matched SidecarSet. */
export function targetContainers(
  pod: Pod,
  nameRegex: string,
  sidecarSets: readonly SidecarSet[],
): Container[] {
  let pattern: RegExp;
  try {
    pattern = new RegExp(nameRegex);
  } catch (err) {
    throw new ResourcesPolicyError(
      `failed to get target containers: invalid regex pattern ${quote(nameRegex)}: ${(err as Error).message}`,
    );
  }
  const sidecarNames = new Set(
    sidecarSets.flatMap((s) =>
      [...(s.spec.initContainers ?? []), ...(s.spec.containers ?? [])].map((c) => c.name),
    ),
  );
  const candidates = [...(pod.spec.initContainers ?? []).filter(isNativeSidecar), ...pod.spec.containers];
  return candidates.filter((c) => !sidecarNames.has(c.name) && pattern.test(c.name));
}

/**
 * aggregateResources: `sum` adds, `max` keeps the largest (as written); a request a container lacks counts as 0,
 * and a limit any container lacks makes the aggregate unlimited (absent).
 */
export function aggregateResources(
  containers: readonly Container[],
  mode: ResourcesPolicy['targetContainersMode'],
): { limits: Aggregate; requests: Aggregate } {
  const limits: Aggregate = {};
  const requests: Aggregate = {};
  for (const resource of RESOURCES) {
    let limit: Quantity | undefined = mode === 'sum' ? ZERO : undefined;
    let unlimited = false;
    let request: Quantity | undefined = mode === 'sum' ? ZERO : undefined;
    for (const c of containers) {
      const l = quantityOf(c.resources?.limits?.[resource]);
      const r = quantityOf(c.resources?.requests?.[resource]);
      if (l === undefined) unlimited = true;
      else limit = combine(limit, l, mode);
      if (r !== undefined) request = combine(request, r, mode);
    }
    if (!unlimited && limit !== undefined) limits[resource] = limit;
    // Kruise leaves a summed zero out; the expression sees 0 either way.
    if (request !== undefined) requests[resource] = request;
  }
  return { limits, requests };
}

function combine(
  acc: Quantity | undefined,
  q: Quantity,
  mode: ResourcesPolicy['targetContainersMode'],
): Quantity {
  if (mode === 'sum') return addQuantities(acc ?? ZERO, q);
  return acc === undefined || compareQuantities(q, acc) > 0 ? q : acc;
}

/** evaluateResourceExpression of sidecarset_resources.go: the variable is `memory` if the expression names it. */
function evaluate(expr: string, aggregate: Quantity): string {
  const variable = /\bmemory\b/.test(expr) ? 'memory' : 'cpu';
  let result: ReturnType<typeof evaluateResourceExpression>;
  try {
    result = evaluateResourceExpression(expr, { [variable]: { quantity: aggregate } });
  } catch (err) {
    throw new ResourcesPolicyError(`failed to parse expression ${quote(expr)}: ${(err as Error).message}`, {
      cause: err,
    });
  }
  if ('quantity' in result) return formatExpressionValue(result);
  // A plain number is cores for cpu (kept in millis) and bytes for memory.
  const n = Number.isFinite(result.number) ? result.number : 0;
  const q =
    variable === 'cpu'
      ? milliQuantity(BigInt(Math.trunc(n * 1000)))
      : { unscaled: BigInt(Math.trunc(n)), scale: 0, format: 'DecimalSI' as const };
  return formatExpressionValue({ quantity: q });
}

const LABEL: Record<Resource, string> = { cpu: 'CPU', memory: 'memory' };

/**
 * The resources `sidecar`'s policy gives it in `pod` (applyResourcesPolicy). Throws ResourcesPolicyError with
 * Kruise's message when no container matches or an expression fails; the webhook then refuses the pod.
 */
export function policyResources(
  sidecar: SidecarContainer,
  pod: Pod,
  sidecarSets: readonly SidecarSet[],
): NonNullable<Container['resources']> {
  const policy = sidecar.resourcesPolicy;
  if (policy === undefined) return sidecar.resources ?? {};
  const regex = policy.targetContainersNameRegex ?? '.*';
  const targets = targetContainers(pod, regex, sidecarSets);
  if (targets.length === 0)
    throw new ResourcesPolicyError(`no containers match the regex pattern ${quote(regex)}`);
  const aggregate = aggregateResources(targets, policy.targetContainersMode);
  const out: NonNullable<Container['resources']> = {};
  const limits: Record<string, string> = {};
  const requests: Record<string, string> = {};
  // Limits first, then requests, cpu before memory: the first failure is the one Kruise reports.
  for (const resource of RESOURCES) {
    const limitExpr = policy.resourcesExpr.limits?.[resource] ?? '';
    const limit = aggregate.limits[resource];
    // An unlimited aggregate leaves the sidecar's limit unset too.
    if (limitExpr !== '' && limit !== undefined) {
      limits[resource] = wrap(`${LABEL[resource]} limits`, () => evaluate(limitExpr, limit));
    }
  }
  for (const resource of RESOURCES) {
    const requestExpr = policy.resourcesExpr.requests?.[resource] ?? '';
    if (requestExpr !== '') {
      const request = aggregate.requests[resource] ?? ZERO;
      requests[resource] = wrap(`${LABEL[resource]} requests`, () => evaluate(requestExpr, request));
    }
  }
  if (Object.keys(limits).length > 0) out.limits = limits;
  if (Object.keys(requests).length > 0) out.requests = requests;
  return out;
}

function wrap(what: string, run: () => string): string {
  try {
    return run();
  } catch (err) {
    throw new ResourcesPolicyError(`failed to evaluate ${what} expression: ${(err as Error).message}`, {
      cause: err,
    });
  }
}
