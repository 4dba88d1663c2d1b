// In-place vertical scaling rules (docs/behaviour/cloneset.md#in-place-vertical-scaling; Kruise
// pkg/util/inplaceupdate/inplace_update_vertical.go NativeVerticalUpdate): which resource changes of a template are
// in-place-able, the pod QoS class that must not change, and the body of the pod `resize` subresource patch.

import { compareQuantities, parseQuantity, type ResourceRequirements } from '@kruise-ts/core';
import type { JsonPatchOp } from './json-diff.ts';

/** Only cpu and memory resize in place (allowedResizeResourceKey). */
export const RESIZABLE_RESOURCES: ReadonlySet<string> = new Set(['cpu', 'memory']);

/** /spec/containers/<i>/resources/<limits|requests>/<name> */
const RESOURCE_PATH = /^\/spec\/containers\/(\d+)\/resources\//;

export function isContainerResourcesPath(path: string): boolean {
  return RESOURCE_PATH.test(path);
}

export type ResourceChange =
  | { ok: true; index: number; kind: 'limits' | 'requests'; resource: string; quantity: string }
  | { ok: false; reason: string };

/**
 * UpdateInplaceUpdateMetadata: a resource patch operation is in-place-able only as a `replace` of a cpu/memory
 * limit or request with a parseable quantity (adding or removing a limit/request needs a recreate).
 */
export function parseResourceChange(op: JsonPatchOp): ResourceChange {
  const words = op.path.split('/');
  if (words.length !== 7) return { ok: false, reason: `invalid resource path: ${op.path}` };
  const index = Number(words[3]);
  const kind = words[5];
  const resource = (words[6] ?? '').replaceAll('~1', '/').replaceAll('~0', '~');
  if (!Number.isInteger(index) || (kind !== 'limits' && kind !== 'requests'))
    return { ok: false, reason: `invalid resource path: ${op.path}` };
  if (op.op !== 'replace') return { ok: false, reason: 'can not add or remove resources' };
  if (typeof op.value !== 'string') return { ok: false, reason: 'json patch value is not a quantity' };
  try {
    parseQuantity(op.value);
  } catch (err) {
    return { ok: false, reason: `parse quantity error: ${(err as Error).message}` };
  }
  if (!RESIZABLE_RESOURCES.has(resource))
    return { ok: false, reason: `disallowed inplace update resource: ${resource}` };
  return { ok: true, index, kind, resource, quantity: op.value };
}

export type QosClass = 'Guaranteed' | 'Burstable' | 'BestEffort';

interface QosContainer {
  resources?: ResourceRequirements;
}

// A quantity in JSON is a string or a plain number (the schema's int-or-string).
type QuantityValue = string | number;

const quantity = (q: QuantityValue) => parseQuantity(String(q));

const isZero = (q: QuantityValue): boolean => {
  try {
    return compareQuantities(quantity(q), parseQuantity('0')) === 0;
  } catch {
    return false;
  }
};

/**
 * The pod QoS class (k8s pkg/apis/core/v1/helper/qos GetPodQOS, container-level resources): BestEffort without
 * any cpu/memory request or limit; Guaranteed when every container limits cpu and memory and requests (defaulting
 * to the limits) equal them; Burstable otherwise.
 */
export function podQosClass(spec: {
  containers?: QosContainer[];
  initContainers?: QosContainer[];
}): QosClass {
  const requests = new Map<string, QuantityValue>();
  const limits = new Map<string, QuantityValue>();
  let guaranteed = true;
  for (const c of [...(spec.containers ?? []), ...(spec.initContainers ?? [])]) {
    const req = c.resources?.requests ?? {};
    const lim = c.resources?.limits ?? {};
    for (const [name, q] of Object.entries(req)) {
      if (!RESIZABLE_RESOURCES.has(name) || isZero(q)) continue;
      requests.set(name, q);
    }
    const limited = new Set<string>();
    for (const [name, q] of Object.entries(lim)) {
      if (!RESIZABLE_RESOURCES.has(name) || isZero(q)) continue;
      limits.set(name, q);
      limited.add(name);
    }
    if (limited.size !== RESIZABLE_RESOURCES.size) guaranteed = false;
    for (const [name, q] of Object.entries(req)) {
      if (!RESIZABLE_RESOURCES.has(name) || isZero(q)) continue;
      const l = lim[name];
      if (l === undefined || compareQuantities(quantity(q), quantity(l)) !== 0) guaranteed = false;
    }
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}

const sameQuantity = (a: QuantityValue | undefined, b: QuantityValue): boolean => {
  if (a === undefined) return false;
  try {
    return compareQuantities(quantity(a), quantity(b)) === 0;
  } catch {
    return false;
  }
};

/**
 * GenerateResourcePatch: `{"spec":{"containers":[{"name","resources"}]}}` for the pod `resize` subresource with the
 * cpu/memory quantities that differ from the pod's current spec, or undefined when nothing differs.
 */
export function resizePatch(
  containers: ReadonlyArray<{ name: string; resources?: ResourceRequirements }>,
  expected: Readonly<Record<string, ResourceRequirements>>,
): { spec: { containers: Array<{ name: string; resources: ResourceRequirements }> } } | undefined {
  const out: Array<{ name: string; resources: ResourceRequirements }> = [];
  for (const c of containers) {
    const want = expected[c.name];
    if (want === undefined) continue;
    const resources: ResourceRequirements = {};
    for (const kind of ['limits', 'requests'] as const) {
      for (const [name, q] of Object.entries(want[kind] ?? {})) {
        if (!RESIZABLE_RESOURCES.has(name) || sameQuantity(c.resources?.[kind]?.[name], q)) continue;
        resources[kind] = { ...resources[kind], [name]: q };
      }
    }
    if (resources.limits !== undefined || resources.requests !== undefined)
      out.push({ name: c.name, resources });
  }
  return out.length === 0 ? undefined : { spec: { containers: out } };
}
