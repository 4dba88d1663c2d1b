// CloneSet defaulting: apis/apps/defaults SetDefaultsCloneSet (v1alpha1) and SetDefaultsCloneSetV1beta1.
import type { CloneSetV1alpha1, CloneSetV1beta1 } from '../schema/cloneset.ts';
import type { DefaultingOptions } from './options.ts';
import { defaultWorkloadTemplates } from './workload-templates.ts';

const defaultMaxUnavailable = '20%';

/** Returns a defaulted copy of a v1alpha1 CloneSet. */
export function defaultCloneSetV1alpha1(
  input: CloneSetV1alpha1,
  options: DefaultingOptions = {},
): CloneSetV1alpha1 {
  const obj = structuredClone(input);
  const spec = obj.spec;
  spec.replicas ??= 1;
  spec.revisionHistoryLimit ??= 10;
  defaultWorkloadTemplates(spec, options);
  spec.updateStrategy ??= {};
  const strategy = spec.updateStrategy;
  if (!strategy.type) strategy.type = 'ReCreate';
  else if (strategy.type === 'InPlaceIfPossible' || strategy.type === 'InPlaceOnly') {
    strategy.inPlaceUpdateStrategy ??= {};
  }
  strategy.partition ??= 0;
  strategy.maxUnavailable ??= defaultMaxUnavailable;
  strategy.maxSurge ??= 0;
  return obj;
}

/** Returns a defaulted copy of a v1beta1 CloneSet. `scaleStrategy.enablePVCReuse: false` comes from the CRD. */
export function defaultCloneSetV1beta1(
  input: CloneSetV1beta1,
  options: DefaultingOptions = {},
): CloneSetV1beta1 {
  const obj = structuredClone(input);
  const spec = obj.spec;
  spec.replicas ??= 1;
  spec.revisionHistoryLimit ??= 10;
  defaultWorkloadTemplates(spec, options);
  spec.updateStrategy ??= {};
  const strategy = spec.updateStrategy;
  if (!strategy.type) strategy.type = 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    strategy.rollingUpdate ??= {};
    const rolling = strategy.rollingUpdate;
    if (!rolling.podUpdatePolicy) rolling.podUpdatePolicy = 'ReCreate';
    if (rolling.podUpdatePolicy === 'InPlaceIfPossible' || rolling.podUpdatePolicy === 'InPlaceOnly') {
      rolling.inPlaceUpdateStrategy ??= {};
    }
    rolling.partition ??= 0;
    rolling.maxUnavailable ??= defaultMaxUnavailable;
    rolling.maxSurge ??= 0;
  }
  return obj;
}
