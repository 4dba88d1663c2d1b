// The opening every workload reconcile shares (docs/adr/0010-workload-controller-anatomy.md): read the workload
// from the cache — gone, its scale expectations are forgotten and there is nothing to do — then wait behind the
// expectations gate (Kruise's satisfiedExpectations at the top of each Reconcile).
import type { CachedObject, TypedKind } from '../cache/object-cache.ts';
import type { ReconcileResult } from '../controller.ts';
import type { PartitionedReconcileRequest } from '../partitioned-controller.ts';
import { awaitExpectations, type ExpectationWait, type WorkloadExpectations } from './workload-controller.ts';

export type WorkloadRound<T> =
  | { proceed: true; key: string; workload: CachedObject<T>['object'] }
  | { proceed: false; key: string; result: ReconcileResult | undefined; waiting?: ExpectationWait };

export function openWorkloadRound<T extends { metadata?: { uid?: string; resourceVersion?: string } }>(
  request: Pick<PartitionedReconcileRequest, 'namespace' | 'name' | 'cache'>,
  kind: TypedKind<T>,
  expectations: WorkloadExpectations,
): WorkloadRound<T> {
  const { namespace, name, cache } = request;
  const key = `${namespace}/${name}`;
  const cached = cache.get(kind, namespace, name);
  if (cached === undefined) {
    expectations.scale.delete(key);
    return { proceed: false, key, result: undefined };
  }
  const gate = awaitExpectations(key, cached.object, expectations);
  if (!gate.proceed) return { proceed: false, key, result: gate.result, waiting: gate.waiting };
  return { proceed: true, key, workload: cached.object };
}
