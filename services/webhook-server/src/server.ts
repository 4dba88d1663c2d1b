// Wires the webhook server: certificate source (+ bus notifications), HTTPS app, health server, optional
// registration of the webhook configurations. main.ts runs it as a process; tests run it in-process.
import type { AddressInfo } from 'node:net';
import {
  connectOptionalBus,
  KubeClient,
  NotFoundError,
  openHealthServer,
  type SharedProcessParts,
} from '@kruise-ts/runtime';
import { createLogger, createMetricsRegistry, type Logger, type Registry } from '@kruise-ts/telemetry';
import { CoreV1Api } from '@kubernetes/client-node';
import { apiserverReader } from './admission/cluster-reader.ts';
import { buildWebhookApp, type ServingPair, type WebhookApp } from './app.ts';
import { type CertEventSubscription, subscribeCertificateRotated } from './cert-events.ts';
import { type CertSource, fileCertSource, secretCertSource } from './cert-source.ts';
import { mutatingWebhookConfiguration, validatingWebhookConfiguration } from './manifests.ts';
import { createWebhookMetrics } from './metrics.ts';
import { applyWebhookConfigurations } from './register.ts';
import type { WebhookServerSettings } from './settings.ts';
import { openSidecarSetCache, type SidecarSetCache } from './sidecarset/cache.ts';
import { podInjector } from './sidecarset/injector.ts';
import { apiserverRevisions } from './sidecarset/revisions.ts';

export interface WebhookServer {
  /** The HTTPS port actually listened on. */
  readonly port: number;
  readonly healthPort: number;
  /** The certificate being served (PEM). */
  servingCertificate(): string | undefined;
  stop(): Promise<void>;
}

export async function startWebhookServer(
  settings: WebhookServerSettings,
  options: {
    logger?: Logger;
    registry?: Registry;
    firstCertTimeoutMs?: number;
    cacheSyncTimeoutMs?: number;
    /** The process's bus and health server when it runs other parts too (views whose close() is a no-op). */
    shared?: SharedProcessParts | undefined;
  } = {},
): Promise<WebhookServer> {
  const logger = options.logger ?? createLogger({ name: 'webhook-server' });
  const registry =
    options.registry ?? createMetricsRegistry({ defaultLabels: { service: 'webhook-server' } });
  const metrics = createWebhookMetrics(registry);
  // SidecarSet injection (with a bus) reads ControllerRevisions and, rarely, Namespaces from the apiserver.
  const needsKube =
    settings.certs.kind === 'secret' || settings.register !== undefined || settings.nats !== undefined;
  const kube = needsKube
    ? new KubeClient({
        ...(settings.kubeconfigPath ? { kubeconfigPath: settings.kubeconfigPath } : {}),
        userAgent: 'kruise-ts/webhook-server',
      })
    : undefined;

  let app: WebhookApp | undefined;
  let serving: ServingPair | undefined;
  let firstCert: (pair: ServingPair) => void = () => {};
  const gotFirst = new Promise<ServingPair>((resolve) => {
    firstCert = resolve;
  });
  const events = {
    onChange(pair: ServingPair, origin: string) {
      serving = pair;
      if (app === undefined) firstCert(pair);
      else {
        app.setCertificate(pair);
        metrics.certReloads.inc({ source: origin });
        logger.info({ origin }, 'serving certificate reloaded');
      }
    },
    onError(err: Error) {
      logger.warn({ err }, 'certificate source');
    },
  };
  const certs: CertSource =
    settings.certs.kind === 'dir'
      ? fileCertSource({ dir: settings.certs.dir, pollMs: settings.certPollMs }, events)
      : secretCertSource(
          {
            kube: kube!,
            namespace: settings.certs.namespace,
            name: settings.certs.name,
            pollMs: settings.certPollMs,
          },
          events,
        );

  let ready = false;
  let sidecarSets: SidecarSetCache | undefined;
  const shared = options.shared;
  const health = await openHealthServer(settings.health, registry, shared);
  health.addReadinessCheck('certificate', () => {
    if (!ready) throw new Error('waiting for a certificate');
  });
  health.addReadinessCheck('sidecarset-cache', () => {
    if (sidecarSets !== undefined && !sidecarSets.isSynced())
      throw new Error('waiting for the SidecarSet cache');
  });

  let subscription: CertEventSubscription | undefined;
  const bus = await connectOptionalBus(settings.nats, {
    publisherId: `webhook-server/${settings.instance}`,
    shared,
  });
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const subscribe = async () => {
    if (bus === undefined || stopped) return;
    try {
      subscription = await subscribeCertificateRotated(
        bus,
        (event) => {
          const secret = event.secret;
          const mine =
            settings.certs.kind === 'dir' ||
            (secret?.namespace === settings.certs.namespace && secret.name === settings.certs.name);
          if (mine) void certs.reload('event');
        },
        (err) => logger.warn({ err }, 'certificate events'),
      );
    } catch (err) {
      // The events stream may not exist yet (no cert-manager has run): the Secret watch still reloads meanwhile.
      logger.warn({ err }, 'not subscribed to CertificateRotated yet; retrying in 10 s');
      retry = setTimeout(() => void subscribe(), 10_000);
      retry.unref();
    }
  };
  await subscribe();

  if (bus !== undefined) {
    sidecarSets = await openSidecarSetCache(bus, (err) => logger.warn({ err }, 'SidecarSet cache feed'));
    const syncTimeout = options.cacheSyncTimeoutMs ?? 60_000;
    let syncTimer: NodeJS.Timeout | undefined;
    const synced = await Promise.race([
      sidecarSets.synced.then(() => true),
      new Promise<false>((resolve) => {
        syncTimer = setTimeout(() => resolve(false), syncTimeout);
      }),
    ]);
    clearTimeout(syncTimer);
    // Not synced yet: pod admissions are refused (not admitted without sidecars) until it is.
    if (!synced) logger.warn({ timeoutMs: syncTimeout }, 'SidecarSet cache not synced yet; serving anyway');
  }

  const timeout = options.firstCertTimeoutMs ?? 24 * 3_600_000;
  let timer: NodeJS.Timeout | undefined;
  const first = await Promise.race([
    gotFirst,
    new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), timeout);
    }),
  ]);
  clearTimeout(timer);
  if (first === undefined) {
    stopped = true;
    clearTimeout(retry);
    certs.stop();
    await subscription?.stop();
    await sidecarSets?.stop();
    await bus?.close();
    await health.close();
    throw new Error(`no serving certificate within ${timeout} ms`);
  }
  const cache = sidecarSets;
  const core = kube?.api(CoreV1Api);
  app = buildWebhookApp({
    pair: first,
    metrics,
    logger,
    defaultingFeatures: settings.defaultingFeatures,
    ...(kube !== undefined
      ? {
          clusterReader: apiserverReader(
            kube,
            settings.namespace,
            apiserverRevisions(kube, settings.namespace),
          ),
        }
      : {}),
    ...(cache !== undefined && kube !== undefined && core !== undefined
      ? {
          mutatePod: podInjector({
            sidecarSets: cache,
            revisions: apiserverRevisions(kube, settings.namespace),
            readNamespaceLabels: async (name) => {
              try {
                return (await core.readNamespace({ name })).metadata?.labels ?? {};
              } catch (err) {
                if (err instanceof NotFoundError) return undefined;
                throw err;
              }
            },
            logger,
          }),
          validationContext: () => ({ sidecarSets: cache.list() }),
        }
      : {}),
  });
  // A pair that arrived while the app was being built.
  if (serving !== undefined && serving !== first) app.setCertificate(serving);
  await app.fastify.listen({ host: settings.host, port: settings.port });
  const port = (app.fastify.server.address() as AddressInfo).port;
  ready = true;

  if (settings.register !== undefined && kube !== undefined) {
    const common = {
      baseUrl: `https://${settings.register.baseHost}:${port}`,
      ownNamespace: settings.namespace,
    };
    await applyWebhookConfigurations(kube, {
      mutating: mutatingWebhookConfiguration({ ...common, mutatingName: settings.register.mutatingName }),
      validating: validatingWebhookConfiguration({
        ...common,
        validatingName: settings.register.validatingName,
      }),
    });
    logger.info({ url: common.baseUrl }, 'webhook configurations registered');
  }
  logger.info({ port, healthPort: health.port }, 'webhook server listening');

  let stopping: Promise<void> | undefined;
  return {
    port,
    healthPort: health.port,
    servingCertificate: () => serving?.certPem,
    stop() {
      stopping ??= (async () => {
        ready = false;
        stopped = true;
        clearTimeout(retry);
        certs.stop();
        await subscription?.stop();
        // In-flight requests finish; the apiserver's next request goes to another replica.
        await app?.fastify.close();
        await sidecarSets?.stop();
        await bus?.close();
        await health.close();
      })();
      return stopping;
    },
  };
}
