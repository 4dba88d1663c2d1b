// A write of only what changed, each changed value guarded by the value it replaces (RFC 6902 test operations),
// as the alternative to a whole-object PUT pinned to a resourceVersion. The PUT loses to every concurrent write of
// the object however unrelated (another writer's label, the kubelet's status), so an object written more often
// than a read-and-write round trip takes is never updated. The guarded patch loses only to a change of a value it
// changes or removes, and the apiserver applies it to the object as it stands then.
import fastJsonPatch from 'fast-json-patch';
import { InvalidError } from './errors.ts';

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
  const changes = fastJsonPatch.compare(plain(current), plain(desired), true) as GuardedPatchOp[];
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

function plain(value: object): object {
  return JSON.parse(JSON.stringify(value)) as object;
}
