// One NATS connection per service process: it reconnects forever (with jitter, so a restarted server is not
// hit by every client at the same instant) and drains on shutdown, so in-flight publishes and acks complete.
import { type JetStreamClient, type JetStreamManager, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { type BusCredentials, busCredentialsFromEnv, connectionAuth } from './credentials.ts';
import './nats-request-cost.ts';
import { ObjectStreamIdentity, type ObjectStreamReplacedError } from './object-stream-identity.ts';
import { type PublisherBuild, publisherBuild, publisherName } from './publisher-build.ts';
import type { Topology } from './topology.ts';

export interface BusOptions {
  servers: string | string[];
  topology: Topology;
  /** Names this replica: `publisherId` in what it publishes (and the connection name without a build). */
  publisherId: string;
  /** The publishing build; default the one the process declared (declarePublisherBuild). */
  build?: PublisherBuild;
  /** Base wait between reconnect attempts. Default 1000 ms. */
  reconnectTimeWaitMs?: number;
  /** Upper bound of the random delay added to each wait. Default 1000 ms. */
  reconnectJitterMs?: number;
  /** Keep retrying when the server is not up at start instead of failing. Default false. */
  waitOnFirstConnect?: boolean;
  /** Timeout of JetStream API calls and publish acks. Default 5000 ms. */
  requestTimeoutMs?: number;
  /** How long close() lets the drain run before closing hard. Default 10 s. */
  drainTimeoutMs?: number;
  /**
   * Identity and TLS; default: from the KRUISE_TS_NATS_* environment (busCredentialsFromEnv), so every service
   * authenticates the same way without each bootstrap passing it through.
   */
  credentials?: BusCredentials;
  /** Called once when the object stream turns out replaced under this process (see objectStreamReplaced). */
  onObjectStreamReplaced?: (error: ObjectStreamReplacedError) => void;
}

export interface Bus {
  readonly nc: NatsConnection;
  readonly js: JetStreamClient;
  readonly jsm: JetStreamManager;
  readonly topology: Topology;
  readonly publisherId: string;
  /** The build stamped on every publish (Kruise-Ts-Publisher); undefined when the process declared none. */
  readonly build: PublisherBuild | undefined;
  readonly requestTimeoutMs: number;
  /**
   * Runs `work` (a publish) so that close() waits for it: the NATS drain alone would cancel a publish whose
   * ack is still on its way. Rejects without running it once the bus is closing.
   */
  inFlight<T>(work: () => Promise<T>): Promise<T>;
  /** Waits for in-flight publishes, drains subscriptions, then closes; bounded by drainTimeoutMs. Idempotent. */
  close(): Promise<void>;
  /**
   * Whether the connection is up now. While it is down the client reconnects forever; readiness reports it
   * (a replica acting on a cache that no longer follows the bus must say so).
   */
  connected(): boolean;
  /** Since when (epoch ms) the connection is down; undefined while connected. */
  disconnectedSince(): number | undefined;
  /**
   * Whether the object stream is still the one this process first read (by its creation time): false once it
   * was replaced or is gone, e.g. a store wiped under running services. Checked after every reconnect; a feed
   * checks it before its ghost resync (object-stream-identity.ts). A failed read rejects.
   */
  objectStreamIntact(): Promise<boolean>;
  /** The replacement once seen: the process must start over (its liveness fails, assertBusLive). */
  objectStreamReplaced(): ObjectStreamReplacedError | undefined;
}

/**
 * A liveness check: throws once the connection is closed or the object stream was replaced under this process,
 * the two states it cannot leave by itself (a disconnection is only a readiness matter: the client reconnects).
 */
export function assertBusLive(bus: Pick<Bus, 'nc' | 'objectStreamReplaced'>): void {
  if (bus.nc.isClosed()) throw new Error('bus connection closed');
  const replaced = bus.objectStreamReplaced();
  if (replaced !== undefined) throw replaced;
}

/** A readiness check: throws while the bus is closed or disconnected, saying for how long. */
export function assertBusConnected(bus: Pick<Bus, 'nc' | 'connected' | 'disconnectedSince'>): void {
  if (bus.nc.isClosed()) throw new Error('bus connection closed');
  if (!bus.connected()) {
    const since = bus.disconnectedSince();
    const secs = since === undefined ? 0 : Math.round((Date.now() - since) / 1000);
    throw new Error(`bus disconnected for ${secs} s (reconnecting)`);
  }
}

export async function connectBus(options: BusOptions): Promise<Bus> {
  const requestTimeoutMs = options.requestTimeoutMs ?? 5_000;
  const build = options.build ?? publisherBuild();
  let nc: NatsConnection;
  try {
    nc = await connect({
      ...connectionAuth(options.credentials ?? busCredentialsFromEnv()),
      servers: options.servers,
      name: build === undefined ? options.publisherId : publisherName(build),
      maxReconnectAttempts: -1,
      reconnectTimeWait: options.reconnectTimeWaitMs ?? 1_000,
      reconnectJitter: options.reconnectJitterMs ?? 1_000,
      waitOnFirstConnect: options.waitOnFirstConnect ?? false,
      timeout: requestTimeoutMs,
      // Otherwise every request (each JetStream publish, KV read, direct get) builds two Error objects up front
      // for their stack traces: ~0.7 CPU-s of the watcher's profile per rollout. Our errors name the operation
      // and carry nats' error as the cause.
      noAsyncTraces: true,
    });
  } catch (err) {
    throw new Error(`cannot connect to NATS at ${String(options.servers)}`, { cause: err });
  }
  try {
    const js = jetstream(nc, { timeout: requestTimeoutMs });
    const jsm = await jetstreamManager(nc, { timeout: requestTimeoutMs });
    const pending = new Set<Promise<unknown>>();
    let closing: Promise<void> | undefined;
    const inFlight = <T>(work: () => Promise<T>): Promise<T> => {
      if (closing !== undefined) return Promise.reject(new Error('the bus is closing'));
      const running = work();
      const settled: Promise<unknown> = running.then(
        () => pending.delete(settled),
        () => pending.delete(settled),
      );
      pending.add(settled);
      return running;
    };
    const close = () => {
      closing ??= (async () => {
        const deadline = Date.now() + (options.drainTimeoutMs ?? 10_000);
        await settleWithin([...pending], deadline - Date.now());
        await drainWithin(nc, Math.max(0, deadline - Date.now()));
      })();
      return closing;
    };
    const identity = new ObjectStreamIdentity(jsm, options.topology.objects.stream);
    let notified = false;
    const objectStreamIntact = async () => {
      const intact = await identity.intact();
      const replaced = identity.replaced();
      if (!intact && replaced !== undefined && !notified) {
        notified = true;
        options.onObjectStreamReplaced?.(replaced);
      }
      return intact;
    };
    // The stream this process starts from (when it exists yet; otherwise the first feed's check records it).
    await objectStreamIntact().catch(() => {});
    let downSince: number | undefined;
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect') downSince ??= Date.now();
        else if (status.type === 'reconnect') {
          downSince = undefined;
          // Also for a process with no feed open (the watcher publishes): its liveness must fail all the same.
          void objectStreamIntact().catch(() => {});
        }
      }
    })().catch(() => {});
    return {
      nc,
      js,
      jsm,
      topology: options.topology,
      publisherId: options.publisherId,
      build,
      requestTimeoutMs,
      inFlight,
      close,
      connected: () => downSince === undefined && !nc.isClosed(),
      disconnectedSince: () => downSince,
      objectStreamIntact,
      objectStreamReplaced: () => identity.replaced(),
    };
  } catch (err) {
    await nc.close();
    throw new Error(`JetStream is not available at ${String(options.servers)}`, { cause: err });
  }
}

async function settleWithin(work: Promise<unknown>[], timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled(work),
    new Promise((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    }),
  ]);
  clearTimeout(timer);
}

async function drainWithin(nc: NatsConnection, timeoutMs: number): Promise<void> {
  if (nc.isClosed()) return;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const outcome = await Promise.race([nc.drain().then(() => 'drained' as const), timedOut]);
    if (outcome === 'timeout') await nc.close();
  } catch {
    // Draining a connection that is already closing or disconnected fails; closing is what is left to do.
    await nc.close();
  } finally {
    clearTimeout(timer);
  }
}
