// The workload kinds whose ControllerRevisions revision-gc prunes. A kind plugs in by saying where its history
// limit is and which revisions its status pins; pods are matched by the controller-revision-hash label.
import { CLONESET, STATEFULSET } from '@kruise-ts/kube';
import type { KubernetesObject } from '@kruise-ts/runtime';

export interface WorkloadKind {
  group: string;
  kind: string;
  /** Short, token-safe name: the lease key namespace and the controller label. */
  id: string;
  historyLimit(workload: KubernetesObject): number;
  /** Revisions the workload itself still refers to (e.g. status.currentRevision and updateRevision). */
  pinnedRevisions(workload: KubernetesObject): string[];
}

interface RevisionStatus {
  spec?: { revisionHistoryLimit?: number };
  status?: { currentRevision?: string; updateRevision?: string };
}

const fromStatus = (w: KubernetesObject): string[] => {
  const status = (w as RevisionStatus).status;
  return [status?.currentRevision, status?.updateRevision].filter((r): r is string => !!r);
};

// Kruise defaults revisionHistoryLimit to 10 for both; the webhook stores the default, this is the fallback.
const limitOr10 = (w: KubernetesObject) => (w as RevisionStatus).spec?.revisionHistoryLimit ?? 10;

export const workloadKinds: readonly WorkloadKind[] = [
  {
    group: CLONESET.group,
    kind: CLONESET.kind,
    id: 'revision-gc-cloneset',
    historyLimit: limitOr10,
    pinnedRevisions: fromStatus,
  },
  {
    group: STATEFULSET.group,
    kind: STATEFULSET.kind,
    id: 'revision-gc-statefulset',
    historyLimit: limitOr10,
    pinnedRevisions: fromStatus,
  },
];
