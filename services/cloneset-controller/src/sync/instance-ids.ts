// Instance ids for new pods (docs/behaviour/cloneset.md#pod-creation, getOrGenAvailableIDs): first the ids of owned PVCs whose pod is gone (so
// the new pod mounts the same volumes and even gets the same name), then fresh random 5-character ids.

import type { Pod } from '@kruise-ts/core';
import { instanceId } from '../pod-state.ts';
import type { PersistentVolumeClaim } from '../types.ts';

export const INSTANCE_ID_LENGTH = 5;
// Kubernetes' rand.String alphabet: no vowels, no confusable characters.
const ID_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** Returns an integer in [0, max). */
export type RandomInt = (max: number) => number;

const mathRandomInt: RandomInt = (max) => Math.floor(Math.random() * max);

export function randomInstanceId(randomInt: RandomInt = mathRandomInt): string {
  let id = '';
  for (let i = 0; i < INSTANCE_ID_LENGTH; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

/**
 * `count` ids, sorted (Kruise returns a sorted set; the first ones go to current-revision pods). Reused PVC ids
 * come first in sorted order (Kruise pops them in map order, which is arbitrary). A fresh id never collides with
 * any pod or PVC id, nor — unlike Kruise, where a collision would silently yield fewer ids — with another fresh id.
 */
export function getOrGenAvailableIds(
  count: number,
  pods: readonly Pod[],
  pvcs: readonly PersistentVolumeClaim[],
  randomInt: RandomInt = mathRandomInt,
): string[] {
  const existing = new Set<string>();
  const reusable = new Set<string>();
  for (const pvc of pvcs) {
    const id = instanceId(pvc);
    if (id !== '') {
      existing.add(id);
      reusable.add(id);
    }
  }
  for (const pod of pods) {
    const id = instanceId(pod);
    if (id !== '') {
      existing.add(id);
      reusable.delete(id);
    }
  }
  const free = [...reusable].sort();
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    let id = free.shift();
    if (id === undefined) {
      do id = randomInstanceId(randomInt);
      while (existing.has(id));
      existing.add(id);
    }
    ids.push(id);
  }
  return ids.sort();
}
