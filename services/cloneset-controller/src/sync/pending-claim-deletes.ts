// Claims whose pod this controller deleted but whose own delete failed (issue #12). Kruise deletes a pod's PVCs
// right after the pod (deletePods in pkg/controller/cloneset/sync/cloneset_scale.go); when that second delete
// fails (the apiserver restarting, a lapsed fence, a failed re-check read) the reconcile is retried, but the
// pod is gone by then, so no plan names its claims again — and with PVC reuse on, nothing else deletes a claim
// whose pod is gone. The claim names are remembered per CloneSet and their deletes retried on later reconciles.
// They are noted before the pod's delete leaves and travel in the replica's liveness record (runtime OwedDeletes),
// so a successor that takes over a frozen replica between the two deletes finishes the second.

import { type OwedDeletes, splitKey } from '@kruise-ts/runtime';
import { instanceId } from '../pod-state.ts';
import type { PersistentVolumeClaim } from '../types.ts';

type Claim = Pick<PersistentVolumeClaim, 'metadata'>;
type Instance = { metadata: { labels?: Record<string, string> } };

export interface PendingClaimDeletesPlan<C extends Claim> {
  /** Delete these (as the cache has them now). */
  delete: C[];
  /** Forget these names: the claim is gone or being deleted, or an active pod of its instance uses it again. */
  forget: string[];
}

/** What to do with remembered claim deletes, given the claims the CloneSet owns and its active pods now. */
export function planPendingClaimDeletes<C extends Claim>(
  pending: Iterable<string>,
  ownedClaims: readonly C[],
  activePods: readonly Instance[],
): PendingClaimDeletesPlan<C> {
  const byName = new Map(ownedClaims.map((c) => [c.metadata.name, c]));
  const inUse = new Set(activePods.map(instanceId).filter((id) => id !== ''));
  const plan: PendingClaimDeletesPlan<C> = { delete: [], forget: [] };
  for (const name of pending) {
    const claim = byName.get(name);
    const deleting =
      claim?.metadata.deletionTimestamp !== undefined && claim?.metadata.deletionTimestamp !== null;
    if (claim === undefined || deleting || inUse.has(instanceId(claim))) plan.forget.push(name);
    else plan.delete.push(claim);
  }
  return plan;
}

/** Per CloneSet key (`namespace/name`): claim names whose delete is still owed. Tokens: `namespace/name/claim`. */
export class PendingClaimDeletes implements OwedDeletes {
  readonly #byKey = new Map<string, Set<string>>();

  add(key: string, claimName: string): void {
    let names = this.#byKey.get(key);
    if (names === undefined) {
      names = new Set();
      this.#byKey.set(key, names);
    }
    names.add(claimName);
  }

  get(key: string): readonly string[] {
    return [...(this.#byKey.get(key) ?? [])];
  }

  remove(key: string, claimName: string): void {
    const names = this.#byKey.get(key);
    if (names === undefined) return;
    names.delete(claimName);
    if (names.size === 0) this.#byKey.delete(key);
  }

  /** A CloneSet gone: nothing is owed for it any more. */
  forgetKey(key: string): void {
    this.#byKey.delete(key);
  }

  list(inPartition: (namespace: string) => boolean): string[] {
    const tokens: string[] = [];
    for (const [key, names] of this.#byKey) {
      if (!inPartition(splitKey(key).namespace)) continue;
      for (const name of names) tokens.push(`${key}/${name}`);
    }
    return tokens;
  }

  inherit(tokens: readonly string[]): void {
    for (const token of tokens) {
      const parts = token.split('/');
      // Another build's token, or a malformed one: not ours to act on.
      if (parts.length !== 3 || parts.some((p) => p === '')) continue;
      const [namespace, name, claim] = parts as [string, string, string];
      this.add(`${namespace}/${name}`, claim);
    }
  }

  forget(inPartition: (namespace: string) => boolean): void {
    for (const key of [...this.#byKey.keys()])
      if (inPartition(splitKey(key).namespace)) this.#byKey.delete(key);
  }
}
