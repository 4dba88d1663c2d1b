// What client-go's event correlator (tools/record/events_cache.go, behind every Kruise controller's recorder)
// decides for one recorded Event, as a pure function of what it saw before and the time:
// - aggregation: once 10 Events that differ only in their message (same source, object, type and reason) were
//   seen within 10 minutes, the next ones become one Event, "(combined from similar events): <message>", whose
//   count goes up;
// - counting: an Event seen before (same source, object, type, reason and message, or the same aggregate) bumps
//   the count of the earlier one (a patch) instead of creating another;
// - spam filter: a source may write 25 Events about one object at once, then one every 5 minutes (a token bucket
//   per source and object); the rest are dropped. A CloneSet that creates 500 pods therefore gets its first
//   25 SuccessfulCreate Events, as under Kruise, and the apiserver 25 writes instead of 500.
// Each table is bounded (least recently used entries go first), as client-go's LRU caches are.

export type EventType = 'Normal' | 'Warning';

export interface InvolvedObject {
  apiVersion: string;
  kind: string;
  namespace: string;
  name: string;
  uid: string;
  resourceVersion?: string;
}

export interface EventToRecord {
  on: InvolvedObject;
  type: EventType;
  reason: string;
  message: string;
}

export type Correlation =
  /** Dropped by the spam filter: nothing is written. */
  | { action: 'skip' }
  /** A new Event with this name, message and count 1. */
  | { action: 'create'; name: string; message: string }
  /**
   * Bump the Event `name` to `count`, with this (possibly combined) message. If the server no longer has it (Events
   * expire), create it under that name with that count, as client-go does.
   */
  | { action: 'patch'; name: string; count: number; message: string };

export interface EventCorrelatorOptions {
  /** The Event's source component (a key part, as client-go's source.component). */
  component: string;
  /** Entries kept per table. Default 4096 (client-go's). */
  maxEntries?: number;
  /** Events a source may write about one object at once. Default 25. */
  spamBurst?: number;
  /** Refill of that budget, in Events per millisecond. Default one per 5 minutes. */
  spamRefillPerMs?: number;
  /** Distinct messages of one reason before they are combined. Default 10. */
  aggregateMaxEvents?: number;
  /** A reason quiet for this long starts afresh. Default 10 minutes. */
  aggregateWindowMs?: number;
}

export const COMBINED_PREFIX = '(combined from similar events): ';

interface Aggregate {
  messages: Set<string>;
  at: number;
}

interface Observed {
  name: string;
  count: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** A Map used as an LRU cache: a read moves the entry to the end, the first entries are evicted. */
class Lru<V> {
  readonly #max: number;
  readonly #map = new Map<string, V>();
  constructor(max: number) {
    this.#max = max;
  }
  get(key: string): V | undefined {
    const value = this.#map.get(key);
    if (value !== undefined) {
      this.#map.delete(key);
      this.#map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.#map.delete(key);
    this.#map.set(key, value);
    for (const oldest of this.#map.keys()) {
      if (this.#map.size <= this.#max) break;
      this.#map.delete(oldest);
    }
  }
}

export class EventCorrelator {
  readonly #o: Required<EventCorrelatorOptions>;
  readonly #aggregates: Lru<Aggregate>;
  readonly #observed: Lru<Observed>;
  readonly #buckets: Lru<Bucket>;
  #seq = 0;

  constructor(options: EventCorrelatorOptions) {
    this.#o = {
      maxEntries: 4096,
      spamBurst: 25,
      spamRefillPerMs: 1 / 300_000,
      aggregateMaxEvents: 10,
      aggregateWindowMs: 600_000,
      ...options,
    };
    this.#aggregates = new Lru(this.#o.maxEntries);
    this.#observed = new Lru(this.#o.maxEntries);
    this.#buckets = new Lru(this.#o.maxEntries);
  }

  /** What to write for `event` recorded at `now` (ms since the epoch). */
  correlate(event: EventToRecord, now: number): Correlation {
    const { on } = event;
    const source = [this.#o.component, on.kind, on.namespace, on.name, on.uid, on.apiVersion].join('\u0000');
    const reasonKey = [source, event.type, event.reason].join('\u0000');

    // Aggregation: count the distinct messages of this reason; from the tenth on, combine.
    let aggregate = this.#aggregates.get(reasonKey);
    if (aggregate === undefined || now - aggregate.at > this.#o.aggregateWindowMs) {
      aggregate = { messages: new Set(), at: now };
    }
    aggregate.messages.add(event.message);
    aggregate.at = now;
    this.#aggregates.set(reasonKey, aggregate);
    let key = `${reasonKey}\u0000${event.message}`;
    let message = event.message;
    if (aggregate.messages.size >= this.#o.aggregateMaxEvents) {
      // Keep the set from growing past the threshold (client-go drops an arbitrary one).
      const first = aggregate.messages.values().next();
      if (!first.done) aggregate.messages.delete(first.value);
      key = reasonKey;
      message = `${COMBINED_PREFIX}${event.message}`;
    }

    // Counting: an Event (or aggregate) seen before is bumped, even when the spam filter then drops the write.
    const seen = this.#observed.get(key);
    const correlation: Correlation =
      seen === undefined
        ? { action: 'create', name: this.#newName(on.name, now), message }
        : { action: 'patch', name: seen.name, count: seen.count + 1, message };
    this.#observed.set(key, {
      name: correlation.name,
      count: correlation.action === 'patch' ? correlation.count : 1,
    });

    // Spam filter: a token bucket per source and object.
    const bucket = this.#buckets.get(source) ?? { tokens: this.#o.spamBurst, at: now };
    bucket.tokens = Math.min(this.#o.spamBurst, bucket.tokens + (now - bucket.at) * this.#o.spamRefillPerMs);
    bucket.at = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.#buckets.set(source, bucket);
    return allowed ? correlation : { action: 'skip' };
  }

  // client-go names Events <object>.<unix nanos in hex>; a sequence number keeps names unique within a ms.
  #newName(objectName: string, now: number): string {
    return `${objectName}.${(BigInt(now) * 1_000_000n + BigInt(this.#seq++ % 1_000_000)).toString(16)}`;
  }
}
