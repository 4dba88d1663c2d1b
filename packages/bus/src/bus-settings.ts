// Cluster-wide bus settings (partition count, lease TTL, stream replicas) live once, in the bus itself: a KV
// key written by the first process that declares them. Every later process compares what it declares with
// what is stored and refuses to start on a conflict, naming both values, instead of silently rewriting the
// stream or bucket to its own value (a controller trusting a 60 s lease the server expires after 15 s, or a
// watcher publishing to partitions the controllers do not read). A process that does not use a setting does
// not declare it (webhook-server and cert-manager hold no partition lease) and adopts the stored value.
import { Kvm } from '@nats-io/kv';
import type { Bus } from './connection.ts';

export interface BusSettings {
  partitions: number;
  /** Unset until a process holding partition leases declares it. */
  leaseTtlMs?: number;
  /** Unset until a process declares a replica count; streams then use 1. */
  replicas?: number;
}

export interface StoredBusSettings extends BusSettings {
  /** publisherId of the process that first stored each setting, for error messages. */
  setBy: Partial<Record<keyof BusSettings, string>>;
}

const LABELS: Record<keyof BusSettings, [string, string]> = {
  partitions: ['partition count', ' (KRUISE_TS_PARTITIONS)'],
  leaseTtlMs: ['lease TTL (ms)', ' (KRUISE_TS_LEASE_TTL_MS)'],
  replicas: ['stream replicas', ''],
};
const KEYS = Object.keys(LABELS) as (keyof BusSettings)[];

export class BusSettingsConflictError extends Error {
  readonly conflicts: readonly { setting: keyof BusSettings; stored: number; declared: number }[];
  constructor(prefix: string, conflicts: BusSettingsConflictError['conflicts'], stored: StoredBusSettings) {
    const detail = conflicts
      .map(({ setting, stored: s, declared }) => {
        const [label, env] = LABELS[setting];
        const by = stored.setBy[setting];
        return `${label}: ${s} stored in the bus${by ? ` (by ${by})` : ''}, ${declared} declared by this process${env}`;
      })
      .join('; ');
    super(
      `bus '${prefix}' settings conflict: ${detail}. Use the stored values, or migrate to a new bus prefix`,
    );
    this.name = 'BusSettingsConflictError';
    this.conflicts = conflicts;
  }
}

export type BusSettingsPlan =
  | { action: 'create'; record: StoredBusSettings }
  | { action: 'keep'; record: StoredBusSettings }
  | { action: 'fill'; record: StoredBusSettings }
  | { action: 'conflict'; conflicts: BusSettingsConflictError['conflicts']; record: StoredBusSettings };

/**
 * What to do with the stored settings given what this process declares: create them, keep them, fill in
 * settings nobody stored yet, or refuse (a declared value differs from the stored one). A proposed value is
 * stored only where nothing is stored or declared, and never conflicts: the stored one is adopted.
 */
export function planBusSettings(
  stored: StoredBusSettings | undefined,
  declared: Partial<BusSettings> & { partitions: number },
  by: string,
  proposed: Partial<BusSettings> = {},
): BusSettingsPlan {
  const wanted = (key: keyof BusSettings) => declared[key] ?? proposed[key];
  if (stored === undefined) {
    const record: StoredBusSettings = { partitions: declared.partitions, setBy: {} };
    for (const key of KEYS) {
      const value = wanted(key);
      if (value === undefined) continue;
      record[key] = value;
      record.setBy[key] = by;
    }
    return { action: 'create', record };
  }
  const conflicts: BusSettingsConflictError['conflicts'][number][] = [];
  const record: StoredBusSettings = { ...stored, setBy: { ...stored.setBy } };
  let filled = false;
  for (const key of KEYS) {
    const want = wanted(key);
    if (want === undefined) continue;
    const have = stored[key];
    if (have === undefined) {
      record[key] = want;
      record.setBy[key] = by;
      filled = true;
    } else if (have !== want && declared[key] !== undefined) {
      conflicts.push({ setting: key, stored: have, declared: want });
    }
  }
  if (conflicts.length > 0) return { action: 'conflict', conflicts, record: stored };
  return { action: filled ? 'fill' : 'keep', record };
}

/** The bucket holding the settings record (one per bus prefix). */
export function busSettingsBucket(prefix: string): string {
  return `${prefix.replaceAll('-', '_')}_bus`;
}

const KEY = 'settings';

/**
 * Stores or checks this process's declared settings against the bus's; returns the settings in force.
 * Throws BusSettingsConflictError when a declared value differs from the stored one.
 */
export async function ensureBusSettings(
  bus: Pick<Bus, 'js' | 'topology' | 'publisherId'>,
): Promise<StoredBusSettings> {
  const { topology } = bus;
  const bucket = busSettingsBucket(topology.prefix);
  const kvm = new Kvm(bus.js);
  let kv: Awaited<ReturnType<Kvm['open']>>;
  try {
    // History 1, no TTL: the record lives as long as the bus. Creating an existing bucket with the same
    // settings is a no-op on the server, so concurrent starters all succeed. Replicated like the streams (with
    // the replica count this process declares: the record that would store it cannot be read before it exists).
    kv = await kvm.create(bucket, {
      history: 1,
      replicas: topology.leases.replicas,
      description: 'Cluster-wide bus settings',
    });
  } catch (err) {
    try {
      kv = await kvm.open(bucket);
    } catch {
      throw new Error(`cannot open the bus settings bucket ${bucket}`, { cause: err });
    }
  }
  for (let attempt = 1; attempt <= 5; attempt++) {
    const entry = await kv.get(KEY);
    const stored =
      entry === null || entry.operation !== 'PUT' ? undefined : (entry.json() as StoredBusSettings);
    const plan = planBusSettings(stored, topology.declared, bus.publisherId, topology.proposed);
    if (plan.action === 'conflict') {
      throw new BusSettingsConflictError(topology.prefix, plan.conflicts, plan.record);
    }
    if (plan.action === 'keep') return plan.record;
    try {
      if (plan.action === 'create') await kv.create(KEY, JSON.stringify(plan.record));
      else await kv.update(KEY, JSON.stringify(plan.record), entry?.revision ?? 0);
      return plan.record;
    } catch {
      // Another process stored or filled the record first: compare against what it wrote.
    }
  }
  throw new Error(`cannot store the bus settings in ${bucket}: too many concurrent writers`);
}
