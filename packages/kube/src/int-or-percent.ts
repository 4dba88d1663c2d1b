// The three int-or-percent parsers Kruise uses (docs/behaviour/cloneset.md#int-or-percent). They disagree on purpose-irrelevant details that
// change results: "12.5%" validates but the controller computes 0 from it; "5" (no %) is rejected by validation but
// read as 5% by the controller; partition has its own rounding and clamping.

/** Kubernetes IntOrString as it appears in JSON. */
export type IntOrString = number | string;

export class IntOrPercentError extends Error {
  override name = 'IntOrPercentError';
}

// Converting a float outside int64 (or NaN/±Inf) to int yields this on amd64, where Kruise runs.
const GO_INT_OVERFLOW = -(2 ** 63);

function goInt(x: number): number {
  if (!Number.isFinite(x) || x >= 2 ** 63 || x < -(2 ** 63)) return GO_INT_OVERFLOW;
  return x === 0 ? 0 : x;
}

function intValue(v: number): number {
  if (!Number.isInteger(v)) throw new IntOrPercentError(`invalid IntOrString: ${v} is not an integer`);
  return v;
}

// Go accepts "_" as a digit separator in ParseFloat, but only between digits (or right after a base prefix).
function underscoresOk(s: string): boolean {
  let i = s[0] === '+' || s[0] === '-' ? 1 : 0;
  let saw = '^';
  let hex = false;
  if (s[i] === '0' && /[bBoOxX]/.test(s[i + 1] ?? '')) {
    hex = /[xX]/.test(s[i + 1] as string);
    saw = '0';
    i += 2;
  }
  for (; i < s.length; i++) {
    const c = s[i] as string;
    if ((c >= '0' && c <= '9') || (hex && /[a-fA-F]/.test(c))) {
      saw = '0';
    } else if (c === '_') {
      if (saw !== '0') return false;
      saw = '_';
    } else {
      if (saw === '_') return false;
      saw = '!';
    }
  }
  return saw !== '_';
}

/** strconv.ParseFloat(s, 64) syntax: decimal or hex floats, inf/infinity (signed), nan; overflow is an error. */
function parseGoFloat(input: string): number {
  if (/^[+-]?(inf|infinity)$/i.test(input)) return input.startsWith('-') ? -Infinity : Infinity;
  if (/^nan$/i.test(input)) return Number.NaN;
  if (input.includes('_') && !underscoresOk(input)) {
    throw new IntOrPercentError(`strconv.ParseFloat: parsing ${JSON.stringify(input)}: invalid syntax`);
  }
  const s = input.replaceAll('_', '');
  let value: number;
  if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) {
    value = Number(s);
  } else {
    const hex = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)$/.exec(s);
    if (hex === null || `${hex[2]}${hex[3] ?? ''}` === '')
      throw new IntOrPercentError(`strconv.ParseFloat: parsing ${JSON.stringify(input)}: invalid syntax`);
    const frac = hex[3] ?? '';
    const mantissa = Number.parseInt(`${hex[2]}${frac}` || '0', 16);
    value = mantissa * 2 ** (Number(hex[4]) - 4 * frac.length);
    if (hex[1] === '-') value = -value;
  }
  if (!Number.isFinite(value))
    throw new IntOrPercentError(`strconv.ParseFloat: parsing ${JSON.stringify(input)}: value out of range`);
  return value;
}

/** strconv.Atoi: optional sign and decimal digits within int64. */
function parseGoInt(s: string): number {
  if (!/^[+-]?\d+$/.test(s))
    throw new IntOrPercentError(`strconv.Atoi: parsing ${JSON.stringify(s)}: invalid syntax`);
  const big = BigInt(s);
  if (big >= 2n ** 63n || big < -(2n ** 63n)) {
    throw new IntOrPercentError(`strconv.Atoi: parsing ${JSON.stringify(s)}: value out of range`);
  }
  return Number(big);
}

const scale = (percent: number, total: number, roundUp: boolean): number => {
  const x = (percent * total) / 100;
  return goInt(roundUp ? Math.ceil(x) : Math.floor(x));
};

/**
 * Kruise util.GetScaledValueFromIntOrPercent — used by the validating webhook for partition, maxUnavailable and
 * maxSurge, and underneath partitionReplicas. An int is taken as is; a string must end in "%" and its number is
 * parsed as a float ("12.5%" is fine, "5" is an error); rounding as requested.
 */
export function getScaledValueFromIntOrPercent(
  value: IntOrString | null | undefined,
  total: number,
  roundUp: boolean,
): number {
  if (value === null || value === undefined) throw new IntOrPercentError('nil value for IntOrString');
  if (typeof value === 'number') return intValue(value);
  if (!value.endsWith('%')) throw new IntOrPercentError('invalid type: string is not a percentage');
  return scale(parseGoFloat(value.slice(0, -1)), total, roundUp);
}

/**
 * Kruise util.CalculatePartitionReplicas — partition as the controller and status use it. Unset partition is 0,
 * unset replicas counts as 1; percentages round up, but a percentage other than "100%" that reaches every replica
 * (with more than one replica) leaves one to update; the result is clamped to [0, replicas].
 */
export function calculatePartitionReplicas(
  partition: IntOrString | null | undefined,
  replicas: number | null | undefined,
): number {
  if (partition === null || partition === undefined) return 0;
  const total = replicas ?? 1;
  let p = getScaledValueFromIntOrPercent(partition, total, true);
  if (total > 1 && p === total && typeof partition === 'string' && partition !== '100%') p = total - 1;
  return Math.max(Math.min(p, total), 0);
}

/**
 * apimachinery's intstr.GetScaledValueFromIntOrPercent (what Kubernetes' own validation uses): a string must end
 * in "%" and the rest must be an integer; rounding as requested.
 */
export function intstrScaledValueFromIntOrPercent(
  value: IntOrString | null | undefined,
  total: number,
  roundUp: boolean,
): number {
  if (value === null || value === undefined) throw new IntOrPercentError('nil value for IntOrString');
  if (typeof value === 'number') return intValue(value);
  if (!value.endsWith('%')) {
    throw new IntOrPercentError('invalid value for IntOrString: invalid type: string is not a percentage');
  }
  let percent: number;
  try {
    percent = parseGoInt(value.slice(0, -1));
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new IntOrPercentError(
      `invalid value for IntOrString: invalid value ${JSON.stringify(value)}: ${reason}`,
      { cause },
    );
  }
  return scale(percent, total, roundUp);
}

/**
 * Kubernetes' deprecated intstr.GetValueFromIntOrPercent — what the controller applies to maxSurge,
 * maxUnavailable and scaleStrategy.maxUnavailable. Every "%" is removed and the rest must be an integer, which is
 * always taken as a percentage ("5" means 5%, "12.5%" is an error).
 */
export function getValueFromIntOrPercent(
  value: IntOrString | null | undefined,
  total: number,
  roundUp: boolean,
): number {
  if (value === null || value === undefined) throw new IntOrPercentError('nil value for IntOrString');
  if (typeof value === 'number') return intValue(value);
  let percent: number;
  try {
    percent = parseGoInt(value.replaceAll('%', ''));
  } catch (cause) {
    throw new IntOrPercentError(`invalid value for IntOrString: invalid value ${JSON.stringify(value)}`, {
      cause,
    });
  }
  return scale(percent, total, roundUp);
}

/** intstr.IntOrString.String(): how Go prints the value in error messages. */
export function intOrStringText(value: IntOrString | null | undefined): string {
  if (value === undefined || value === null) return '<nil>';
  return String(value);
}
