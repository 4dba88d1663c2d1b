// The lanes a CloneSet reconcile writes through, each with a token bucket of its own at the configured
// qps/burst, as Kruise's cloneset controller has them (pkg/controller/cloneset/cloneset_controller.go
// newReconciler): one controller-runtime client whose requests go through one REST client, and so one token
// bucket, per resource type — pods (creates, deletes, in-place updates, conditions, lifecycle), PVCs,
// ControllerRevisions and CloneSets (status, podsToDelete) — with Events on a clientset of their own. So a status
// write or a new revision does not wait behind a burst of pod writes (docs/adr/0034-rate-limit-lanes.md).
import type { KubeClient, ResourceSource } from '@kruise-ts/runtime';

export interface CloneSetClients {
  /** Pods: the main client. */
  readonly kube: KubeClient;
  readonly claims: ResourceSource;
  readonly revisions: ResourceSource;
  /** The CloneSet itself: its status and podsToDelete. */
  readonly cloneSets: ResourceSource;
}

/** Made once per process: a lane made per reconcile would start every reconcile with a full bucket. */
export function cloneSetClients(kube: KubeClient): CloneSetClients {
  return {
    kube,
    claims: kube.withOwnRateLimit(),
    revisions: kube.withOwnRateLimit(),
    cloneSets: kube.withOwnRateLimit(),
  };
}
