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

/**
 * Partitions 0..count-1 grouped by desired owner: plain rendezvous, then evened out so that every member owns
 * floor or ceil of count / members partitions (plain rendezvous leaves one of two replicas idle one time in eight
 * with 4 partitions). Evening out moves an overloaded member's lowest-scoring partitions to the underloaded member
 * that scores them highest, so assignments stay as close to rendezvous as balance allows and a member joining or
 * leaving moves few partitions. Every member computes the same answer from the same member list.
 */
export function assignPartitions(members: readonly string[], count: number): Map<string, number[]> {
  const unique = [...new Set(members)].sort();
  const out = new Map<string, number[]>(unique.map((m) => [m, []]));
  if (unique.length === 0) return out;
  for (let p = 0; p < count; p++) {
    const owner = rendezvousOwner(unique, p);
    if (owner !== undefined) out.get(owner)?.push(p);
  }
  const base = Math.floor(count / unique.length);
  // `count % members` members may hold one more: those rendezvous gave the most (ties by id), so little moves.
  const extra = new Set(
    [...unique]
      .sort((a, b) => (out.get(b)?.length ?? 0) - (out.get(a)?.length ?? 0) || (a < b ? -1 : 1))
      .slice(0, count % unique.length),
  );
  const quota = (m: string) => base + (extra.has(m) ? 1 : 0);
  for (;;) {
    const over = unique.find((m) => (out.get(m)?.length ?? 0) > quota(m));
    if (over === undefined) break;
    const held = out.get(over) ?? [];
    const under = unique.filter((m) => (out.get(m)?.length ?? 0) < quota(m));
    // Move the partition the overloaded member scores lowest, to the underloaded member scoring it highest.
    const p = held.reduce((lo, q) => (rendezvousScore(over, q) < rendezvousScore(over, lo) ? q : lo));
    const to = under.reduce((best, m) => (rendezvousScore(m, p) > rendezvousScore(best, p) ? m : best));
    out.set(
      over,
      held.filter((q) => q !== p),
    );
    out.get(to)?.push(p);
  }
  for (const list of out.values()) list.sort((a, b) => a - b);
  return out;
}
