// A write of only what changed, each changed value guarded by the value it replaces (RFC 6902 test operations),
// as the alternative to a whole-object PUT pinned to a resourceVersion. The PUT loses to every concurrent write of
// the object however unrelated (another writer's label, the kubelet's status), so an object written more often
// than a read-and-write round trip takes is never updated. The guarded patch loses only to a change of a value it
// changes or removes, and the apiserver applies it to the object as it stands then.
import { plain } from '@kruise-ts/kube';
import fastJsonPatch from 'fast-json-patch';
import { ConflictError, InvalidError } from './errors.ts';
import type { KubeObjectLike, ResourceClient } from './resource.ts';
import { DEFAULT_RETRY, retryOnError } from './retry.ts';

export interface GuardedPatchOp {
  op: 'test' | 'add' | 'remove' | 'replace';
  path: string;
  value?: unknown;
}

/**
 * The JSON patch turning `current` into `desired`: the same object (a `test` of its uid), then every change, a
 * replaced or removed value tested first. Empty when nothing changes. Both are plain JSON (as read and as
 * mutated); the parts the apiserver ignores on this endpoint (a pod's status) are the caller's to leave alone.
 */
export function guardedJsonPatch<T extends { metadata?: { uid?: string } }>(
  current: T,
  desired: T,
): GuardedPatchOp[] {
  const changes = fastJsonPatch.compare(
    plain<object>(current),
    plain<object>(desired),
    true,
  ) as GuardedPatchOp[];
  if (changes.length === 0) return [];
  const uid = current.metadata?.uid;
  return uid === undefined ? changes : [{ op: 'test', path: '/metadata/uid', value: uid }, ...changes];
}

/**
 * The apiserver refused a guarded JSON patch for a failed test or a path gone: the object changed where the patch
 * writes. A lost race, like a 409 Conflict (read again and recompute), not invalid input. The apiserver answers it
 * with a bare 422 (reason Invalid, no causes, its generic sentence; apiserver handlers/patch.go), where a result
 * that fails validation names its fields.
 */
export function isLostPatchTest(err: unknown): boolean {
  return (
    err instanceof InvalidError &&
    err.causes.length === 0 &&
    /the server rejected our request due to an error in our request|testing value .* failed|test operation/.test(
      err.message,
    )
  );
}

export interface RewriteOptions<T> {
  namespace: string;
  name: string;
  /** The object meant; a copy read with another uid (deleted and made again) is left alone. */
  uid: string | undefined;
  /** The freshest copy the caller holds (its last write's answer, or the cached object): the first attempt PUTs its change. */
  base: T;
  /** The object as it should be, or undefined when it needs nothing (any more). */
  mutate(fresh: T): T | undefined;
  /** Throws unless the caller may still write (its partition's fence); checked before every read and write. */
  fence(): void;
}

/**
 * Change and write, again on a lost race (as Kruise updates pods in place: its RetryOnConflict around Update). The
 * first attempt PUTs the change of `base`; a conflict (that copy was behind) makes each retry GET the object and
 * send a guarded JSON patch of the change, so that a writer of other fields no longer makes every attempt lose.
 * Resolves with the written object (the copy read when the change came to nothing), or undefined when nothing was
 * written for it: another uid, or nothing to change.
 */
export function rewriteObject<T extends KubeObjectLike>(
  client: ResourceClient<T>,
  o: RewriteOptions<T>,
): Promise<T | undefined> {
  const { namespace, name } = o;
  let first: T | undefined = o.base;
  const lostRace = (err: unknown) => err instanceof ConflictError || isLostPatchTest(err);
  return retryOnError(
    lostRace,
    async () => {
      o.fence();
      const put = first !== undefined;
      const fresh = first ?? (await client.get({ namespace, name }));
      first = undefined;
      if (o.uid !== undefined && fresh.metadata?.uid !== o.uid) return undefined;
      const next = o.mutate(fresh);
      if (next === undefined) return undefined;
      const ops = guardedJsonPatch(fresh, next);
      if (ops.length === 0) return fresh;
      o.fence();
      if (put) return client.replace({ namespace, name, body: next });
      return client.patch({ namespace, name, type: 'json', patch: ops });
    },
    { backoff: DEFAULT_RETRY },
  );
}
