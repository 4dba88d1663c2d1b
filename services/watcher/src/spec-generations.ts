// Which changes carry new intent: the creation or a spec change of an object other than a pod, i.e. a
// metadata.generation the watcher has not seen for that object. A controller starts work on it, and nothing quick
// follows it that could fold into it (the controller's own status writes come only after it has been read), so the
// linger would only delay the work (docs/adr/0045-watcher-coalesces-changes.md, second amendment). Pods are left
// out: their spec changes are the controllers' own in-place updates, which the kubelet's status follows within
// milliseconds.
import type { ObjectChange } from './object-event.ts';

export class SpecGenerations {
  /** The last generation seen per object uid (objects other than pods that have one). */
  readonly #seen = new Map<string, number>();

  /** Whether `change` brings its object a generation not seen before; remembers it, forgets a deleted object. */
  isNew(change: ObjectChange): boolean {
    const uid = change.object.metadata?.uid;
    const generation = change.object.metadata?.generation;
    if (uid === undefined || generation === undefined || change.resource.kind === 'Pod') return false;
    if (change.type === 'DELETED' || change.type === 'TOMBSTONE') {
      this.#seen.delete(uid);
      return false;
    }
    const before = this.#seen.get(uid);
    if (before !== undefined && generation <= before) return false;
    this.#seen.set(uid, generation);
    return true;
  }

  /** Objects remembered (for tests). */
  get size(): number {
    return this.#seen.size;
  }
}
