// One resource mirrored onto the bus, as client-go's reflector does for an informer: list (paginated), then
// watch from the list's revision with bookmarks, resuming from the last revision seen when the server ends
// the watch. 410 Gone means the revision was compacted away: relist, and tombstone what vanished meanwhile.
// A watch silent for longer than the stall window (bookmarks arrive about once a minute) is abandoned and
// re-opened. A resource the apiserver does not serve (404: its CRD is not installed) is retried with
// back-off, and at once when woken (the watcher wakes it when the CRD appears).
import type { Logger } from '@kruise-ts/telemetry';
import { isGone, isNotFound, type ResourceSource } from './apiserver-stream.ts';
import { Backoff, type BackoffOptions, sleep } from './backoff.ts';
import { resourceId, type WatchedResource } from './kinds.ts';
import { classifyListed, type Versioned, vanishedKeys } from './list-diff.ts';
import type { RelistReason, WatcherMetrics } from './metrics.ts';
import { type ChangeType, normalized, type ObjectChange } from './object-event.ts';
import { objectKey } from './object-key.ts';
import type { ObjectSink } from './publisher.ts';
import type { KubeObject, WatchEvent } from './watch-events.ts';

/** What the reflector remembers per object: its identity and revision, and its last JSON for a tombstone. */
export interface KnownObject extends Versioned {
  json: Uint8Array;
}

export type ReflectorState =
  | 'starting'
  | 'listing'
  | 'watching'
  | 'not-installed'
  | 'backing-off'
  | 'stopped';

export interface ReflectorStatus {
  resource: string;
  state: ReflectorState;
  /** Completed a first list that is published, or found the resource not installed. */
  ready: boolean;
  installed: boolean | undefined;
  resourceVersion: string;
  objects: number;
}

export interface ReflectorOptions {
  resource: WatchedResource;
  source: ResourceSource;
  sink: ObjectSink;
  logger: Logger;
  metrics: WatcherMetrics;
  /**
   * Called after each full list (first and every relist) once all its events are published: the list marker
   * controllers wait for before they act (bus list-markers.ts). Failures are logged, the next list retries.
   */
  onListPublished?(resourceVersion: string): Promise<void>;
  /** Objects the bus already holds for this resource; unchanged ones are not published again. */
  known?: Map<string, KnownObject>;
  /** No event or bookmark for this long → abandon the watch and re-open it. */
  stallTimeoutMs: number;
  /** Server-side watch timeout, randomized in [n, 2n) so watches do not all end together. */
  watchTimeoutSeconds: number;
  pageSize: number;
  /** Back-off after list and watch errors. */
  retry: BackoffOptions;
  /** Back-off while the resource is not installed. */
  notInstalledRetry: BackoffOptions;
  /** Consecutive watch errors after which the reflector relists instead of re-watching. */
  watchErrorsBeforeRelist?: number;
  /** Told of every change pushed to the sink (the watcher uses it to notice CRDs appearing). */
  onChange?(change: ObjectChange): void;
  random?: () => number;
}

const decoder = new TextDecoder();

export class Reflector {
  readonly resource: WatchedResource;
  readonly id: string;
  readonly #o: ReflectorOptions;
  readonly #log: Logger;
  readonly #stop = new AbortController();
  #wake = new AbortController();
  #known: Map<string, KnownObject>;
  #resourceVersion = '';
  #state: ReflectorState = 'starting';
  #installed: boolean | undefined;
  #ready = false;
  #listedOnce = false;
  #done: Promise<void> | undefined;

  constructor(options: ReflectorOptions) {
    this.#o = options;
    this.resource = options.resource;
    this.id = resourceId(options.resource);
    this.#log = options.logger.child({ resource: this.id });
    this.#known = options.known ?? new Map();
  }

  start(): void {
    this.#done ??= this.#run().catch((err: unknown) => {
      this.#log.error({ err }, 'reflector ended unexpectedly');
    });
  }

  /** Ends the watch; changes already pushed to the sink stay there. */
  async stop(): Promise<void> {
    this.#stop.abort();
    await this.#done;
    this.#state = 'stopped';
  }

  /** Cuts a not-installed back-off short (the CRD may have appeared). */
  wake(): void {
    this.#wake.abort();
  }

  isReady(): boolean {
    return this.#ready;
  }

  status(): ReflectorStatus {
    return {
      resource: this.id,
      state: this.#state,
      ready: this.#ready,
      installed: this.#installed,
      resourceVersion: this.#resourceVersion,
      objects: this.#known.size,
    };
  }

  async #run(): Promise<void> {
    const { metrics } = this.#o;
    const retry = new Backoff(this.#o.retry, this.#o.random);
    const notInstalled = new Backoff(this.#o.notInstalledRetry, this.#o.random);
    const errorsBeforeRelist = this.#o.watchErrorsBeforeRelist ?? 3;
    let listReason: RelistReason | undefined = 'initial';
    let watchErrors = 0;
    while (!this.#stop.signal.aborted) {
      let listing = false;
      try {
        if (listReason !== undefined) {
          listing = true;
          await this.#relist(listReason);
          listing = false;
          listReason = undefined;
          retry.reset();
          notInstalled.reset();
        }
        const outcome = await this.#watchOnce();
        if (outcome === 'events') watchErrors = 0;
        // A server that ends watches at once, again and again, must not turn this loop into a busy one.
        if (outcome === 'empty') await this.#pause(retry.next());
        else retry.reset();
      } catch (err) {
        if (this.#stop.signal.aborted) break;
        if (isGone(err)) {
          this.#log.info({ resourceVersion: this.#resourceVersion }, '410 Gone: relisting');
          listReason = 'gone';
          continue;
        }
        if (isNotFound(err)) {
          if (this.#installed !== false) {
            this.#log.info('the apiserver does not serve this resource (CRD not installed?); retrying');
          }
          this.#installed = false;
          metrics.resourceInstalled.set({ resource: this.id }, 0);
          metrics.resourceSynced.set({ resource: this.id }, 0);
          this.#ready = true;
          listReason = 'installed';
          this.#state = 'not-installed';
          await this.#pause(notInstalled.next(), this.#wake.signal);
          if (this.#wake.signal.aborted) this.#wake = new AbortController();
          continue;
        }
        if (!listing) {
          watchErrors++;
          metrics.watchRestarts.inc({ resource: this.id, reason: 'error' });
          if (watchErrors >= errorsBeforeRelist) {
            listReason = 'error';
            watchErrors = 0;
          }
        }
        this.#log.warn(
          { err, resourceVersion: this.#resourceVersion, relist: listReason !== undefined },
          listing ? 'list failed; retrying' : 'watch failed; retrying',
        );
        this.#state = 'backing-off';
        await this.#pause(retry.next());
      }
    }
  }

  #pause(ms: number, wake?: AbortSignal): Promise<boolean> {
    return sleep(ms, this.#stop.signal, wake);
  }

  /** Waits for room in the sink, or for stop (a bus that is down must not keep the reflector from ending). */
  async #capacity(): Promise<void> {
    const stop = this.#stop.signal;
    if (stop.aborted) return;
    let onAbort: (() => void) | undefined;
    await Promise.race([
      this.#o.sink.waitForCapacity(),
      new Promise<void>((resolve) => {
        onAbort = resolve;
        stop.addEventListener('abort', onAbort, { once: true });
      }),
    ]);
    if (onAbort) stop.removeEventListener('abort', onAbort);
  }

  async #relist(reason: RelistReason): Promise<void> {
    const { source, sink, metrics, resource } = this.#o;
    this.#state = 'listing';
    metrics.relists.inc({ resource: this.id, reason });
    const counts = { ADDED: 0, MODIFIED: 0, unchanged: 0, tombstones: 0 };
    let next = new Map<string, KnownObject>();
    let listRv = '';
    let continueToken: string | undefined;
    for (;;) {
      let page: Awaited<ReturnType<ResourceSource['listPage']>>;
      try {
        page = await source.listPage(resource, {
          limit: this.#o.pageSize,
          ...(continueToken ? { continueToken } : {}),
          signal: this.#stop.signal,
        });
      } catch (err) {
        if (continueToken === undefined || !isGone(err)) throw err;
        // The continue token outlived the compaction window: the snapshot is gone, start a new one.
        this.#log.info('continue token expired mid-list; listing again from the start');
        next = new Map();
        Object.assign(counts, { ADDED: 0, MODIFIED: 0, unchanged: 0 });
        continueToken = undefined;
        continue;
      }
      if (this.#installed !== true) {
        if (this.#installed === false) this.#log.info('the resource is served now');
        this.#installed = true;
        metrics.resourceInstalled.set({ resource: this.id }, 1);
      }
      if (continueToken === undefined) listRv = page.resourceVersion;
      for (const item of page.items) {
        const meta = item.metadata;
        if (!meta?.name || !meta.uid || !meta.resourceVersion) continue;
        const key = objectKey(meta.namespace, meta.name);
        const known = this.#known.get(key);
        const change = classifyListed(known, { uid: meta.uid, resourceVersion: meta.resourceVersion });
        counts[change]++;
        if (change === 'unchanged') {
          // classifyListed says unchanged only for a known object.
          next.set(key, known!);
          continue;
        }
        const { object, json } = normalized(resource, item);
        next.set(key, { uid: meta.uid, resourceVersion: meta.resourceVersion, json });
        this.#emit(key, change, object, json, meta.resourceVersion);
      }
      await this.#capacity();
      continueToken = page.continueToken;
      if (continueToken === undefined) break;
    }
    for (const key of vanishedKeys(this.#known, next)) {
      const last = this.#known.get(key);
      if (last === undefined) continue;
      counts.tombstones++;
      const object = JSON.parse(decoder.decode(last.json)) as KubeObject;
      this.#log.info(
        { key, uid: last.uid, lastResourceVersion: last.resourceVersion, listRv },
        'vanished: tombstone',
      );
      this.#emit(key, 'TOMBSTONE', object, last.json, listRv);
    }
    this.#known = next;
    this.#resourceVersion = listRv;
    metrics.knownObjects.set({ resource: this.id }, next.size);
    this.#log.info(
      {
        reason,
        resourceVersion: listRv,
        objects: next.size,
        added: counts.ADDED,
        modified: counts.MODIFIED,
        unchanged: counts.unchanged,
        tombstones: counts.tombstones,
      },
      'listed',
    );
    const marked = sink.flush().then(() =>
      this.#o.onListPublished?.(listRv).catch((err: unknown) => {
        this.#log.warn({ err, resourceVersion: listRv }, 'cannot record the list marker');
      }),
    );
    if (!this.#listedOnce) {
      this.#listedOnce = true;
      // Ready once the first list is on the bus, not merely read; the watch starts meanwhile.
      void marked.then(() => {
        this.#ready = true;
        metrics.resourceSynced.set({ resource: this.id }, 1);
        this.#log.info({ objects: this.#known.size }, 'first list published');
      });
    } else {
      metrics.resourceSynced.set({ resource: this.id }, 1);
    }
  }

  /** One watch from the current revision; 'events' if it delivered any, 'empty' if it ended at once. */
  async #watchOnce(): Promise<'events' | 'quiet' | 'empty' | 'stall' | 'stopped'> {
    const { source, metrics, stallTimeoutMs } = this.#o;
    this.#state = 'watching';
    const abort = new AbortController();
    const onStop = () => abort.abort(this.#stop.signal.reason);
    this.#stop.signal.addEventListener('abort', onStop, { once: true });
    let stalled = false;
    // One timer for the whole watch, not one per event (a busy watch reads hundreds a second): it fires at the
    // earliest time a stall could be due and sleeps again for what is left since the last event read.
    let timer: NodeJS.Timeout | undefined;
    let lastRead = performance.now();
    const check = () => {
      const quiet = performance.now() - lastRead;
      if (quiet < stallTimeoutMs) {
        timer = setTimeout(check, stallTimeoutMs - quiet);
        return;
      }
      stalled = true;
      abort.abort(new Error(`no watch event for ${stallTimeoutMs} ms`));
    };
    const arm = () => {
      lastRead = performance.now();
      timer ??= setTimeout(check, stallTimeoutMs);
    };
    const disarm = () => {
      clearTimeout(timer);
      timer = undefined;
    };
    const random = this.#o.random ?? Math.random;
    const timeoutSeconds = this.#o.watchTimeoutSeconds + Math.floor(random() * this.#o.watchTimeoutSeconds);
    const opened = Date.now();
    let events = 0;
    arm();
    try {
      const stream = source.watch(this.resource, {
        resourceVersion: this.#resourceVersion,
        timeoutSeconds,
        signal: abort.signal,
      });
      for await (const event of stream) {
        events++;
        this.#handle(event);
        if (this.#o.sink.hasCapacity()) {
          arm();
          continue;
        }
        // Waiting for the bus is not the apiserver stalling: the timer only runs while we read.
        disarm();
        await this.#capacity();
        arm();
      }
      metrics.watchRestarts.inc({ resource: this.id, reason: 'closed' });
      this.#log.debug({ resourceVersion: this.#resourceVersion, events }, 'watch ended; resuming');
      if (events > 0) return 'events';
      return Date.now() - opened < 1_000 ? 'empty' : 'quiet';
    } catch (err) {
      if (stalled) {
        metrics.watchStalls.inc({ resource: this.id });
        metrics.watchRestarts.inc({ resource: this.id, reason: 'stall' });
        this.#log.warn(
          { resourceVersion: this.#resourceVersion, stallTimeoutMs },
          'watch stalled; re-watching from the last revision',
        );
        return 'stall';
      }
      if (this.#stop.signal.aborted) return 'stopped';
      throw err;
    } finally {
      disarm();
      this.#stop.signal.removeEventListener('abort', onStop);
    }
  }

  #handle(event: WatchEvent): void {
    const meta = event.object.metadata;
    const rv = meta?.resourceVersion;
    if (event.type === 'BOOKMARK') {
      if (rv) this.#resourceVersion = rv;
      return;
    }
    if (event.type === 'ERROR' || !meta?.name || !meta.uid || !rv) {
      this.#log.warn({ type: event.type }, 'ignoring a watch event without name, uid or resourceVersion');
      return;
    }
    const key = objectKey(meta.namespace, meta.name);
    if (event.type === 'DELETED') {
      this.#known.delete(key);
      const { object, json } = normalized(this.resource, event.object, event.objectJson, event.headOnly);
      this.#log.debug({ key, resourceVersion: rv }, 'deleted');
      this.#emit(key, 'DELETED', object, json, rv);
    } else {
      const known = this.#known.get(key);
      // A re-opened watch may repeat what a list already published.
      if (known === undefined || known.uid !== meta.uid || known.resourceVersion !== rv) {
        const { object, json } = normalized(this.resource, event.object, event.objectJson, event.headOnly);
        this.#known.set(key, { uid: meta.uid, resourceVersion: rv, json });
        this.#emit(key, event.type, object, json, rv);
      }
    }
    this.#resourceVersion = rv;
    this.#o.metrics.knownObjects.set({ resource: this.id }, this.#known.size);
  }

  #emit(key: string, type: ChangeType, object: KubeObject, json: Uint8Array, resourceVersion: string): void {
    const change: ObjectChange = { resource: this.resource, type, object, json, resourceVersion };
    this.#o.sink.push(key, change);
    this.#o.onChange?.(change);
  }
}
