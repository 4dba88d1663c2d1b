// The partition a reconcile writes for, carried through async calls so the kube client can fence each write at
// the moment it is sent. A fence checked by the reconciler before the call is not enough: the client's rate
// limit may hold the call for seconds (a burst after a relist), and the request itself may hang; the lease's
// safety margin can run out meanwhile and a successor start writing. So the client checks the guard after its
// throttle wait, immediately before the HTTP request, bounds the request by the lease's remaining validity,
// and aborts it when the partition is lost.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface WriteGuard {
  /** Throws (e.g. FencedError) unless writes are still allowed. */
  fence(): void;
  /** Aborted when the partition is lost or handed off past its bound: in-flight writes stop. */
  signal?: AbortSignal;
  /** Milliseconds the lease stays safely held from now (writes must have completed by then). */
  remainingMs?(): number;
  /**
   * A write succeeded and the apiserver answered with this object (take-over freshness: a successor waits until
   * its cache has seen it). Called with whatever the call returned.
   */
  onWritten?(result: unknown): void;
  /**
   * True while the partition is freshly acquired: pod and PVC deletes are first re-checked against the
   * apiserver (kube/delete-recheck.ts).
   */
  recheckDeletes?(): boolean;
  /** The outcome of one such re-check, for the log and metrics. */
  onDeleteRecheck?(event: DeleteRecheckEvent): void;
}

export interface DeleteRecheckEvent {
  kind: string;
  /** `namespace/name` of the object whose delete was re-checked. */
  key: string;
  outcome: 'proceed' | 'gone' | 'replaced' | 'mounted';
  detail?: string;
}

const storage = new AsyncLocalStorage<WriteGuard>();

/** Runs `fn` with `guard` applying to every kube write made inside it (through any await). */
export function runWithWriteGuard<T>(guard: WriteGuard, fn: () => T): T {
  return storage.run(guard, fn);
}

export function currentWriteGuard(): WriteGuard | undefined {
  return storage.getStore();
}

const WRITE_METHOD = /^(create|replace|patch|delete)/;
const WRITE_HTTP = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a client method (`createNamespacedPod`) or HTTP method (`POST`) writes. */
export function isWrite(methodOrVerb: string): boolean {
  return WRITE_HTTP.has(methodOrVerb) || WRITE_METHOD.test(methodOrVerb);
}
