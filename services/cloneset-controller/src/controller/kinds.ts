// The kinds the controller's cache holds; their coordinates are declared once in @kruise-ts/kube.
import { CLONESET, CONTROLLER_REVISION, type GroupKind, POD, PVC, resourceOf } from '@kruise-ts/kube';

export { CLONESET, CONTROLLER_REVISION, POD, PVC };

export const CACHED_KINDS: readonly GroupKind[] = [CLONESET, POD, PVC, CONTROLLER_REVISION];

/** The version the controller reads and writes (the storage version, spec §0.1). */
export const CLONESET_RESOURCE = resourceOf(CLONESET);
