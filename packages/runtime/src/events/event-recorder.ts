// Kubernetes Events on a controller's objects (SuccessfulCreate, FailedCreate, SuccessfulDelete, …), written as
// client-go's recorder writes them: a core/v1 Event named `<object>.<hex time>` with the controller as source
// component; a repeat of the same reason and message bumps `count` and `lastTimestamp` of the earlier Event
// instead (client-go's correlator). Recording never fails a reconcile.
import type { Logger } from '@kruise-ts/telemetry';
import type { KubeClient } from '../kube/client.ts';
import type { ResourceClient } from '../kube/resource.ts';
import { resources } from '../kube/resources.ts';

export type EventType = 'Normal' | 'Warning';

export interface InvolvedObject {
  apiVersion: string;
  kind: string;
  namespace: string;
  name: string;
  uid: string;
  resourceVersion?: string;
}

interface Seen {
  name: string;
  count: number;
  at: number;
}

/** The Event's involved object for a stored workload (its identity fields are always set once stored). */
export function involvedObject(
  apiVersion: string,
  kind: string,
  obj: { metadata?: { namespace?: string; name?: string; uid?: string; resourceVersion?: string } },
): InvolvedObject {
  const m = obj.metadata ?? {};
  return {
    apiVersion,
    kind,
    namespace: m.namespace ?? '',
    name: m.name ?? '',
    uid: m.uid ?? '',
    ...(m.resourceVersion === undefined ? {} : { resourceVersion: m.resourceVersion }),
  };
}

export interface EventRecorderOptions {
  kube: KubeClient;
  /** The Event's source and reporting component, e.g. `cloneset-controller`. */
  component: string;
  reportingInstance: string;
  logger?: Logger;
  now?: () => number;
  /** Repeats within this window are aggregated into one Event. Default 10 min (client-go's). */
  aggregateWindowMs?: number;
  /** Events remembered for aggregation. Default 4096. */
  maxRemembered?: number;
}

export class EventRecorder {
  readonly #events: ResourceClient<object>;
  readonly #o: EventRecorderOptions;
  readonly #now: () => number;
  readonly #seen = new Map<string, Seen>();
  readonly #pending = new Set<Promise<void>>();
  #seq = 0;

  constructor(options: EventRecorderOptions) {
    this.#o = options;
    this.#events = options.kube.resource<object>(resources.events);
    this.#now = options.now ?? Date.now;
  }

  /**
   * Records in the background (in the caller's trace); `flush()` waits for what is in flight. `fence` is called
   * before the write, like before every other write of a reconcile: a replica that lost the partition stays silent.
   */
  record(on: InvolvedObject, type: EventType, reason: string, message: string, fence: () => void): void {
    const p = Promise.resolve()
      .then(() => {
        fence();
        return this.#write(on, type, reason, message);
      })
      .catch((err: unknown) =>
        this.#o.logger?.warn({ err, reason, key: `${on.namespace}/${on.name}` }, 'cannot record event'),
      );
    this.#pending.add(p);
    void p.finally(() => this.#pending.delete(p));
  }

  async flush(): Promise<void> {
    await Promise.allSettled([...this.#pending]);
  }

  async #write(on: InvolvedObject, type: EventType, reason: string, message: string): Promise<void> {
    // Events of cluster-scoped objects (SidecarSet) live in "default", as client-go's recorder puts them.
    const namespace = on.namespace === '' ? 'default' : on.namespace;
    const now = this.#now();
    const timestamp = new Date(now).toISOString().replace(/\.\d+Z$/, 'Z');
    const key = `${on.uid}\u0000${type}\u0000${reason}\u0000${message}`;
    const seen = this.#seen.get(key);
    if (seen !== undefined && now - seen.at < (this.#o.aggregateWindowMs ?? 600_000)) {
      seen.count++;
      seen.at = now;
      await this.#events.patch({
        namespace,
        name: seen.name,
        type: 'merge',
        patch: { count: seen.count, lastTimestamp: timestamp },
      });
      return;
    }
    // client-go names events <object>.<unix nanos in hex>; a sequence number keeps names unique within a ms.
    const name = `${on.name}.${(BigInt(now) * 1_000_000n + BigInt(this.#seq++ % 1_000_000)).toString(16)}`;
    this.#remember(key, { name, count: 1, at: now });
    await this.#events.create({
      namespace,
      body: {
        metadata: { name, namespace },
        involvedObject: {
          apiVersion: on.apiVersion,
          kind: on.kind,
          name: on.name,
          namespace: on.namespace,
          uid: on.uid,
          ...(on.resourceVersion === undefined ? {} : { resourceVersion: on.resourceVersion }),
        },
        type,
        reason,
        message,
        count: 1,
        firstTimestamp: timestamp,
        lastTimestamp: timestamp,
        source: { component: this.#o.component },
        reportingComponent: this.#o.component,
        reportingInstance: this.#o.reportingInstance,
      },
    });
  }

  #remember(key: string, seen: Seen): void {
    this.#seen.set(key, seen);
    const max = this.#o.maxRemembered ?? 4096;
    // Maps iterate in insertion order: the first keys are the oldest.
    for (const old of this.#seen.keys()) {
      if (this.#seen.size <= max) break;
      this.#seen.delete(old);
    }
  }
}
