// The templates of a workload that creates pods and their PVCs (CloneSet, Advanced StatefulSet): Kruise defaults
// the pod template with SetDefaultPodSpec and each volumeClaimTemplate like a PVC
// (apis/apps/defaults/v1alpha1.go, v1beta1.go).
import type { PersistentVolumeClaim, PodTemplateSpec } from '../schema/pod.ts';
import type { DefaultingOptions } from './options.ts';
import { defaultPersistentVolumeClaim, defaultPodSpec } from './pod.ts';

/** Defaults `spec.template` and `spec.volumeClaimTemplates` in place, unless the options say not to. */
export function defaultWorkloadTemplates(
  spec: { template: PodTemplateSpec; volumeClaimTemplates?: PersistentVolumeClaim[] | undefined },
  options: DefaultingOptions,
): void {
  if (options.injectTemplateDefaults === false) return;
  spec.template.spec ??= { containers: [] };
  defaultPodSpec(spec.template.spec, {
    alwaysPullAppContainers: true,
    hostNetworkHostPorts: options.features?.defaultHostNetworkHostPorts ?? false,
  });
  for (const pvc of spec.volumeClaimTemplates ?? []) defaultPersistentVolumeClaim(pvc);
}
