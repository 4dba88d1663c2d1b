// AdvancedCronJob defaulting: apis/apps/defaults SetDefaultsAdvancedCronJob.
import type { AdvancedCronJobV1alpha1, AdvancedCronJobV1beta1 } from '../schema/advancedcronjob.ts';
import type { DefaultingOptions } from './options.ts';
import { defaultPodSpec } from './pod.ts';

type CommonSpec = AdvancedCronJobV1alpha1['spec'];

function defaultCommon(spec: CommonSpec, hasImageListPullJob: boolean, options: DefaultingOptions): void {
  const podOptions = {
    alwaysPullAppContainers: true,
    hostNetworkHostPorts: options.features?.defaultHostNetworkHostPorts ?? false,
  };
  if (options.injectTemplateDefaults !== false) {
    const jobPod = spec.template.jobTemplate?.spec?.template;
    if (jobPod) {
      jobPod.spec ??= { containers: [] };
      defaultPodSpec(jobPod.spec, podOptions);
    }
    // Only the pod template: the BroadcastJob webhook defaults the rest when the child is created.
    const bcjPod = spec.template.broadcastJobTemplate?.spec?.template;
    if (bcjPod) {
      bcjPod.spec ??= { containers: [] };
      defaultPodSpec(bcjPod.spec, podOptions);
    }
  }
  if (!spec.concurrencyPolicy) spec.concurrencyPolicy = hasImageListPullJob ? 'Replace' : 'Allow';
  spec.paused ??= false;
  spec.successfulJobsHistoryLimit ??= 3;
  spec.failedJobsHistoryLimit ??= 1;
}

export function defaultAdvancedCronJobV1alpha1(
  input: AdvancedCronJobV1alpha1,
  options: DefaultingOptions = {},
): AdvancedCronJobV1alpha1 {
  const obj = structuredClone(input);
  defaultCommon(obj.spec, false, options);
  return obj;
}

export function defaultAdvancedCronJobV1beta1(
  input: AdvancedCronJobV1beta1,
  options: DefaultingOptions = {},
): AdvancedCronJobV1beta1 {
  const obj = structuredClone(input);
  const pull = obj.spec.template.imageListPullJobTemplate?.spec;
  // Kruise fills the pull policy only when completionPolicy.type was empty.
  if (pull && !pull.completionPolicy?.type) {
    pull.completionPolicy ??= {};
    pull.completionPolicy.type = 'Always';
    pull.pullPolicy ??= {};
    const policy = pull.pullPolicy;
    policy.timeoutSeconds ??= 600;
    policy.backoffLimit ??= 3;
    if (!pull.imagePullPolicy) pull.imagePullPolicy = 'IfNotPresent';
  }
  defaultCommon(obj.spec, obj.spec.template.imageListPullJobTemplate !== undefined, options);
  return obj;
}
