// The API's plain values: string enums, the well-known keys each kind reads from metadata, and the fields Kruise
// adds to a sidecar container. The TypeBox schemas (src/schema) build CRDs from them; validation, defaulting
// and the controllers read them here, so a service never loads the schema library at run time (~4–6 MiB of
// resident memory per process, docs/performance.md "Idle memory").

// ---- Shared by CloneSet and Advanced StatefulSet (apis/apps/pub) ----

export const LifecycleStates = [
  'PreparingNormal',
  'Normal',
  'PreparingUpdate',
  'Updating',
  'Updated',
  'PreparingDelete',
] as const;
export type LifecycleState = (typeof LifecycleStates)[number];
/** Pod update policies shared by CloneSet (v1beta1) and Advanced StatefulSet. */
export const PodUpdatePolicies = ['ReCreate', 'InPlaceIfPossible', 'InPlaceOnly'] as const;
export type PodUpdatePolicy = (typeof PodUpdatePolicies)[number];

// ---- CloneSet ----

export const CloneSetV1alpha1UpdateStrategyTypes = [
  'ReCreate',
  'InPlaceIfPossible',
  'InPlaceOnly',
  'OnDelete',
] as const;
export const CloneSetV1beta1UpdateStrategyTypes = ['RollingUpdate', 'OnDelete'] as const;
/** Well-known keys CloneSet reads from its own metadata. */
export const CloneSetKeys = {
  instanceId: 'apps.kruise.io/cloneset-instance-id',
  scalingExcludePreparingDelete: 'apps.kruise.io/cloneset-scaling-exclude-preparing-delete',
  imagePreDownloadParallelism: 'apps.kruise.io/image-predownload-parallelism',
  imagePreDownloadTimeoutSeconds: 'apps.kruise.io/image-predownload-timeout-seconds',
  imagePreDownloadMinUpdatedReadyPods: 'apps.kruise.io/image-predownload-min-updated-ready-pods',
} as const;

// ---- Advanced StatefulSet ----

export const StatefulSetUpdateStrategyTypes = ['RollingUpdate', 'OnDelete'] as const;
export const PodManagementPolicies = ['OrderedReady', 'Parallel'] as const;
export const PVCRetentionPolicyTypes = ['Retain', 'Delete'] as const;

// ---- SidecarSet ----

export const PodInjectPolicies = ['BeforeAppContainer', 'AfterAppContainer'] as const;
export const ShareVolumePolicyTypes = ['enabled', 'disabled'] as const;
export const SidecarUpgradeTypes = ['ColdUpgrade', 'HotUpgrade'] as const;
export const SidecarSetUpdateStrategyTypes = ['NotUpdate', 'RollingUpdate'] as const;
export const PatchPolicies = ['Retain', 'Overwrite', 'MergePatchJson'] as const;
export const SidecarSetKeys = {
  customVersion: 'apps.kruise.io/sidecarset-custom-version',
  canary: 'apps.kruise.io/sidecarset-canary',
  base: 'apps.kruise.io/sidecarset-base',
  namespaceName: 'kubernetes.io/metadata.name',
} as const;
/** The fields Kruise adds to a core/v1 Container in a SidecarSet (SidecarContainer). */
export const SidecarContainerFields = [
  'podInjectPolicy',
  'upgradeStrategy',
  'shareVolumePolicy',
  'shareVolumeDevicePolicy',
  'transferEnv',
  'resourcesPolicy',
] as const;
export type SidecarContainerField = (typeof SidecarContainerFields)[number];

// ---- BroadcastJob ----

export const CompletionPolicyTypes = ['Always', 'Never'] as const;
export const FailurePolicyTypes = ['Continue', 'FailFast', 'Pause'] as const;
export const BroadcastJobPhases = ['running', 'paused', 'completed', 'failed'] as const;

// ---- AdvancedCronJob ----

export const ConcurrencyPolicies = ['Allow', 'Forbid', 'Replace'] as const;
export const TemplateKinds = ['Job', 'BroadcastJob', 'ImageListPullJob'] as const;
