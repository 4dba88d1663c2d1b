// Kubernetes Events on a controller's objects (SuccessfulCreate, FailedCreate, SuccessfulDelete, …), written as
// client-go's recorder writes them: a core/v1 Event named `<object>.<hex time>` with the controller as source
// component, passed through client-go's correlator first (event-correlator.ts: similar Events combined, repeats
// counted, at most 25 at once per object). Recording never fails a reconcile.
import type { Logger } from '@kruise-ts/telemetry';
import type { KubeClient } from '../kube/client.ts';
import { NotFoundError } from '../kube/errors.ts';
import type { ResourceClient } from '../kube/resource.ts';
import { resources } from '../kube/resources.ts';
import { EventCorrelator, type EventType, type InvolvedObject } from './event-correlator.ts';

export type { EventType, InvolvedObject } from './event-correlator.ts';

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
}

export class EventRecorder {
  readonly #events: ResourceClient<object>;
  readonly #o: EventRecorderOptions;
  readonly #now: () => number;
  readonly #correlator: EventCorrelator;
  readonly #pending = new Set<Promise<void>>();

  constructor(options: EventRecorderOptions) {
    this.#o = options;
    // A token bucket of their own, as Kruise's recorder has: a burst of SuccessfulCreate Events must not
    // halve the rate of the pod creates they report.
    this.#events = options.kube.withOwnRateLimit().resource<object>(resources.events);
    this.#now = options.now ?? Date.now;
    this.#correlator = new EventCorrelator({ component: options.component });
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
    const now = this.#now();
    const decision = this.#correlator.correlate({ on, type, reason, message }, now);
    if (decision.action === 'skip') return;
    // Events of cluster-scoped objects (SidecarSet) live in "default", as client-go's recorder puts them.
    const namespace = on.namespace === '' ? 'default' : on.namespace;
    const timestamp = new Date(now).toISOString().replace(/\.\d+Z$/, 'Z');
    if (decision.action === 'patch') {
      try {
        await this.#events.patch({
          namespace,
          name: decision.name,
          type: 'merge',
          patch: { count: decision.count, lastTimestamp: timestamp, message: decision.message },
          answer: 'head',
        });
        return;
      } catch (err) {
        // The Event expired on the server: write it again under its name, with its count.
        if (!(err instanceof NotFoundError)) throw err;
      }
    }
    const count = decision.action === 'patch' ? decision.count : 1;
    await this.#events.create({
      namespace,
      body: {
        metadata: { name: decision.name, namespace },
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
        message: decision.message,
        count,
        firstTimestamp: timestamp,
        lastTimestamp: timestamp,
        source: { component: this.#o.component },
        reportingComponent: this.#o.component,
        reportingInstance: this.#o.reportingInstance,
      },
      answer: 'head',
    });
  }
}
