// The bus declared as code: stream, subject and KV bucket names and configurations, all derived from one
// prefix and the partition count so that every service (and every test, with its own prefix) agrees.
import { DiscardPolicy, RetentionPolicy, StorageType, type StreamConfig } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { BusSettings } from './bus-settings.ts';

export interface TopologyOptions {
  /** First subject token and stem of every stream and bucket name. Default `kruise`. */
  prefix?: string;
  /** P in `partition = fnv1a32(namespace) mod P`; every service of a deployment must use the same value. */
  partitions: number;
  /** Stream and KV replicas (1 for a single server). Default: KRUISE_TS_STREAM_REPLICAS, else 1. */
  replicas?: number;
  /** How long a message id is remembered for de-duplication. Default 2 minutes. */
  duplicateWindowMs?: number;
  /** How long a DELETED/TOMBSTONE event stays in the object cache before the server removes it. Default 1 hour. */
  deletedObjectTtlMs?: number;
  /** How long domain events are kept. Default 7 days. */
  eventMaxAgeMs?: number;
  /**
   * A partition lease not renewed for this long expires (bucket max age). Set, it is declared: a bus that
   * stored another value refuses this process (see bus-settings.ts). Unset, the process adopts the stored one.
   */
  leaseTtlMs?: number;
  /**
   * The lease TTL this process stores when it declares none and the bus has none yet (a lease holder started
   * without an explicit TTL proposes DEFAULT_LEASE_TTL_MS; docs/adr/0044-longer-lease-ttl-declared-on-create.md).
   */
  proposedLeaseTtlMs?: number;
  /**
   * Where a newly created object stream keeps its messages; an existing stream keeps what it was created with
   * (declare.ts, ensureObjectStream). Default: KRUISE_TS_OBJECT_STORAGE, else memory.
   */
  objectStorage?: ObjectStorage;
}

/** The object stream's storage: it is a cache of the apiserver, rebuilt from a full list when lost (ADR 39). */
export type ObjectStorage = 'memory' | 'file';

export interface Topology {
  readonly prefix: string;
  readonly partitions: number;
  readonly deletedObjectTtlMs: number;
  readonly objects: {
    readonly stream: string;
    readonly subjectRoot: string;
    readonly config: DeclaredStream;
  };
  readonly events: { readonly stream: string; readonly subjectRoot: string; readonly config: DeclaredStream };
  readonly leases: DeclaredKv;
  /** The cluster-wide settings this process declared explicitly (compared with the bus's at start). */
  readonly declared: Readonly<Partial<BusSettings> & { partitions: number }>;
  /** Settings stored only where the bus has none yet and nothing is declared; never a conflict. */
  readonly proposed: Readonly<Partial<BusSettings>>;
}

/**
 * The lease TTL of a bus created by a lease holder that was given none. Renewals come every TTL / 2: at 15 s they
 * were a third of an idle system's CPU; failover does not wait for a TTL (docs/adr/0025-fast-failover.md).
 */
export const DEFAULT_LEASE_TTL_MS = 60_000;

/** The stream settings this package owns; anything not listed is left as the server has it. */
export type DeclaredStream = Pick<
  StreamConfig,
  | 'name'
  | 'subjects'
  | 'retention'
  | 'storage'
  | 'discard'
  | 'max_msgs_per_subject'
  | 'max_age'
  | 'duplicate_window'
  | 'num_replicas'
  | 'allow_direct'
> &
  Partial<Pick<StreamConfig, 'allow_msg_ttl' | 'description'>>;

export interface DeclaredKv {
  readonly bucket: string;
  /** The JetStream stream backing the bucket. */
  readonly stream: string;
  readonly ttlMs: number;
  readonly history: number;
  readonly replicas: number;
  readonly description: string;
  /**
   * Where a bucket created now keeps its records. An existing bucket keeps the storage it was created with (the
   * server cannot change it).
   */
  readonly storage: StorageType;
}

const prefixPattern = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export function topology(options: TopologyOptions): Topology {
  const prefix = options.prefix ?? 'kruise';
  if (!prefixPattern.test(prefix)) throw new Error(`bus prefix '${prefix}' must match ${prefixPattern}`);
  const { partitions } = options;
  if (!Number.isSafeInteger(partitions) || partitions < 1 || partitions > 4096) {
    throw new Error(`partitions must be an integer in 1..4096, got ${partitions}`);
  }
  // Set in the environment (the chart sets it), the replica count is declared like an option: stored once in
  // the bus settings, which every process declares its streams with. Unset, nothing is declared (1 by default).
  const envReplicas =
    (process.env.KRUISE_TS_STREAM_REPLICAS ?? '').trim() === '' ? undefined : streamReplicasFromEnv();
  const declaredReplicas = options.replicas ?? envReplicas;
  const replicas = declaredReplicas ?? 1;
  const duplicateWindow = nanos(options.duplicateWindowMs ?? 2 * 60_000);
  const stem = prefix.toUpperCase().replaceAll('-', '_');
  const objectsRoot = `${prefix}.objects`;
  const eventsRoot = `${prefix}.events`;
  const leaseBucket = `${prefix.replaceAll('-', '_')}_leases`;
  return {
    prefix,
    partitions,
    deletedObjectTtlMs: options.deletedObjectTtlMs ?? 60 * 60_000,
    objects: {
      stream: `${stem}_OBJECTS`,
      subjectRoot: objectsRoot,
      config: {
        name: `${stem}_OBJECTS`,
        description: 'Last-value cache of the cluster: the latest ObjectEvent of every watched object',
        subjects: [`${objectsRoot}.>`],
        retention: RetentionPolicy.Limits,
        // In memory: nats-server's file store holds every block a replay reads in a 4 MiB cache buffer, a third
        // of its memory under a rollout. Lost with a standalone server's restart, the stream is rebuilt: every
        // reader's liveness fails and it starts over from the watcher's next list (docs/adr/0039).
        storage:
          (options.objectStorage ?? objectStorageFromEnv()) === 'memory'
            ? StorageType.Memory
            : StorageType.File,
        discard: DiscardPolicy.Old,
        // One message per object subject: the stream is the cache, not a log.
        max_msgs_per_subject: 1,
        max_age: 0,
        duplicate_window: duplicateWindow,
        num_replicas: replicas,
        // Point reads of one object by subject without a consumer.
        allow_direct: true,
        // DELETED/TOMBSTONE events carry a per-message TTL so the cache does not keep every deleted object.
        allow_msg_ttl: true,
      },
    },
    events: {
      stream: `${stem}_EVENTS`,
      subjectRoot: eventsRoot,
      config: {
        name: `${stem}_EVENTS`,
        description: 'Domain events (rollout progress, certificate rotated, revision created)',
        subjects: [`${eventsRoot}.>`],
        retention: RetentionPolicy.Limits,
        storage: StorageType.File,
        discard: DiscardPolicy.Old,
        max_msgs_per_subject: -1,
        max_age: nanos(options.eventMaxAgeMs ?? 7 * 24 * 60 * 60_000),
        duplicate_window: duplicateWindow,
        num_replicas: replicas,
        allow_direct: true,
      },
    },
    leases: {
      bucket: leaseBucket,
      stream: `KV_${leaseBucket}`,
      ttlMs: options.leaseTtlMs ?? options.proposedLeaseTtlMs ?? DEFAULT_LEASE_TTL_MS,
      history: 1,
      replicas,
      description: 'Partition leases of controller replicas',
      // Leases are rewritten every beat and mean nothing after their TTL: kept in memory, they cost nats-server
      // half the CPU of file storage. A server that loses them (restarted alone) is safe: see
      // docs/adr/0033-leases-in-memory.md.
      storage: StorageType.Memory,
    },
    declared: {
      partitions,
      ...(options.leaseTtlMs === undefined ? {} : { leaseTtlMs: options.leaseTtlMs }),
      ...(declaredReplicas === undefined ? {} : { replicas: declaredReplicas }),
    },
    proposed:
      options.leaseTtlMs === undefined && options.proposedLeaseTtlMs !== undefined
        ? { leaseTtlMs: options.proposedLeaseTtlMs }
        : {},
  };
}

/**
 * The topology with the lease TTL in force: the one stored in the bus, which a process that declared none
 * adopted (ensureTopology returns the stored settings).
 */
export function withStoredLeaseTtl(t: Topology, stored: Partial<BusSettings>): Topology {
  const ttlMs = stored.leaseTtlMs;
  if (ttlMs === undefined || ttlMs === t.leases.ttlMs) return t;
  return { ...t, leases: { ...t.leases, ttlMs } };
}

/**
 * KRUISE_TS_STREAM_REPLICAS: every service of an installation declares the same streams, so the replica count is
 * one deployment-wide setting (the Helm chart sets it) rather than an option of each bootstrap.
 */
export function streamReplicasFromEnv(env: Record<string, string | undefined> = process.env): number {
  const raw = env.KRUISE_TS_STREAM_REPLICAS;
  if (raw === undefined || raw.trim() === '') return 1;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 5) {
    throw new Error(`KRUISE_TS_STREAM_REPLICAS must be an integer in 1..5, got '${raw}'`);
  }
  return value;
}

/** KRUISE_TS_OBJECT_STORAGE: like the replica count, one deployment-wide choice (the chart's nats.objectStorage). */
export function objectStorageFromEnv(env: Record<string, string | undefined> = process.env): ObjectStorage {
  const raw = (env.KRUISE_TS_OBJECT_STORAGE ?? '').trim();
  if (raw === '') return 'memory';
  if (raw === 'memory' || raw === 'file') return raw;
  throw new Error(`KRUISE_TS_OBJECT_STORAGE must be 'memory' or 'file', got '${raw}'`);
}
