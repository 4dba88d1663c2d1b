// How many of the job's pods may be active at once (reconcilePods): spec.parallelism (default MaxInt32) read
// with k8s' deprecated GetValueFromIntOrPercent against the desired node count, percentages rounded up, then
// narrowed to int32 as Kruise does.

import { getValueFromIntOrPercent } from '@kruise-ts/kube';
import type { BroadcastJob } from './types.ts';

export const MAX_INT32 = 2 ** 31 - 1;

export type Parallelism = { value: number } | { error: string };

export function jobParallelism(job: BroadcastJob, desired: number): Parallelism {
  try {
    return { value: getValueFromIntOrPercent(job.spec.parallelism ?? MAX_INT32, desired, true) | 0 };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}
