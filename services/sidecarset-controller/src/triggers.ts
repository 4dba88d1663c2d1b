// Which SidecarSets to reconcile after a change in the cache (sidecarset_controller.go and
// sidecarset_pod_event_handler.go; docs/behaviour/sidecarset.md#triggers). Differences from Kruise, all so a rollout does not stall on
// a timer: a pod's sidecar consistency flipping enqueues at once (Kruise waits 5 s); a deleted pod enqueues its
// SidecarSets (Kruise does not, so its status stays stale until the next event); and a sidecar image that changed
// enqueues too, since the bus may deliver an upgrade and the kubelet's report of it as one change (ADR 45), in which the
// consistency was true before and after (an informer sees each version, so Kruise needs no such rule).
import {
  injectedSidecarSets,
  isPodConsistentWithSidecarSet,
  isPodStateConsistent,
  type Pod,
  type SidecarSet,
  sidecarContainersInPod,
} from '@kruise-ts/sidecarset';

export interface SidecarSetVersion {
  generation: number;
}

/** SidecarSet events: create, delete, and updates that change metadata.generation (spec edits). */
export function sidecarSetChanged(
  old: SidecarSetVersion | undefined,
  current: SidecarSetVersion | undefined,
): boolean {
  if (old === undefined || current === undefined) return true;
  return old.generation !== current.generation;
}

const isSet = (t: string | null | undefined) => t !== undefined && t !== null && t !== '';
const isReady = (pod: Pod) =>
  (pod.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');

/** Whether any of these containers runs another image in `b`'s spec than in `a`'s. */
function imagesChanged(a: Pod, b: Pod, names: ReadonlySet<string>): boolean {
  const before = new Map(a.spec.containers.map((c) => [c.name, c.image]));
  return b.spec.containers.some((c) => names.has(c.name) && before.get(c.name) !== c.image);
}

function sameLabels(a: Pod, b: Pod): boolean {
  const x = a.metadata.labels ?? {};
  const y = b.metadata.labels ?? {};
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((k) => x[k] === y[k]);
}

/** The SidecarSets named in the pod's injected list that exist and whose sidecars the pod has. */
function relatedSidecarSets(pod: Pod, lookup: (name: string) => SidecarSet | undefined): SidecarSet[] {
  const out: SidecarSet[] = [];
  for (const name of injectedSidecarSets(pod)) {
    const sidecarSet = lookup(name);
    if (sidecarSet && isPodConsistentWithSidecarSet(pod, sidecarSet)) out.push(sidecarSet);
  }
  return out;
}

/** SidecarSet names to reconcile after a pod change (`old` undefined: created; `current` undefined: deleted). */
export function sidecarSetsForPodChange(
  old: Pod | undefined,
  current: Pod | undefined,
  lookup: (name: string) => SidecarSet | undefined,
): string[] {
  const names = (list: SidecarSet[]) => list.map((s) => s.metadata?.name ?? '');
  if (current === undefined) return old === undefined ? [] : names(relatedSidecarSets(old, lookup));
  if (old === undefined) return names(relatedSidecarSets(current, lookup));
  if (old.metadata.resourceVersion === current.metadata.resourceVersion) return [];
  const out: string[] = [];
  for (const sidecarSet of relatedSidecarSets(current, lookup)) {
    if (sidecarSet.spec.updateStrategy?.type === 'NotUpdate') continue;
    const wasDeleting = isSet(old.metadata.deletionTimestamp);
    const statusChanged =
      (!wasDeleting && isSet(current.metadata.deletionTimestamp)) ||
      (!wasDeleting && isReady(old) !== isReady(current));
    const changed =
      statusChanged ||
      isPodStateConsistent(old, sidecarSet) !== isPodStateConsistent(current, sidecarSet) ||
      imagesChanged(old, current, sidecarContainersInPod(sidecarSet)) ||
      (sidecarSet.spec.updateStrategy?.selector !== undefined && !sameLabels(old, current));
    if (changed) out.push(sidecarSet.metadata?.name ?? '');
  }
  return out;
}
