// @kruise-ts/sidecarset: Kruise's SidecarSet decisions as pure functions, shared by the pod webhook
// (matching and injection) and the sidecarset controller (pod state, upgrade batches, status, revisions).

export type { HashedSidecarSet } from './hash.ts';
export {
  computeSidecarSetHash,
  computeSidecarSetHashWithoutImage,
  isNativeSidecar,
  sidecarSetHashAnnotations,
  sidecarSetRevision,
  sidecarSetRevisionWithoutImage,
} from './hash.ts';
export {
  activeRevisions,
  decideLatestRevision,
  findInjectionRevision,
  historicSidecarSet,
  type LatestRevisionDecision,
  newSidecarSetRevision,
  revisionsToTruncate,
  sidecarSetRevisionData,
  sidecarSetRevisionName,
} from './history.ts';
export {
  findContainerToHotUpgrade,
  isHotUpgradingReady,
  isPodSidecarInHotUpgrading,
  podsToResetHotUpgrade,
  resetHotUpgradeSlots,
  upgradeHotUpgradeSlot,
} from './hot-upgrade.ts';
export {
  formatWorkingHotUpgradeContainers,
  hasHotUpgradeContainer,
  hotUpgradeContainerNames,
  hotUpgradePair,
  isHotUpgradeSidecar,
  podHotUpgradeContainers,
  sidecarSetVersionAltAnnotation,
  sidecarSetVersionAnnotation,
  workingHotUpgradeContainers,
} from './hot-upgrade-slots.ts';
export {
  type BuiltSidecars,
  buildSidecars,
  type InjectedContainer,
  type InjectOptions,
  type InjectPolicy,
  injectSidecars,
  mergeSidecarContainers,
} from './inject.ts';
export * from './keys.ts';
export {
  jsonMergePatch,
  PatchMetadataError,
  type PatchPodMetadata,
  patchPodMetadata,
} from './patch-metadata.ts';
export {
  formatInjectedList,
  formatInPlaceUpdateStates,
  formatUpgradeSpecs,
  injectedSidecarSets,
  isPodInjectedSidecarSet,
  PodAnnotationError,
  parseInPlaceUpdateStates,
  parseUpgradeSpecs,
  podSidecarSetControllerRevision,
  podSidecarSetHash,
  podSidecarSetHashWithoutImage,
  recordInPlaceUpdate,
  type SidecarInPlaceUpdateState,
  type SidecarSetUpgradeSpec,
} from './pod-annotations.ts';
export {
  activePodsLess,
  expandScatterTerms,
  sortActivePods,
  sortByPriority,
  sortByScatter,
} from './pod-order.ts';
export {
  isActivePod,
  isContainerImageEqual,
  isImageDigest,
  isPodConsistentWithSidecarSet,
  isPodManagedBySidecarSet,
  isPodSidecarUpdated,
  isPodStateConsistent,
  isRunningAndReady,
  isSidecarContainerUpdateCompleted,
  isSidecarSetPodReady,
  sidecarContainersInPod,
  sidecarSetUpgradability,
} from './pod-state.ts';
export {
  aggregateResources,
  policyResources,
  ResourcesPolicyError,
  targetContainers,
} from './resources-policy.ts';
export {
  canaryBaseOf,
  injectionRevisionChoice,
  podMatchesSidecarSet,
  type RevisionChoice,
  withoutCanaryBases,
} from './select.ts';
export {
  completeSidecarContainer,
  containerNameFromFieldRef,
  isInjectedContainer,
  mergeEnv,
  mergeVolumeDevices,
  mergeVolumeMounts,
  sharedVolumeDevices,
  sharedVolumeMounts,
  toPodContainer,
  transferredEnvs,
} from './sidecar-containers.ts';
export { calculateStatus, statusChanged } from './status.ts';
export {
  nextUpgradePods,
  sortWaitingPods,
  type UpgradeBatch,
  unavailableUpdatedPods,
  upgradeCount,
} from './strategy.ts';
export type {
  Container,
  ContainerStatus,
  EnvVar,
  Pod,
  PodCondition,
  PodStatus,
  SidecarContainer,
  SidecarSet,
  Volume,
  VolumeDevice,
  VolumeMount,
} from './types.ts';
export { type SidecarUpgrade, upgradableCondition, upgradePodSidecars } from './upgrade.ts';
