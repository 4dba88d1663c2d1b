// The all-in-one process: one bus connection, one object cache, one health/metrics server, and every chosen
// part started on views of them (docs/adr/0024-all-in-one-process.md). Parts start in order and stop in reverse;
// then the cache, the bus and the server close. A part that fails to start stops the ones already running.
import { assertBusLive, type Bus } from '@kruise-ts/bus';
import {
  connectProcessBus,
  contractRefusals,
  ObjectCache,
  sharedPartView,
  startHealthServer,
} from '@kruise-ts/runtime';
import type { Logger, Registry } from '@kruise-ts/telemetry';
import { type AllInOneConfig, SERVICE_NAME } from './config.ts';
import { cachedKinds } from './parts.ts';

export interface AllInOne {
  readonly healthUrl: string;
  /** The parts running, in start order. */
  readonly parts: readonly string[];
  stop(): Promise<void>;
}

export async function startAllInOne(
  config: AllInOneConfig,
  deps: { logger: Logger; registry: Registry },
): Promise<AllInOne> {
  const { logger, registry } = deps;
  const health = await startHealthServer({ ...config.http, registry });
  const running: { name: string; stop(): Promise<void> }[] = [];
  // Serving /healthz from the start, but not ready before every part runs (the webhook server listens, the
  // controllers hold their caches): each part adds its own readiness checks as it starts.
  let starting: string | undefined = 'bus';
  health.addReadinessCheck('parts', () => {
    if (starting !== undefined) throw new Error(`starting ${starting}`);
  });
  let bus: Bus | undefined;
  let cache: ObjectCache | undefined;
  const stopAll = async () => {
    health.markShuttingDown();
    for (const part of [...running].reverse()) {
      try {
        await part.stop();
      } catch (err) {
        logger.warn({ err, part: part.name }, 'part did not stop cleanly');
      }
    }
    await cache?.stop().catch(() => {});
    await bus?.close().catch(() => {});
    await health.close().catch(() => {});
  };
  try {
    bus = await connectProcessBus(config, SERVICE_NAME);
    const openBus = bus;
    health.addLivenessCheck('bus', () => assertBusLive(openBus));
    // Every object each part reads, held once for the whole process.
    // A message of a contract this build cannot read: logged and counted once here, as a controller's own cache
    // does; each controller still leaves that partition alone (it reads the cache's refusals).
    const refused = contractRefusals({ controller: SERVICE_NAME, registry, logger });
    cache = new ObjectCache(bus, {
      kinds: cachedKinds(config.parts),
      onRefused: refused.onRefused,
      onError: (err) => logger.warn({ err }, 'cache feed error'),
    });
    for (const part of config.parts) {
      starting = part.name;
      const partLogger = logger.child({ service: part.name });
      const started = await part.start({
        logger: partLogger,
        registry,
        shared: sharedPartView({ bus, health, cache }, part.name),
      });
      running.push({ name: part.name, stop: () => started.stop() });
      logger.info({ part: part.name }, 'part started');
    }
    starting = undefined;
  } catch (err) {
    await stopAll();
    throw err;
  }
  logger.info({ url: health.url, parts: running.map((p) => p.name) }, 'all-in-one started');
  return { healthUrl: health.url, parts: running.map((p) => p.name), stop: stopAll };
}
