// Rendezvous (highest-random-weight) hashing: every replica computes the same owner for a partition from the
// same member list, and a member joining or leaving moves only the partitions it gains or held.

function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

// FNV alone distributes similar short strings poorly; a murmur3 finaliser spreads the bits.
function mix(h: number): number {
  let x = h >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b) >>> 0;
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35) >>> 0;
  x ^= x >>> 16;
  return x >>> 0;
}

export function rendezvousScore(member: string, partition: number): number {
  return mix(fnv1a32(`${member}\u0000${partition}`));
}

/** The member that should own `partition`; ties (practically impossible) go to the smaller member id. */
export function rendezvousOwner(members: readonly string[], partition: number): string | undefined {
  let best: string | undefined;
  let bestScore = -1;
  for (const member of members) {
    const score = rendezvousScore(member, partition);
    if (score > bestScore || (score === bestScore && best !== undefined && member < best)) {
      best = member;
      bestScore = score;
    }
  }
  return best;
}

/** Partitions 0..count-1 grouped by desired owner. */
export function assignPartitions(members: readonly string[], count: number): Map<string, number[]> {
  const out = new Map<string, number[]>(members.map((m) => [m, []]));
  for (let p = 0; p < count; p++) {
    const owner = rendezvousOwner(members, p);
    if (owner !== undefined) out.get(owner)?.push(p);
  }
  return out;
}
