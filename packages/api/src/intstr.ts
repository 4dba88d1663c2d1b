// Kruise's int-or-percent arithmetic (pkg/util/tools.go). Note docs/behaviour/cloneset.md#int-or-percent: the controller uses other
// parsers for maxSurge/maxUnavailable; this file is the one webhook validation and partition use.
import type { IntOrString } from './schema/helpers.ts';

/** Go strconv.ParseFloat's decimal syntax (plus inf/nan), which `"12.5%"` and `"1e1%"` pass. */
const goFloat = /^[+-]?((\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?|inf(inity)?|nan)$/i;

/**
 * util.GetScaledValueFromIntOrPercent: an int is taken as is; a string must end with `%` and its number (a float)
 * is scaled by `total`, rounded up or down. Throws with Kruise's error text otherwise.
 */
export function getScaledValueFromIntOrPercent(
  value: IntOrString | undefined,
  total: number,
  roundUp: boolean,
): number {
  if (value === undefined || value === null) throw new Error('nil value for IntOrString');
  if (typeof value === 'number') return Math.trunc(value);
  if (!value.endsWith('%')) throw new Error('invalid type: string is not a percentage');
  const digits = value.slice(0, -1);
  if (!goFloat.test(digits))
    throw new Error(`strconv.ParseFloat: parsing ${JSON.stringify(digits)}: invalid syntax`);
  const scaled = (Number.parseFloat(digits.replace(/^([+-]?)inf(inity)?$/i, '$1Infinity')) * total) / 100;
  return roundUp ? Math.ceil(scaled) : Math.floor(scaled);
}

/** util.CalculatePartitionReplicas (pinned by pkg/util/tools_test.go TestCalculatePartitionReplicas). */
export function calculatePartitionReplicas(
  partition: IntOrString | undefined,
  replicas: number | undefined,
): number {
  if (partition === undefined) return 0;
  const total = replicas ?? 1;
  let value = getScaledValueFromIntOrPercent(partition, total, true);
  // A percentage below 100% always leaves at least one pod to update when there is more than one.
  if (total > 1 && value === total && typeof partition === 'string' && partition !== '100%')
    value = total - 1;
  return Math.max(Math.min(value, total), 0);
}

/** intstr.IntOrString.String(): how Go prints the value in error messages. */
export function intOrStringText(value: IntOrString | undefined): string {
  if (value === undefined) return '<nil>';
  return String(value);
}
