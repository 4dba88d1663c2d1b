// Carrying out a claim plan (planClaim in @kruise-ts/core): adoptions and releases patch the object's
// ownerReferences with its uid and resourceVersion as preconditions, so a recreated or concurrently changed object
// is never taken over by mistake (a 409 makes the round retry from the cache). Before the first adoption of a round
// the owner is read from the apiserver, uncached, and adoption stops when it was replaced or is being deleted —
// Kubernetes' RecheckDeletionTimestamp in pkg/controller/controller_ref_manager.go.
import type { ClaimPlan, OwnerChange } from '@kruise-ts/core';
import { NotFoundError } from './errors.ts';

export interface OwnerMeta {
  uid?: string;
  deletionTimestamp?: string | null;
}

export interface ClaimWriter<T> {
  /** Writes `ownerReferences` on the object, with its uid and resourceVersion as preconditions. */
  setOwners(change: OwnerChange<T>): Promise<void>;
  /** An uncached GET of the owner (its metadata). */
  readOwner(): Promise<OwnerMeta>;
}

export interface ClaimOutcome<T> {
  /** The plan's claimed objects without those whose adoption did not happen. */
  claimed: T[];
  adopted: T[];
  released: T[];
  /** Why adoption was skipped this round (owner gone, replaced or being deleted), if it was. */
  adoptionRefused?: string;
}

/**
 * Releases first, then adopts. An object gone meanwhile (404) is skipped; any other error stops the round.
 */
export async function applyClaim<T>(
  ownerUid: string,
  plan: ClaimPlan<T>,
  writer: ClaimWriter<T>,
): Promise<ClaimOutcome<T>> {
  const outcome: ClaimOutcome<T> = { claimed: [], adopted: [], released: [] };
  for (const change of plan.release) {
    if (await tolerateGone(writer.setOwners(change))) outcome.released.push(change.object);
  }
  const notAdopted = new Set<T>();
  if (plan.adopt.length > 0) {
    const refusal = await recheckOwner(ownerUid, writer);
    if (refusal !== undefined) {
      outcome.adoptionRefused = refusal;
      for (const { object } of plan.adopt) notAdopted.add(object);
    } else {
      for (const change of plan.adopt) {
        if (await tolerateGone(writer.setOwners(change))) outcome.adopted.push(change.object);
        else notAdopted.add(change.object);
      }
    }
  }
  outcome.claimed = plan.claimed.filter((o) => !notAdopted.has(o));
  return outcome;
}

/** Undefined when the owner may adopt; else the reason it may not. */
export async function recheckOwner(
  ownerUid: string,
  writer: ClaimWriter<unknown>,
): Promise<string | undefined> {
  let fresh: OwnerMeta;
  try {
    fresh = await writer.readOwner();
  } catch (err) {
    if (err instanceof NotFoundError) return 'owner not found';
    throw new Error('recheck of the owner before adoption failed', { cause: err });
  }
  if (fresh.uid !== ownerUid) return `owner uid is ${fresh.uid ?? '(none)'}, not ${ownerUid}`;
  const ts = fresh.deletionTimestamp;
  if (ts !== undefined && ts !== null && ts !== '') return 'owner is being deleted';
  return undefined;
}

async function tolerateGone(write: Promise<void>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (err) {
    if (err instanceof NotFoundError) return false;
    throw err;
  }
}
