// Creates or updates the declared streams and KV bucket idempotently: a missing one is created, a matching one
// is kept untouched, a differing one is updated in place, and a difference the server cannot apply in place
// (storage, retention) is an error rather than a silent delete-and-recreate of the cluster cache. Three kinds of
// difference are never applied: replicas are never lowered (a process declaring fewer keeps the server's), a
// shared setting (the lease bucket's TTL, which every lease holder fences on) is an error, not an update, and a
// setting declared on create only (the object stream's storage) is left as its creator chose.
import {
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamManager,
  type StreamConfig,
  type StreamInfo,
} from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { nanos } from '@nats-io/transport-node';
import { ensureBusSettings, type StoredBusSettings } from './bus-settings.ts';
import type { Bus } from './connection.ts';
import type { DeclaredKv, DeclaredStream } from './topology.ts';

export type DeclareResult = 'created' | 'updated' | 'unchanged';

const immutable = ['storage', 'retention'] as const;

function isNotFound(err: unknown, code: number): boolean {
  return err instanceof JetStreamApiError && err.code === code;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    const sorted = [...b].sort();
    return a.length === b.length && [...a].sort().every((v, i) => v === sorted[i]);
  }
  return a === b;
}

/** Keys of `desired` whose value differs from `actual` (arrays compared as sets). */
export function configDiff(desired: object, actual: object): string[] {
  const have = actual as Record<string, unknown>;
  return Object.entries(desired)
    .filter(([key, value]) => value !== undefined && !sameValue(value, have[key]))
    .map(([key]) => key);
}

async function streamInfo(jsm: JetStreamManager, name: string): Promise<StreamInfo | undefined> {
  try {
    return await jsm.streams.info(name);
  } catch (err) {
    if (isNotFound(err, JetStreamApiCodes.StreamNotFound)) return undefined;
    throw new Error(`cannot read stream ${name}`, { cause: err });
  }
}

/** The declared config with replicas never below the server's (a stream is never reconfigured downwards). */
export function withoutDowngrade<T extends Partial<StreamConfig>>(
  desired: T,
  actual: Partial<StreamConfig>,
): T {
  const have = actual.num_replicas ?? 1;
  if (desired.num_replicas !== undefined && desired.num_replicas < have)
    return { ...desired, num_replicas: have };
  return desired;
}

async function reconcileStream(
  jsm: JetStreamManager,
  info: StreamInfo,
  declared: Partial<StreamConfig> & { name: string },
  shared: readonly string[] = [],
  onCreateOnly: readonly string[] = [],
): Promise<DeclareResult> {
  const desired = { ...withoutDowngrade(declared, info.config) };
  for (const key of onCreateOnly) delete (desired as Record<string, unknown>)[key];
  const diff = configDiff(desired, info.config);
  if (diff.length === 0) return 'unchanged';
  const have: Readonly<Record<string, unknown>> = { ...info.config };
  const want = desired as Record<string, unknown>;
  const detail = (keys: string[]) =>
    keys.map((k) => `${k}: ${String(have[k])} on the server, ${String(want[k])} declared`).join('; ');
  const fixed = diff.filter((key) => (immutable as readonly string[]).includes(key));
  if (fixed.length > 0) {
    throw new Error(
      `stream ${desired.name} cannot be changed in place (${detail(fixed)}): migrate it explicitly`,
    );
  }
  const mine = diff.filter((key) => shared.includes(key));
  if (mine.length > 0) {
    throw new Error(
      `stream ${desired.name} has shared settings other processes rely on (${detail(mine)}): refusing to rewrite them`,
    );
  }
  try {
    await jsm.streams.update(desired.name, { ...info.config, ...desired });
  } catch (err) {
    throw new Error(`cannot update stream ${desired.name} (${diff.join(', ')} differ)`, { cause: err });
  }
  return 'updated';
}

export interface EnsureStreamOptions {
  /**
   * Settings applied when the stream is created and never compared afterwards: the stream keeps what its
   * creator chose, and a process declaring another value starts beside it.
   */
  onCreateOnly?: readonly (keyof StreamConfig)[];
}

export async function ensureStream(
  jsm: JetStreamManager,
  desired: DeclaredStream,
  options: EnsureStreamOptions = {},
): Promise<DeclareResult> {
  // Two replicas may declare at once: a lost creation race shows up as an add error, after which the stream
  // exists and the second attempt compares instead.
  for (let attempt = 1; ; attempt++) {
    const info = await streamInfo(jsm, desired.name);
    if (info !== undefined) return reconcileStream(jsm, info, desired, [], options.onCreateOnly);
    try {
      await jsm.streams.add(desired);
      return 'created';
    } catch (err) {
      if (attempt >= 3) throw new Error(`cannot create stream ${desired.name}`, { cause: err });
    }
  }
}

/**
 * The object stream at `replicas`. It is a cache that every build reads the same way whatever its storage: a
 * build may create it in memory while another, older or newer, declares file storage (docs/performance.md,
 * fifteenth round), so its storage is declared on create only.
 */
export function ensureObjectStream(
  bus: Pick<Bus, 'jsm' | 'topology'>,
  replicas: number,
): Promise<DeclareResult> {
  return ensureStream(
    bus.jsm,
    { ...bus.topology.objects.config, num_replicas: replicas },
    { onCreateOnly: ['storage'] },
  );
}

/** The settings of the bucket's backing stream that this package owns. */
function kvStreamSettings(kv: DeclaredKv): Partial<StreamConfig> & { name: string } {
  return {
    name: kv.stream,
    description: kv.description,
    max_msgs_per_subject: kv.history,
    max_age: nanos(kv.ttlMs),
    // The server caps the duplicate window at max_age on creation but refuses an update that breaks the cap.
    duplicate_window: nanos(Math.min(kv.ttlMs, 120_000)),
    num_replicas: kv.replicas,
  };
}

// The TTL of a bucket is what its users fence on; it is never rewritten by whichever process starts last.
const KV_SHARED = ['max_age', 'duplicate_window'];

export async function ensureKv(bus: Pick<Bus, 'js' | 'jsm'>, kv: DeclaredKv): Promise<DeclareResult> {
  const existing = await streamInfo(bus.jsm, kv.stream);
  if (existing !== undefined) return reconcileStream(bus.jsm, existing, kvStreamSettings(kv), KV_SHARED);
  try {
    // Kvm lays out a proper KV stream (subjects, rollups, discard policy); it opens an existing bucket as is.
    await new Kvm(bus.js).create(kv.bucket, {
      description: kv.description,
      history: kv.history,
      ttl: kv.ttlMs,
      // Expired leases leave a delete marker, so lease watchers see the expiry as a deletion.
      markerTTL: kv.ttlMs,
      replicas: kv.replicas,
      storage: kv.storage,
    });
  } catch (err) {
    throw new Error(`cannot create KV bucket ${kv.bucket}`, { cause: err });
  }
  // The bucket may have existed by then (a concurrent creator): settle on the declared settings either way.
  const created = await streamInfo(bus.jsm, kv.stream);
  if (created === undefined) throw new Error(`KV bucket ${kv.bucket} vanished right after creation`);
  const result = await reconcileStream(bus.jsm, created, kvStreamSettings(kv), KV_SHARED);
  return result === 'unchanged' ? 'created' : result;
}

export interface TopologyDeclaration {
  objects: DeclareResult;
  events: DeclareResult;
  /** 'skipped' while no lease holder declared a lease TTL (nothing to create the bucket with). */
  leases: DeclareResult | 'skipped';
  /** The cluster-wide settings in force (stored in the bus). */
  settings: StoredBusSettings;
}

/**
 * Declares everything the bus needs; safe to call from every replica at every start. First checks this
 * process's cluster-wide settings against the bus's (refusing to start on a conflict), then declares the
 * streams and the lease bucket with the stored values.
 */
export async function ensureTopology(
  bus: Pick<Bus, 'js' | 'jsm' | 'topology' | 'publisherId'>,
): Promise<TopologyDeclaration> {
  const { topology } = bus;
  const settings = await ensureBusSettings(bus);
  const replicas = settings.replicas ?? 1;
  const leaseTtlMs = settings.leaseTtlMs;
  return {
    objects: await ensureObjectStream(bus, replicas),
    events: await ensureStream(bus.jsm, { ...topology.events.config, num_replicas: replicas }),
    leases:
      leaseTtlMs === undefined
        ? 'skipped'
        : await ensureKv(bus, { ...topology.leases, ttlMs: leaseTtlMs, replicas }),
    settings,
  };
}
