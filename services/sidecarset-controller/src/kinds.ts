// The kinds the controller reads from the bus and the resource it writes status to.
import { CONTROLLER_REVISION, NAMESPACE, POD, resourceOf, SIDECARSET } from '@kruise-ts/kube';

export { CONTROLLER_REVISION, NAMESPACE, POD, SIDECARSET };

export const SIDECARSET_RESOURCE = resourceOf(SIDECARSET);
