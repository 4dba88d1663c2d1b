// The Go layout of Kruise's SidecarContainer and the structs it holds, for core's normaliseAsGoStruct: Kruise hashes
// and records sidecar containers only after they passed through these structs. Field names, order and tags from
// apis/apps/v1alpha1/sidecarset_types.go (apis/apps/v1beta1/sidecarset_types.go declares the same); the notation
// is CORE_V1_LAYOUT's (packages/core/src/pod-template-layout.ts). Named string types (PodInjectPolicyType,
// ShareVolumePolicyType, …) encode as string.
import { CORE_V1_LAYOUT, type GoStructLayouts } from '@kruise-ts/core';

export const SIDECAR_CONTAINER_ROOT = 'SidecarContainer';

/** Kruise's own structs; the core/v1 ones they name (Container, ObjectFieldSelector) come from CORE_V1_LAYOUT. */
export const KRUISE_SIDECAR_CONTAINER_STRUCTS: GoStructLayouts = {
  SidecarContainer: {
    $inline: 'Container',
    podInjectPolicy: 'string?',
    // Non-pointer structs: omitempty never drops them, so Go writes {} when unset.
    upgradeStrategy: 'SidecarContainerUpgradeStrategy?',
    shareVolumePolicy: 'ShareVolumePolicy?',
    shareVolumeDevicePolicy: '*ShareVolumePolicy?',
    transferEnv: '[]TransferEnvVar?',
    resourcesPolicy: '*ResourcesPolicy?',
  },
  SidecarContainerUpgradeStrategy: { upgradeType: 'string?', hotUpgradeEmptyImage: 'string?' },
  ShareVolumePolicy: { type: 'string?' },
  TransferEnvVar: {
    sourceContainerName: 'string?',
    sourceContainerNameFrom: '*SourceContainerNameSource?',
    envName: 'string?',
    envNames: '[]string?',
  },
  SourceContainerNameSource: { fieldRef: '*ObjectFieldSelector?' },
  ResourcesPolicy: {
    targetContainersMode: 'string',
    targetContainersNameRegex: 'string?',
    resourcesExpr: 'ResourcesExpr',
  },
  ResourcesExpr: { limits: '*ResourceExprLimits?', requests: '*ResourceExprRequests?' },
  ResourceExprLimits: { cpu: 'string?', memory: 'string?' },
  ResourceExprRequests: { cpu: 'string?', memory: 'string?' },
};

/** The table to normalise a SidecarContainer with: core/v1's structs and Kruise's. */
export const SIDECAR_CONTAINER_LAYOUT: GoStructLayouts = {
  ...CORE_V1_LAYOUT,
  ...KRUISE_SIDECAR_CONTAINER_STRUCTS,
};
