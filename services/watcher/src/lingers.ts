// Which changes linger (docs/adr/0045-watcher-coalesces-changes.md, third amendment): those of pods and of
// objects without a metadata.generation (PVCs, nodes, namespaces). Their quick successive states come from the
// scheduler, the kubelet and the volume binder, and fold into one publish. An object with a generation (a workload,
// a Job, a webhook configuration, a CRD) changes when a user or its controller writes it: nothing quick follows
// that could fold into it, and its controller reads its own status write back before it reconciles again, so a
// linger would only hold the controller up. Pods are left out although they have a generation: their spec changes
// are the controllers' in-place updates, which the kubelet's status follows within milliseconds.
import type { ObjectChange } from './object-event.ts';

/** Whether `change` (a creation or modification) may wait for newer states of its object. */
export function lingers(change: ObjectChange): boolean {
  return change.resource.kind === 'Pod' || change.object.metadata?.generation === undefined;
}
