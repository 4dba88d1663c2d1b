// Wires the webhook server: certificate source (+ bus notifications), HTTPS app, health server, optional
// registration of the webhook configurations. main.ts runs it as a process; tests run it in-process.
import type { AddressInfo } from 'node:net';
import { type Bus, ensureTopology } from '@kruise-ts/bus';
import {
  connectOptionalBus,
  KubeClient,
  NotFoundError,
  openHealthServer,
  resources,
  type SharedProcessParts,
} from '@kruise-ts/runtime';
import { createLogger, createMetricsRegistry, type Logger, type Registry } from '@kruise-ts/telemetry';
import { apiserverReader } from './admission/cluster-reader.ts';
import { podReadinessGateMutator } from './admission/pod.ts';
import { buildWebhookApp, type ServingPair, type WebhookApp } from './app.ts';
import { type CertEventSubscription, subscribeCertificateRotated } from './cert-events.ts';
import { type CertSource, fileCertSource, secretCertSource } from './cert-source.ts';
import { mutatingWebhookConfiguration, validatingWebhookConfiguration } from './manifests.ts';
import { createWebhookMetrics } from './metrics.ts';
import { applyWebhookConfigurations } from './register.ts';
import type { WebhookServerSettings } from './settings.ts';
import { openSidecarSetCache, type SidecarSetCache, type SidecarSetSource } from './sidecarset/cache.ts';
import { podInjector } from './sidecarset/injector.ts';
import { apiserverRevisions } from './sidecarset/revisions.ts';
import { readSnapshot, type SnapshotWriter, snapshotSource, snapshotWriter } from './sidecarset/snapshot.ts';

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
    /**
     * How long start waits for NATS before serving without it (from the admission snapshot, if any); the
     * connection is retried in the background. Default 5 s.
     */
    busConnectTimeoutMs?: number;
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
  let writer: SnapshotWriter | undefined;
  // Pod admission reads the bus-fed cache once it synced; before that (NATS unreachable at start, or still
  // replaying) the last snapshot written by any earlier run; with neither, pods are refused (fail closed).
  const snapshot =
    settings.nats !== undefined && settings.snapshotDir !== undefined ? loadSnapshot() : undefined;
  function loadSnapshot() {
    try {
      return readSnapshot(settings.snapshotDir as string);
    } catch (err) {
      logger.warn({ err }, 'admission snapshot unreadable; not serving from it');
      return undefined;
    }
  }
  const fromSnapshot = snapshot === undefined ? undefined : snapshotSource(snapshot);
  const admissionSource = (): SidecarSetSource | undefined =>
    sidecarSets?.isSynced() === true ? sidecarSets : (fromSnapshot ?? sidecarSets);
  const source: SidecarSetSource = {
    list: () => admissionSource()?.list() ?? [],
    namespaceLabels: (name) => admissionSource()?.namespaceLabels(name),
    isSynced: () => admissionSource()?.isSynced() ?? false,
  };
  const shared = options.shared;
  const health = await openHealthServer(settings.health, registry, shared);
  health.addReadinessCheck('certificate', () => {
    if (!ready) throw new Error('waiting for a certificate');
  });
  health.addReadinessCheck('sidecarset-cache', () => {
    if (settings.nats !== undefined && !source.isSynced())
      throw new Error('waiting for the SidecarSet cache (no admission snapshot to serve from)');
    if (sidecarSets?.isSynced() !== true && snapshot !== undefined)
      return `serving from the admission snapshot of ${snapshot.writtenAt}`;
    return undefined;
  });
  // The webhook keeps serving while the bus is away (it must not block pod creation): a note, not a failure.
  let bus: Bus | undefined;
  health.addReadinessCheck('bus', () => {
    if (settings.nats === undefined) return undefined;
    if (bus === undefined) return 'disconnected: NATS unreachable since start, retrying';
    if (!bus.connected()) {
      const since = bus.disconnectedSince();
      return `disconnected for ${since === undefined ? 0 : Math.round((Date.now() - since) / 1000)} s, reconnecting`;
    }
    return undefined;
  });
  // Its SidecarSet view stops following a replaced object stream (object-stream-identity.ts): a restart serves
  // from the admission snapshot meanwhile and fills the view from the watcher's next full list.
  health.addLivenessCheck('object-stream', () => {
    const replaced = bus?.objectStreamReplaced();
    if (replaced !== undefined) throw replaced;
  });

  let subscription: CertEventSubscription | undefined;
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
  // Everything that needs the bus, run once it is connected (at start, or later in the background).
  const onBus = async (connected: Bus) => {
    bus = connected;
    await subscribe();
    // The watcher may not have declared the streams yet; declaring is idempotent.
    await ensureTopology(connected);
    const cache = await openSidecarSetCache(connected, (err) =>
      logger.warn({ err }, 'SidecarSet cache feed'),
    );
    sidecarSets = cache;
    if (settings.snapshotDir !== undefined) {
      const w = snapshotWriter({
        dir: settings.snapshotDir,
        take: () =>
          cache.isSynced()
            ? {
                version: 1,
                writtenAt: new Date().toISOString(),
                sidecarSets: [...cache.list()],
                namespaces: cache.namespaces(),
              }
            : undefined,
        onError: (err) => logger.warn({ err }, 'admission snapshot'),
      });
      writer = w;
      cache.onUpdate(() => w.changed());
      void cache.synced.then(() => {
        w.changed();
        w.flush();
        logger.info('SidecarSet cache synced; admission snapshot written');
      });
    }
    return cache;
  };

  const connecting =
    shared?.bus !== undefined || settings.nats !== undefined
      ? connectOptionalBus(settings.nats, { publisherId: `webhook-server/${settings.instance}`, shared })
      : undefined;
  // A connection that arrives after stop() is closed at once.
  void connecting?.then(
    (b) => (stopped ? b?.close() : undefined),
    () => {},
  );
  const connectWait = options.busConnectTimeoutMs ?? 5_000;
  let connectTimer: NodeJS.Timeout | undefined;
  const connectedInTime =
    connecting === undefined
      ? undefined
      : await Promise.race([
          connecting,
          new Promise<undefined>((resolve) => {
            connectTimer = setTimeout(() => resolve(undefined), connectWait);
          }),
        ]);
  clearTimeout(connectTimer);

  if (connectedInTime !== undefined) {
    const cache = await onBus(connectedInTime);
    const syncTimeout = options.cacheSyncTimeoutMs ?? 60_000;
    let syncTimer: NodeJS.Timeout | undefined;
    const synced = await Promise.race([
      cache.synced.then(() => true),
      new Promise<false>((resolve) => {
        syncTimer = setTimeout(() => resolve(false), syncTimeout);
      }),
    ]);
    clearTimeout(syncTimer);
    // Not synced yet: pod admissions are served from the snapshot, or refused without one, until it is.
    if (!synced) logger.warn({ timeoutMs: syncTimeout }, 'SidecarSet cache not synced yet; serving anyway');
  } else if (connecting !== undefined) {
    logger.warn(
      {
        waitedMs: connectWait,
        snapshot: snapshot?.writtenAt ?? null,
      },
      snapshot === undefined
        ? 'NATS unreachable; serving without a SidecarSet snapshot (pods in non-excluded namespaces are refused until the bus is back)'
        : 'NATS unreachable; serving pod admission from the admission snapshot until the bus is back',
    );
    void connecting.then(
      async (b) => {
        if (stopped || b === undefined) return;
        logger.info('bus connected; catching up');
        await onBus(b);
      },
      (err: unknown) => logger.error({ err }, 'bus connection failed'),
    );
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
    writer?.stop();
    certs.stop();
    await subscription?.stop();
    await sidecarSets?.stop();
    await bus?.close();
    await health.close();
    throw new Error(`no serving certificate within ${timeout} ms`);
  }
  const namespaces = kube?.resource<{ metadata?: { labels?: Record<string, string> } }>(resources.namespaces);
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
    ...(settings.nats !== undefined && kube !== undefined && namespaces !== undefined
      ? {
          mutatePod: podInjector({
            sidecarSets: source,
            revisions: apiserverRevisions(kube, settings.namespace),
            sortContainersByName: settings.sortSidecarContainersByName,
            kruisePodReadyGate: settings.kruisePodReadyGate,
            containerLaunchPriority: settings.containerLaunchPriority,
            readNamespaceLabels: async (name) => {
              try {
                return (await namespaces.get({ name })).metadata?.labels ?? {};
              } catch (err) {
                if (err instanceof NotFoundError) return undefined;
                throw err;
              }
            },
            logger,
          }),
          validationContext: () => ({ sidecarSets: source.list() }),
        }
      : {
          mutatePod: podReadinessGateMutator(settings.kruisePodReadyGate, {
            containerLaunchPriority: settings.containerLaunchPriority,
            logger,
          }),
        }),
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
        writer?.flush();
        writer?.stop();
        await sidecarSets?.stop();
        await bus?.close();
        await health.close();
      })();
      return stopping;
    },
  };
}
