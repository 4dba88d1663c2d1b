// Advanced StatefulSet defaulting: apis/apps/defaults SetDefaultsStatefulSet. Kruise defaults v1alpha1 objects by
// converting them to v1beta1 and back, so v1beta1-only defaults (PVC retention policy…) never reach v1alpha1.
import type { StatefulSetV1alpha1, StatefulSetV1beta1 } from '../schema/statefulset.ts';
import type { DefaultingOptions } from './options.ts';
import { defaultWorkloadTemplates } from './workload-templates.ts';

type CommonSpec = StatefulSetV1alpha1['spec'];

function defaultCommon(spec: CommonSpec, options: DefaultingOptions): void {
  if (!spec.podManagementPolicy) spec.podManagementPolicy = 'OrderedReady';
  spec.updateStrategy ??= {};
  const strategy = spec.updateStrategy;
  if (!strategy.type) strategy.type = 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    strategy.rollingUpdate ??= {};
    const rolling = strategy.rollingUpdate;
    rolling.partition ??= 0;
    rolling.maxUnavailable ??= 1;
    if (!rolling.podUpdatePolicy) rolling.podUpdatePolicy = 'ReCreate';
    rolling.minReadySeconds ??= 0;
  }
  spec.replicas ??= 1;
  spec.revisionHistoryLimit ??= 10;
  defaultWorkloadTemplates(spec, options);
}

export function defaultStatefulSetV1alpha1(
  input: StatefulSetV1alpha1,
  options: DefaultingOptions = {},
): StatefulSetV1alpha1 {
  const obj = structuredClone(input);
  defaultCommon(obj.spec, options);
  return obj;
}

export function defaultStatefulSetV1beta1(
  input: StatefulSetV1beta1,
  options: DefaultingOptions = {},
): StatefulSetV1beta1 {
  const obj = structuredClone(input);
  const spec = obj.spec;
  defaultCommon(spec, options);
  if (options.features?.statefulSetAutoDeletePVC ?? true) {
    spec.persistentVolumeClaimRetentionPolicy ??= {};
    const policy = spec.persistentVolumeClaimRetentionPolicy;
    if (!policy.whenDeleted) policy.whenDeleted = 'Retain';
    if (!policy.whenScaled) policy.whenScaled = 'Retain';
  }
  if (options.features?.statefulSetAutoResizePVC ?? false) {
    spec.volumeClaimUpdateStrategy ??= {};
    const update = spec.volumeClaimUpdateStrategy;
    if (!update.type) update.type = 'OnDelete';
  }
  return obj;
}
