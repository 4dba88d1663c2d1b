// The lanes an Advanced StatefulSet reconcile writes through, each with a token bucket of its own at the
// configured qps/burst, as Kruise's statefulset controller holds one client per purpose
// (pkg/controller/statefulset/statefulset_controller.go newReconciler): pod and claim creates and deletes,
// revisions and pod adoption go through its generic clientset (here: the KubeClient itself); in-place updates and
// the InPlaceUpdateReady refresh through the inplaceupdate package's client; lifecycle-state patches through the
// lifecycle package's; the status through the Kruise clientset. So a roll's condition refreshes do not queue
// behind its deletions and creations (docs/adr/0034-rate-limit-lanes.md).
import type { KubeClient, ResourceSource } from '@kruise-ts/runtime';

export interface SetClients {
  /** Pod and claim creates and deletes, revisions, ownership: the main client. */
  readonly kube: KubeClient;
  /** In-place updates, resizes and pod condition refreshes. */
  readonly inPlace: ResourceSource;
  /** Lifecycle-state patches. */
  readonly lifecycle: ResourceSource;
  /** The StatefulSet's status. */
  readonly status: ResourceSource;
}

/** Made once per process: a lane made per reconcile would start every reconcile with a full bucket. */
export function setClients(kube: KubeClient): SetClients {
  return {
    kube,
    inPlace: kube.withOwnRateLimit(),
    lifecycle: kube.withOwnRateLimit(),
    status: kube.withOwnRateLimit(),
  };
}
