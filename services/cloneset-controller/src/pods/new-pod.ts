// The pod (and its PVCs) the controller creates for an instance id at a revision (docs/behaviour/cloneset.md#pod-creation, newVersionedPods +
// createPods + GetPersistentVolumeClaims): the revision's template with the CloneSet controller reference,
// revision labels, instance id, lifecycle PreparingNormal, the InPlaceUpdateReady readiness gate and one PVC
// volume per volumeClaimTemplate.

import {
  CLONESET_API_VERSION,
  CLONESET_KIND,
  formatRfc3339,
  LIFECYCLE_STATE_LABEL,
  LIFECYCLE_TIMESTAMP_ANNOTATION,
  LifecycleState,
  newControllerReference,
  type OwnerReference,
  revisionHashLabels,
  withInPlaceUpdateReadinessGate,
} from '@kruise-ts/core';
import { INSTANCE_ID_LABEL } from '../pod-state.ts';
import type { CloneSet, CloneSetPod, Now, PersistentVolumeClaim, PodTemplate } from '../types.ts';

export interface NewPodInput {
  cloneSet: CloneSet;
  /** The template of the revision the pod is created at (currentSet or updateSet in Kruise). */
  template: PodTemplate;
  revisionName: string;
  instanceId: string;
  now: Now;
  /** CloneSetShortHash gate. */
  shortHash?: boolean;
}

export interface NewPod {
  pod: CloneSetPod & { metadata: { name: string; generateName: string } };
  /** Every PVC the pod mounts (create those not already present, before the pod). */
  pvcs: PersistentVolumeClaim[];
}

function controllerRef(cs: CloneSet): OwnerReference {
  return newControllerReference({
    apiVersion: CLONESET_API_VERSION,
    kind: CLONESET_KIND,
    name: cs.metadata?.name ?? '',
    uid: cs.metadata?.uid ?? '',
  });
}

/** The PVC name for a template and instance: <vct>-<cloneset>-<id>. */
export function pvcName(vctName: string, cloneSetName: string, id: string): string {
  return `${vctName}-${cloneSetName}-${id}`;
}

export function newVersionedPod(input: NewPodInput): NewPod {
  const { cloneSet: cs, template, instanceId: id } = input;
  const csName = cs.metadata?.name ?? '';
  const ref = controllerRef(cs);
  const pvcs: PersistentVolumeClaim[] = (cs.spec.volumeClaimTemplates ?? []).map((vct) => {
    const { name: vctName = '', ...vctMeta } = structuredClone(vct.metadata ?? {});
    return {
      ...structuredClone(vct),
      metadata: {
        ...vctMeta,
        name: pvcName(vctName, csName, id),
        ...(cs.metadata?.namespace === undefined ? {} : { namespace: cs.metadata.namespace }),
        labels: { ...vctMeta.labels, ...cs.spec.selector?.matchLabels, [INSTANCE_ID_LABEL]: id },
        ownerReferences: [...(vctMeta.ownerReferences ?? []), ref],
      },
    };
  });
  const templateSpec = structuredClone(template.spec ?? {});
  const claimVolumes = (cs.spec.volumeClaimTemplates ?? []).map((vct, i) => ({
    name: vct.metadata?.name ?? '',
    persistentVolumeClaim: { claimName: pvcs[i]?.metadata.name ?? '', readOnly: false },
  }));
  const claimNames = new Set(claimVolumes.map((v) => v.name));
  const volumes = [...claimVolumes, ...(templateSpec.volumes ?? []).filter((v) => !claimNames.has(v.name))];
  const meta = structuredClone(template.metadata ?? {});
  const pod: NewPod['pod'] = {
    metadata: {
      name: `${csName}-${id}`,
      generateName: `${csName}-`,
      ...(cs.metadata?.namespace === undefined ? {} : { namespace: cs.metadata.namespace }),
      labels: {
        ...meta.labels,
        ...revisionHashLabels(input.revisionName, input.shortHash === true),
        [INSTANCE_ID_LABEL]: id,
        [LIFECYCLE_STATE_LABEL]: LifecycleState.PreparingNormal,
      },
      annotations: { ...meta.annotations, [LIFECYCLE_TIMESTAMP_ANNOTATION]: formatRfc3339(input.now) },
      ...(meta.finalizers === undefined ? {} : { finalizers: meta.finalizers }),
      ownerReferences: [ref],
    },
    spec: {
      ...templateSpec,
      readinessGates: withInPlaceUpdateReadinessGate(templateSpec.readinessGates),
      ...(volumes.length === 0 ? {} : { volumes }),
    },
  };
  return { pod, pvcs };
}
