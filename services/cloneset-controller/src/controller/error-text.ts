// How a failed write reads in Events and conditions: an apiserver error in the apiserver's own words (its Status
// message, e.g. `PersistentVolumeClaim "data-x" is invalid: spec.resources[storage]: Required value`), as Kruise
// prints client-go's errors (pkg/controller/cloneset/sync/cloneset_scale.go createPods, FailedCreate and the
// FailedScale condition) — without the request description the runtime's errors start with.
import { KubeApiError } from '@kruise-ts/runtime';

export function errorText(err: unknown): string {
  if (err instanceof KubeApiError && err.status?.message) return err.status.message;
  return err instanceof Error ? err.message : String(err);
}
