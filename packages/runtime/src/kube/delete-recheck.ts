// Re-check of destructive deletes on a freshly acquired partition (docs/adr/0019-nothing-lost-under-faults.md).
// Right after a take-over the cache may still miss objects the apiserver has (a watcher behind, a previous
// owner's last writes not yet published): a PVC then looks unused and a pod looks surplus. Until the window
// closes, a pod or PVC DELETE is preceded by an uncached GET (and, for a PVC, one pod list of its namespace)
// and sent only if the apiserver agrees the decision still holds.

export type RecheckedKind = 'Pod' | 'PersistentVolumeClaim';

export interface LiveObject {
  uid?: string;
}

export interface LivePod {
  name?: string;
  /** Set once the pod is being deleted: it no longer counts as a user of its claims. */
  deletionTimestamp?: unknown;
  phase?: string;
  claimNames: readonly string[];
}

export interface DeleteRecheckInput {
  kind: RecheckedKind;
  name: string;
  /** The uid the delete was decided on (its precondition); undefined when the caller sent none. */
  expectedUid: string | undefined;
  /** The object as the apiserver has it now; undefined when it answered 404. */
  live: LiveObject | undefined;
  /** For a PVC: the pods of its namespace as the apiserver has them now. */
  pods?: readonly LivePod[];
}

export type DeleteRecheckOutcome =
  | { proceed: true }
  | { proceed: false; reason: 'gone' | 'replaced' | 'mounted'; detail: string };

/** Whether a delete decided from the cache may be sent, given what the apiserver holds now. */
export function decideDeleteRecheck(input: DeleteRecheckInput): DeleteRecheckOutcome {
  if (input.live === undefined) {
    return { proceed: false, reason: 'gone', detail: `${input.kind} ${input.name} no longer exists` };
  }
  if (input.expectedUid !== undefined && input.live.uid !== input.expectedUid) {
    return {
      proceed: false,
      reason: 'replaced',
      detail: `${input.kind} ${input.name} has uid ${input.live.uid ?? '(none)'}, decided on ${input.expectedUid}`,
    };
  }
  if (input.kind === 'PersistentVolumeClaim') {
    const user = (input.pods ?? []).find((p) => livePod(p) && p.claimNames.includes(input.name));
    if (user !== undefined) {
      return {
        proceed: false,
        reason: 'mounted',
        detail: `PersistentVolumeClaim ${input.name} is mounted by live pod ${user.name ?? '(unnamed)'}`,
      };
    }
  }
  return { proceed: true };
}

// A pod being deleted or finished no longer holds its volumes for this purpose.
function livePod(p: LivePod): boolean {
  if (p.deletionTimestamp !== undefined && p.deletionTimestamp !== null) return false;
  return p.phase !== 'Succeeded' && p.phase !== 'Failed';
}

/** The client method that deletes this kind, for the kinds re-checked. */
export function recheckedKindOf(method: string): RecheckedKind | undefined {
  if (method === 'deleteNamespacedPod') return 'Pod';
  if (method === 'deleteNamespacedPersistentVolumeClaim') return 'PersistentVolumeClaim';
  return undefined;
}

/** A delete the re-check refused: the reconcile fails and its key is retried with backoff. */
export class DeleteSkippedError extends Error {
  readonly kind: RecheckedKind;
  readonly key: string;
  readonly reason: 'gone' | 'replaced' | 'mounted';
  constructor(kind: RecheckedKind, key: string, outcome: Extract<DeleteRecheckOutcome, { proceed: false }>) {
    super(`delete of ${kind} ${key} skipped on a freshly acquired partition: ${outcome.detail}`);
    this.name = 'DeleteSkippedError';
    this.kind = kind;
    this.key = key;
    this.reason = outcome.reason;
  }
}
