// The annotation, label, env and condition names Kruise's SidecarSet machinery writes on pods, SidecarSets and
// ControllerRevisions (pkg/control/sidecarcontrol/util.go, apis/apps/v1beta1/sidecarset_types.go).

/** On the SidecarSet: hash of its containers; on the pod: per-SidecarSet upgrade specs (JSON). */
export const SIDECARSET_HASH_ANNOTATION = 'kruise.io/sidecarset-hash';
/** The same with every image blanked: equal means "only images changed", the only in-place upgradable change. */
export const SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION = 'kruise.io/sidecarset-hash-without-image';
/** Comma-joined, sorted names of the SidecarSets injected into the pod. */
export const SIDECARSET_INJECTED_LIST_ANNOTATION = 'kruise.io/sidecarset-injected-list';
/** Per SidecarSet: the imageIDs sidecar containers had before an in-place upgrade. */
export const SIDECARSET_INPLACE_UPDATE_STATE_ANNOTATION = 'kruise.io/sidecarset-inplace-update-state';
/** Label of a SidecarSet's ControllerRevisions. */
export const SIDECARSET_NAME_LABEL = 'kruise.io/sidecarset-name';
/** Label of a ControllerRevision carrying the SidecarSet's spec.customVersion. */
export const SIDECARSET_CUSTOM_VERSION_LABEL = 'apps.kruise.io/sidecarset-custom-version';
export const SIDECARSET_CANARY_ANNOTATION = 'apps.kruise.io/sidecarset-canary';
export const SIDECARSET_BASE_ANNOTATION = 'apps.kruise.io/sidecarset-base';
/** Env var marking an injected container, so shared-volume logic can tell app containers from sidecars. */
export const SIDECAR_ENV_KEY = 'IS_INJECTED';
/** Pod condition recording, per SidecarSet, whether its sidecars could be upgraded in place. */
export const SIDECARSET_UPGRADABLE_CONDITION = 'SidecarSetUpgradable';
export const CONTROLLER_REVISION_HASH_LABEL = 'controller.kubernetes.io/hash';
export const NAMESPACE_NAME_LABEL = 'kubernetes.io/metadata.name';
/** On a pod: which slot of each HotUpgrade sidecar is working, `{"<sidecar>":"<sidecar>-1"}` (JSON). */
export const SIDECARSET_WORKING_HOT_UPGRADE_CONTAINER_ANNOTATION =
  'kruise.io/sidecarset-working-hotupgrade-container';
/** Env vars of a HotUpgrade slot: its own version and its twin's, read from pod annotations by the downward API. */
export const SIDECARSET_VERSION_ENV_KEY = 'SIDECARSET_VERSION';
export const SIDECARSET_VERSION_ALT_ENV_KEY = 'SIDECARSET_VERSION_ALT';
