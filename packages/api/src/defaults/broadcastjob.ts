// BroadcastJob defaulting: apis/apps/defaults SetDefaultsBroadcastJob (both versions share the shape).
import type { BroadcastJobSpec, BroadcastJobV1alpha1, BroadcastJobV1beta1 } from '../schema/broadcastjob.ts';
import type { DefaultingOptions } from './options.ts';
import { defaultPodSpec } from './pod.ts';

const maxInt32 = 2147483647;

/** Shared with AdvancedCronJob's broadcastJobTemplate is only the template part; see advancedcronjob.ts. */
export function defaultBroadcastJobSpec(spec: BroadcastJobSpec, options: DefaultingOptions): void {
  if (options.injectTemplateDefaults !== false) {
    spec.template.spec ??= { containers: [] };
    // k8s defaults restartPolicy to Always here, which validation then rejects (docs/behaviour/broadcastjob.md#defaults).
    defaultPodSpec(spec.template.spec, {
      alwaysPullAppContainers: true,
      hostNetworkHostPorts: options.features?.defaultHostNetworkHostPorts ?? false,
    });
  }
  spec.completionPolicy ??= {};
  const completion = spec.completionPolicy;
  if (!completion.type) completion.type = 'Always';
  spec.parallelism ??= maxInt32;
  spec.failurePolicy ??= {};
  const failure = spec.failurePolicy;
  if (!failure.type) failure.type = 'FailFast';
  // Go's omitempty drops `paused: false` when Kruise re-serialises the object.
  if (spec.paused === false) delete spec.paused;
}

export function defaultBroadcastJobV1alpha1(
  input: BroadcastJobV1alpha1,
  options: DefaultingOptions = {},
): BroadcastJobV1alpha1 {
  const obj = structuredClone(input);
  defaultBroadcastJobSpec(obj.spec, options);
  return obj;
}

export function defaultBroadcastJobV1beta1(
  input: BroadcastJobV1beta1,
  options: DefaultingOptions = {},
): BroadcastJobV1beta1 {
  const obj = structuredClone(input);
  defaultBroadcastJobSpec(obj.spec, options);
  return obj;
}
