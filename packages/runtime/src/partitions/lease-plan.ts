// What a replica should do with each partition lease on one tick: a pure function of the live members, the
// lease table as last read, and what this replica holds, so the hand-off rules are table-tested.
import { assignPartitions } from './rendezvous.ts';

export interface LeaseRecord {
  holder: string;
  /** KV revision of the record, for compare-and-set. */
  revision: number;
}

export interface LeasePlanInput {
  self: string;
  members: readonly string[];
  partitions: number;
  /** Current lease records by partition; absent = free (never taken, released, or expired). */
  leases: ReadonlyMap<number, LeaseRecord>;
  /** Partitions this replica holds (their record is ours and the last renewal succeeded). */
  held: ReadonlySet<number>;
}

export interface LeasePlan {
  /** Free partitions this replica should take (create the record). */
  acquire: number[];
  /** Partitions this replica holds and should keep (CAS-renew the record). */
  renew: number[];
  /** Partitions this replica holds but another live member should own: drain, then delete the record. */
  release: number[];
  /** Partitions this replica should own but another holds: wait for their release or expiry. */
  waiting: number[];
  /**
   * Partitions this replica should own whose record is still ours though it no longer holds them (a renewal whose
   * reply was lost): take them back by compare-and-set on the record, rather than wait out its TTL.
   */
  reclaim: number[];
  /** Records still ours for partitions another live member should own and we no longer hold: delete them. */
  abandon: number[];
}

export function planLeases(input: LeasePlanInput): LeasePlan {
  const plan: LeasePlan = { acquire: [], renew: [], release: [], waiting: [], reclaim: [], abandon: [] };
  // A replica always counts itself live, even before its own heartbeat is visible to it.
  const members = input.members.includes(input.self) ? input.members : [...input.members, input.self];
  const desiredOwner = new Map<number, string>();
  for (const [member, partitions] of assignPartitions(members, input.partitions)) {
    for (const p of partitions) desiredOwner.set(p, member);
  }
  for (let p = 0; p < input.partitions; p++) {
    const desired = desiredOwner.get(p);
    const lease = input.leases.get(p);
    const mine = lease?.holder === input.self;
    const held = mine && input.held.has(p);
    if (desired === input.self) {
      if (held) plan.renew.push(p);
      else if (mine) plan.reclaim.push(p);
      else if (lease === undefined) plan.acquire.push(p);
      else plan.waiting.push(p);
    } else if (held) {
      plan.release.push(p);
    } else if (mine) {
      plan.abandon.push(p);
    }
  }
  return plan;
}
