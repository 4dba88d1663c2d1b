// The watcher's Prometheus instruments, registered on the registry the service exposes on /metrics.
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

export type PublishOutcome = 'stored' | 'duplicate' | 'superseded';
export type WatchEndReason = 'closed' | 'stall' | 'error';
export type RelistReason = 'initial' | 'gone' | 'error' | 'installed';

export interface WatcherMetrics {
  eventsPublished: Counter<'kind' | 'type' | 'outcome'>;
  eventsCoalesced: Counter<'kind'>;
  publishErrors: Counter<'kind'>;
  publishDuration: Histogram<'kind'>;
  publishQueueDepth: Gauge;
  relists: Counter<'resource' | 'reason'>;
  watchRestarts: Counter<'resource' | 'reason'>;
  watchStalls: Counter<'resource'>;
  knownObjects: Gauge<'resource'>;
  resourceSynced: Gauge<'resource'>;
  resourceInstalled: Gauge<'resource'>;
}

export function watcherMetrics(registry: Registry): WatcherMetrics {
  const registers = [registry];
  return {
    eventsPublished: new Counter({
      name: 'kruise_watcher_events_published_total',
      help: 'Object events handed to the bus, by kind, event type and outcome (stored, duplicate, superseded)',
      labelNames: ['kind', 'type', 'outcome'],
      registers,
    }),
    eventsCoalesced: new Counter({
      name: 'kruise_watcher_events_coalesced_total',
      help: 'Changes never published: a newer state of the same object, or its deletion, took their place before their publish started; by kind',
      labelNames: ['kind'],
      registers,
    }),
    publishErrors: new Counter({
      name: 'kruise_watcher_publish_errors_total',
      help: 'Failed publish attempts (each is retried), by kind',
      labelNames: ['kind'],
      registers,
    }),
    publishDuration: new Histogram({
      name: 'kruise_watcher_publish_duration_seconds',
      help: 'Time from handing an object event to the bus to its acknowledgement, by kind',
      labelNames: ['kind'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    publishQueueDepth: new Gauge({
      name: 'kruise_watcher_publish_queue_depth',
      help: 'Object events observed and not yet acknowledged by the bus',
      registers,
    }),
    relists: new Counter({
      name: 'kruise_watcher_relists_total',
      help: 'Full lists of a resource, by reason (initial, gone = 410 Gone, error, installed = its CRD appeared)',
      labelNames: ['resource', 'reason'],
      registers,
    }),
    watchRestarts: new Counter({
      name: 'kruise_watcher_watch_restarts_total',
      help: 'Watches re-opened from the last resourceVersion, by reason (closed by the server, stall, error)',
      labelNames: ['resource', 'reason'],
      registers,
    }),
    watchStalls: new Counter({
      name: 'kruise_watcher_watch_stalls_total',
      help: 'Watches aborted because neither an event nor a bookmark arrived within the stall window',
      labelNames: ['resource'],
      registers,
    }),
    knownObjects: new Gauge({
      name: 'kruise_watcher_known_objects',
      help: 'Objects of a resource the watcher currently mirrors',
      labelNames: ['resource'],
      registers,
    }),
    resourceSynced: new Gauge({
      name: 'kruise_watcher_resource_synced',
      help: '1 once the first list of a resource has been published to the bus',
      labelNames: ['resource'],
      registers,
    }),
    resourceInstalled: new Gauge({
      name: 'kruise_watcher_resource_installed',
      help: '1 when the apiserver serves the resource, 0 while it answers 404 (CRD not installed)',
      labelNames: ['resource'],
      registers,
    }),
  };
}
