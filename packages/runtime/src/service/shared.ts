// What the parts of one process share when several services run in it (the all-in-one process,
// docs/adr/0024-all-in-one-process.md): one bus connection, one object cache and one health/metrics server.
// A part is handed views of them: closing a view leaves the shared thing open (its owner closes it once every
// part stopped), and the view's health checks carry the part's name, so one /readyz lists every part's checks.
import type { Bus } from '@kruise-ts/bus';
import type { ObjectCache } from '../cache/object-cache.ts';
import type { HealthServer } from '../server/health-server.ts';

export interface SharedProcessParts {
  /** The process's bus connection; close() of this view does nothing. */
  bus: Bus;
  /** The process's health server; checks are named `<part>-<check>`, close() does nothing. */
  health: HealthServer;
  /** The process's object cache, holding at least the kinds of every part (reference-counted feeds). */
  cache: ObjectCache;
}

/** The views one part gets of what its process shares. */
export function sharedPartView(
  shared: { bus: Bus; health: HealthServer; cache: ObjectCache },
  part: string,
): SharedProcessParts {
  const { health } = shared;
  return {
    bus: { ...shared.bus, publisherId: `${part}/${shared.bus.publisherId}`, close: async () => {} },
    health: {
      host: health.host,
      port: health.port,
      url: health.url,
      addReadinessCheck: (name, check) => health.addReadinessCheck(`${part}-${name}`, check),
      addLivenessCheck: (name, check) => health.addLivenessCheck(`${part}-${name}`, check),
      markShuttingDown: () => health.markShuttingDown(),
      close: async () => {},
    },
    cache: shared.cache,
  };
}
