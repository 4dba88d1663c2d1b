// Deletes that hit exactly the object a decision was made on. A decision is taken on a cached copy; between
// that decision and the DELETE the object may have been deleted and recreated under the same name (a job
// recreated by a user, a revision name reused by a rollback, a pod name kept by PVC reuse). A delete by name
// would destroy the newcomer, so every delete carries the cached uid as a precondition, and the cached
// resourceVersion too where any later change of the same object could invalidate the decision (a revision
// a rollback just renumbered, a PVC re-owned since). The apiserver answers a failed precondition with 409
// Conflict; for the caller that means "the object decided on is gone", like a 404.
import { DeleteSkippedError } from './delete-recheck.ts';
import { ConflictError, NotFoundError } from './errors.ts';
import type { DeleteOptions } from './request.ts';

export interface DeleteTarget {
  metadata?: { name?: string; namespace?: string; uid?: string; resourceVersion?: string };
}

export interface ExactDeleteOptions {
  /** Also require the resourceVersion decided on: any change since makes the delete a no-op. */
  resourceVersion?: boolean;
  /** Sent as `propagationPolicy` in the body (Background, Foreground, Orphan). */
  propagationPolicy?: string;
}

/** The delete body for this object: uid (and resourceVersion if asked) preconditions. Throws without a uid. */
export function exactDeleteBody(target: DeleteTarget, options: ExactDeleteOptions = {}): DeleteOptions {
  const meta = target.metadata ?? {};
  if (meta.uid === undefined || meta.uid === '') {
    throw new Error(
      `refusing to delete ${meta.namespace ?? ''}/${meta.name ?? ''} without a uid precondition: the decision ` +
        'must come from an observed object',
    );
  }
  const preconditions: { uid: string; resourceVersion?: string } = { uid: meta.uid };
  if (options.resourceVersion === true) {
    if (meta.resourceVersion === undefined || meta.resourceVersion === '') {
      throw new Error(
        `refusing to delete ${meta.namespace ?? ''}/${meta.name ?? ''} without its resourceVersion`,
      );
    }
    preconditions.resourceVersion = meta.resourceVersion;
  }
  return {
    preconditions,
    ...(options.propagationPolicy === undefined ? {} : { propagationPolicy: options.propagationPolicy }),
  };
}

/**
 * The apiserver's answer to a failed delete precondition (`Precondition failed: UID in precondition: …`,
 * reason Conflict, 409). A resourceVersion conflict on update is also a ConflictError but says otherwise.
 */
export function isPreconditionFailed(err: unknown): boolean {
  return err instanceof ConflictError && /precondition/i.test(err.message);
}

/**
 * The object decided on no longer exists as decided: deleted (404) or replaced/changed (failed precondition),
 * as the apiserver says it or as the fresh-partition re-check found it (delete-recheck.ts) — the same answer
 * the apiserver would have given. A re-check that found a PVC still mounted is not "gone": it is retried.
 */
export function isDeleteTargetGone(err: unknown): boolean {
  if (err instanceof DeleteSkippedError) return err.reason !== 'mounted';
  return err instanceof NotFoundError || isPreconditionFailed(err);
}

/**
 * Runs `send` with the exact-delete body for `target`; true when this call deleted the object, false when it
 * was already gone or is no longer the object decided on. Other errors are thrown.
 */
export async function deleteExactly(
  target: DeleteTarget,
  send: (body: DeleteOptions) => Promise<unknown>,
  options: ExactDeleteOptions = {},
): Promise<boolean> {
  const body = exactDeleteBody(target, options);
  try {
    await send(body);
    return true;
  } catch (err) {
    if (isDeleteTargetGone(err)) return false;
    throw err;
  }
}
