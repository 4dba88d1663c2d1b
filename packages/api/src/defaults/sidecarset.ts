// SidecarSet defaulting: apis/apps/defaults SetDefaultsSidecarSet (v1alpha1) / SetDefaultsSidecarSetV1beta1.
// Both versions default the same fields. The sidecarset hash annotations are the webhook's job, not defaulting.
import type { SidecarContainer, SidecarSetV1alpha1, SidecarSetV1beta1 } from '../schema/sidecarset.ts';
import { defaultContainerBasics, defaultContainerDetails, defaultVolumes } from './pod.ts';

type CommonSpec = SidecarSetV1alpha1['spec'] & SidecarSetV1beta1['spec'];

function defaultSidecarContainer(
  container: SidecarContainer,
  injectPolicy: SidecarContainer['podInjectPolicy'],
): void {
  if (!container.podInjectPolicy) container.podInjectPolicy = injectPolicy;
  container.upgradeStrategy ??= {};
  const upgrade = container.upgradeStrategy;
  if (!upgrade.upgradeType) upgrade.upgradeType = 'ColdUpgrade';
  container.shareVolumePolicy ??= {};
  const share = container.shareVolumePolicy;
  if (!share.type) share.type = 'disabled';
  // k8s container defaults (pull policy by tag, not Kruise's Always), then ports/env/probes without startupProbe.
  defaultContainerBasics(container);
  for (const transfer of container.transferEnv ?? []) {
    const ref = transfer.sourceContainerNameFrom?.fieldRef;
    if (ref && !ref.apiVersion) ref.apiVersion = 'v1';
  }
  defaultContainerDetails(container, { startupProbe: false });
}

function defaultCommon(spec: Partial<CommonSpec>): void {
  spec.updateStrategy ??= {};
  const strategy = spec.updateStrategy;
  if (!strategy.type) strategy.type = 'RollingUpdate';
  strategy.maxUnavailable ??= 1;
  strategy.partition ??= 0;
  for (const c of spec.initContainers ?? []) defaultSidecarContainer(c, 'AfterAppContainer');
  for (const c of spec.containers ?? []) defaultSidecarContainer(c, 'BeforeAppContainer');
  defaultVolumes(spec.volumes);
  spec.revisionHistoryLimit ??= 10;
  for (const patch of spec.patchPodMetadata ?? []) {
    if (!patch.patchPolicy) patch.patchPolicy = 'Retain';
  }
  const revision = spec.injectionStrategy?.revision;
  if (revision && !revision.policy) revision.policy = 'Always';
}

export function defaultSidecarSetV1alpha1(input: SidecarSetV1alpha1): SidecarSetV1alpha1 {
  const obj = structuredClone(input);
  defaultCommon(obj.spec);
  return obj;
}

export function defaultSidecarSetV1beta1(input: SidecarSetV1beta1): SidecarSetV1beta1 {
  const obj = structuredClone(input);
  defaultCommon(obj.spec);
  return obj;
}
