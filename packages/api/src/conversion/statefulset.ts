// Advanced StatefulSet v1alpha1 ⇄ v1beta1: Kruise copies the common fields and drops the v1beta1-only ones
// (apis/apps/v1alpha1/statefulset_conversion.go); stash.ts keeps those on the v1alpha1 object.
import { KRUISE_GROUP } from '@kruise-ts/kube';
import type { StatefulSetV1alpha1, StatefulSetV1beta1 } from '../schema/statefulset.ts';
import { pick } from './pick.ts';
import { convertLossless } from './stash.ts';

const group = KRUISE_GROUP;
const commonSpecKeys = [
  'replicas',
  'selector',
  'template',
  'volumeClaimTemplates',
  'serviceName',
  'podManagementPolicy',
  'updateStrategy',
  'revisionHistoryLimit',
] as const;
const commonStatusKeys = [
  'observedGeneration',
  'replicas',
  'readyReplicas',
  'availableReplicas',
  'currentReplicas',
  'updatedReplicas',
  'currentRevision',
  'updateRevision',
  'collisionCount',
  'conditions',
  'labelSelector',
] as const;

export function statefulSetV1alpha1ToV1beta1(src: StatefulSetV1alpha1): StatefulSetV1beta1 {
  const out: StatefulSetV1beta1 = {
    apiVersion: `${group}/v1beta1`,
    kind: src.kind ?? 'StatefulSet',
    spec: pick(src.spec, commonSpecKeys) as StatefulSetV1beta1['spec'],
  };
  if (src.metadata) out.metadata = structuredClone(src.metadata);
  if (src.status) out.status = pick(src.status, commonStatusKeys) as StatefulSetV1beta1['status'];
  return out;
}

export function statefulSetV1beta1ToV1alpha1(src: StatefulSetV1beta1): StatefulSetV1alpha1 {
  const out: StatefulSetV1alpha1 = {
    apiVersion: `${group}/v1alpha1`,
    kind: src.kind ?? 'StatefulSet',
    spec: pick(src.spec, commonSpecKeys) as StatefulSetV1alpha1['spec'],
  };
  if (src.metadata) out.metadata = structuredClone(src.metadata);
  if (src.status) out.status = pick(src.status, commonStatusKeys) as StatefulSetV1alpha1['status'];
  return out;
}

export function convertStatefulSetToV1beta1(obj: StatefulSetV1alpha1): StatefulSetV1beta1 {
  return convertLossless(obj, 'v1alpha1', 'v1beta1', {
    forward: statefulSetV1alpha1ToV1beta1,
    backward: statefulSetV1beta1ToV1alpha1,
  });
}

export function convertStatefulSetToV1alpha1(obj: StatefulSetV1beta1): StatefulSetV1alpha1 {
  return convertLossless(obj, 'v1beta1', 'v1alpha1', {
    forward: statefulSetV1beta1ToV1alpha1,
    backward: statefulSetV1alpha1ToV1beta1,
  });
}
