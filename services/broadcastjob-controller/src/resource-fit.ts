// The scheduler's NodeResourcesFit filter (noderesources.Fits) as Kruise calls it: the node is taken as empty
// (no other pod's requests are subtracted), so the check is the pod's own requests against the node's
// allocatable, plus room for one pod. Requests follow k8s resourcehelper.PodRequests: the sum of the containers,
// at least the largest init container (sidecar init containers, restartPolicy Always, add up and stay), plus
// overhead.

import type { PodSpec } from '@kruise-ts/api';
import type { Node, ResourceList } from '@kruise-ts/core';
import { parseQuantity } from '@kruise-ts/core';
import { isQualifiedName } from '@kruise-ts/kube';

const NANO_PER_UNIT = 10n ** 9n;
const NANO_PER_MILLI = 10n ** 6n;

type Amounts = Map<string, bigint>;

// Quantities are kept exactly, in nano units (parseQuantity already rounds to nano). The apiserver only hands out
// valid quantities; anything unparsable counts as zero rather than failing the reconcile.
function nanoOf(value: string | number): bigint {
  try {
    const q = parseQuantity(typeof value === 'number' ? String(value) : value.trim());
    return q.scale >= -9 ? q.unscaled * 10n ** BigInt(q.scale + 9) : 0n;
  } catch {
    return 0n;
  }
}

function amountsOf(list: ResourceList | null | undefined): Amounts {
  const out: Amounts = new Map();
  for (const [name, value] of Object.entries(list ?? {})) out.set(name, nanoOf(value));
  return out;
}

function add(into: Amounts, from: Amounts): void {
  for (const [name, v] of from) into.set(name, (into.get(name) ?? 0n) + v);
}

function maxInto(into: Amounts, from: Amounts): void {
  for (const [name, v] of from) {
    const cur = into.get(name);
    if (cur === undefined || v > cur) into.set(name, v);
  }
}

/** Go's Quantity.Value()/MilliValue() round up. */
function ceilDiv(n: bigint, d: bigint): bigint {
  return n > 0n ? (n + d - 1n) / d : n / d;
}

/** Total requests of a pod (in nano units per resource name). */
export function podRequests(spec: Partial<PodSpec> | undefined): Amounts {
  const reqs: Amounts = new Map();
  for (const c of spec?.containers ?? []) add(reqs, amountsOf(c.resources?.requests));
  const sidecars: Amounts = new Map();
  const initPeak: Amounts = new Map();
  for (const c of spec?.initContainers ?? []) {
    const own = amountsOf(c.resources?.requests);
    if (c.restartPolicy === 'Always') {
      // A sidecar runs beside everything after it, including the app containers.
      add(reqs, own);
      add(sidecars, own);
      maxInto(initPeak, sidecars);
    } else {
      const during = new Map(own);
      add(during, sidecars);
      maxInto(initPeak, during);
    }
  }
  maxInto(reqs, initPeak);
  add(reqs, amountsOf(spec?.overhead));
  return reqs;
}

/** v1helper.IsExtendedResourceName: a domain-prefixed name outside kubernetes.io. */
function isExtendedResourceName(name: string): boolean {
  if (!name.includes('/') || name.includes('kubernetes.io/')) return false;
  // Quota would track it as requests.<name>, which must be a valid qualified name.
  return !name.startsWith('requests.') && isQualifiedName(`requests.${name}`);
}

/** schedutil.IsScalarResourceName: resources the filter compares besides cpu, memory and ephemeral-storage. */
export function isScalarResourceName(name: string): boolean {
  return (
    isExtendedResourceName(name) ||
    name.startsWith('hugepages-') ||
    name.includes('kubernetes.io/') ||
    name.startsWith('attachable-volumes-')
  );
}

/** What the filter reports for the pod on an empty node; empty when the pod fits. Scalar names in name order. */
export function insufficientResources(spec: Partial<PodSpec> | undefined, node: Node): string[] {
  const allocatable = amountsOf(node.status?.allocatable);
  const reasons: string[] = [];
  const allowedPods = ceilDiv(allocatable.get('pods') ?? 0n, NANO_PER_UNIT);
  if (1n > allowedPods) reasons.push('Too many pods');

  const requests = podRequests(spec);
  const milliCpu = ceilDiv(requests.get('cpu') ?? 0n, NANO_PER_MILLI);
  const memory = ceilDiv(requests.get('memory') ?? 0n, NANO_PER_UNIT);
  const storage = ceilDiv(requests.get('ephemeral-storage') ?? 0n, NANO_PER_UNIT);
  const scalars = [...requests.keys()].filter(isScalarResourceName).sort();
  if (milliCpu > 0n && milliCpu > ceilDiv(allocatable.get('cpu') ?? 0n, NANO_PER_MILLI)) {
    reasons.push('Insufficient cpu');
  }
  if (memory > 0n && memory > ceilDiv(allocatable.get('memory') ?? 0n, NANO_PER_UNIT)) {
    reasons.push('Insufficient memory');
  }
  if (storage > 0n && storage > ceilDiv(allocatable.get('ephemeral-storage') ?? 0n, NANO_PER_UNIT)) {
    reasons.push('Insufficient ephemeral-storage');
  }
  for (const name of scalars) {
    const wanted = ceilDiv(requests.get(name) ?? 0n, NANO_PER_UNIT);
    if (wanted !== 0n && wanted > ceilDiv(allocatable.get(name) ?? 0n, NANO_PER_UNIT)) {
      reasons.push(`Insufficient ${name}`);
    }
  }
  return reasons;
}
