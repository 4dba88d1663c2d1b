// Comparing a PersistentVolumeClaim with a claim template as Kruise's pkg/util/pvc/pvc_compare_utils.go does, for
// the Advanced StatefulSet's claim resize (the controller) and its volumeClaimTemplates update rules (validation).
import { parseQuantity, type Quantity } from '@kruise-ts/kube';
import type { PersistentVolumeClaim } from './schema/pod.ts';

/** ResourceList.Storage(): the `storage` entry, zero when absent. */
export function claimStorage(list: Record<string, string | number> | null | undefined): Quantity {
  const v = list?.storage;
  return parseQuantity(v === undefined || v === null ? '0' : String(v));
}

/** IsClaimCompatibleWithoutSize: storage classes equal when both name one, access modes equal in order. */
export function claimCompatibleWithoutSize(
  claim: PersistentVolumeClaim,
  template: PersistentVolumeClaim,
): boolean {
  const tsc = template.spec?.storageClassName;
  const csc = claim.spec?.storageClassName;
  if (tsc !== undefined && tsc !== null && csc !== undefined && csc !== null && tsc !== csc) return false;
  const cm = claim.spec?.accessModes ?? [];
  const tm = template.spec?.accessModes ?? [];
  return cm.length === tm.length && cm.every((m, i) => tm[i] === m);
}
