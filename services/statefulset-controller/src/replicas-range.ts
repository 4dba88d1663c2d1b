// Which ordinals a StatefulSet wants (docs/behaviour/advanced-statefulset.md#ordinals; Kruise getStatefulSetReplicasRange, podInOrdinalRangeWithParams,
// GetReserveOrdinalIntSet, getParentNameAndOrdinal): the valid ordinals are [start, end) minus the reserved ones,
// where end is the first ordinal that leaves exactly `replicas` unreserved ordinals in the range.

import type { IntOrString } from '@kruise-ts/kube';
import { gateOn, type StatefulSetGates } from './types.ts';

export interface ReplicasRange {
  /** First possible ordinal (inclusive). */
  start: number;
  /** End of the range (exclusive). */
  end: number;
  /** Reserved ordinals; some may lie outside [start, end) and then have no effect. */
  reserved: ReadonlySet<number>;
}

interface SetForRange {
  spec: {
    replicas?: number;
    reserveOrdinals?: IntOrString[];
    ordinals?: { start: number };
  };
}

const MAX_INT32 = 2 ** 31 - 1;

// strconv.Atoi: optional sign, decimal digits, within int64.
function atoi(s: string): number | undefined {
  if (!/^[+-]?\d+$/.test(s)) return undefined;
  const big = BigInt(s);
  if (big >= 2n ** 63n || big < -(2n ** 63n)) return undefined;
  return Number(big);
}

/** ParseRange: "a-b" with a ≤ b (split on every "-", so negatives never parse); undefined when invalid. */
export function parseOrdinalRange(s: string): { start: number; end: number } | undefined {
  const parts = s.split('-');
  if (parts.length !== 2) return undefined;
  const start = atoi(parts[0] as string);
  const end = atoi(parts[1] as string);
  if (start === undefined || end === undefined || start > end) return undefined;
  return { start, end };
}

/**
 * GetReserveOrdinalIntSet: ints as they are, strings as inclusive "a-b" ranges. One string that does not parse
 * empties the whole set (the webhook refuses such specs, so this only hits objects written around it).
 */
export function reservedOrdinals(reserveOrdinals: readonly IntOrString[] | undefined): Set<number> {
  const values = new Set<number>();
  for (const elem of reserveOrdinals ?? []) {
    if (typeof elem === 'number') {
      values.add(elem);
      continue;
    }
    const range = parseOrdinalRange(elem);
    if (range === undefined) return new Set();
    for (let i = range.start; i <= range.end; i++) values.add(i);
  }
  return values;
}

/** getStartOrdinal: spec.ordinals.start with the StatefulSetStartOrdinal gate on, else 0. */
export function startOrdinal(set: SetForRange, gates?: StatefulSetGates): number {
  if (gateOn(gates, 'startOrdinal') && set.spec.ordinals !== undefined) return set.spec.ordinals.start;
  return 0;
}

/** getStatefulSetReplicasRange (replicas defaults to 1, as the webhook would have set it). */
export function getStatefulSetReplicasRange(set: SetForRange, gates?: StatefulSetGates): ReplicasRange {
  const reserved = reservedOrdinals(set.spec.reserveOrdinals);
  const start = startOrdinal(set, gates);
  const replicas = set.spec.replicas ?? 1;
  let end = start;
  for (let counted = 0; counted < replicas; end++) {
    if (!reserved.has(end)) counted++;
  }
  return { start, end, reserved };
}

/** podInOrdinalRangeWithParams: the ordinal lies in [start, end) and is not reserved. */
export function ordinalInRange(ordinal: number, range: ReplicasRange): boolean {
  return ordinal >= range.start && ordinal < range.end && !range.reserved.has(ordinal);
}

/** The valid ordinals in ascending order. */
export function validOrdinals(range: ReplicasRange): number[] {
  const out: number[] = [];
  for (let o = range.start; o < range.end; o++) if (!range.reserved.has(o)) out.push(o);
  return out;
}

/**
 * getParentNameAndOrdinal: the name must end in "-<digits>"; the parent is everything before the last such
 * suffix (the regex is greedy). An ordinal that does not fit int32 gives -1 but keeps the parent.
 */
export function parseStatefulPodName(name: string): { parent: string; ordinal: number } | undefined {
  const m = /(.*)-([0-9]+)$/.exec(name);
  if (m === null) return undefined;
  const digits = m[2] as string;
  const value = BigInt(digits);
  return { parent: m[1] as string, ordinal: value > BigInt(MAX_INT32) ? -1 : Number(value) };
}

/** getOrdinal: the pod's ordinal, -1 when its name has none. */
export function getOrdinal(name: string): number {
  return parseStatefulPodName(name)?.ordinal ?? -1;
}

/** isMemberOf: the name parses as <set>-<int>. */
export function isMemberOf(setName: string, podName: string): boolean {
  return parseStatefulPodName(podName)?.parent === setName;
}

export type OrdinalClass = 'valid' | 'condemned' | 'ignored';

/** Valid replica, condemned (parseable ordinal outside the valid set) or ignored (no ordinal). */
export function classifyOrdinal(podName: string, range: ReplicasRange): OrdinalClass {
  const ordinal = getOrdinal(podName);
  if (ordinal < 0) return 'ignored';
  return ordinalInRange(ordinal, range) ? 'valid' : 'condemned';
}
