// Wires cert-manager together: kube client, lease, watches, sync loop, bus notifier, health server. main.ts
// runs it as a process; tests run it in-process with their own settings.
import {
  connectOptionalBus,
  KubeClient,
  openHealthServer,
  type SharedProcessParts,
} from '@kruise-ts/runtime';
import { createLogger, createMetricsRegistry, type Logger, type Registry } from '@kruise-ts/telemetry';
import { startLeaderElection } from './lease.ts';
import { startSyncLoop } from './manager.ts';
import { createCertManagerMetrics } from './metrics.ts';
import { busNotifier } from './notify.ts';
import type { CertManagerSettings } from './settings.ts';
import { startTriggers } from './triggers.ts';

/** For a process composing this service with others (packages/all-in-one): its settings. */
export { settingsFromEnv } from './settings.ts';

export const SERVICE_NAME = 'cert-manager';

export interface CertManagerService {
  readonly healthPort: number;
  isLeader(): boolean;
  /** Asks for a sync now (otherwise watches and timers decide). */
  syncNow(): void;
  stop(): Promise<void>;
}

export async function startCertManager(
  settings: CertManagerSettings,
  options: { logger?: Logger; registry?: Registry; shared?: SharedProcessParts | undefined } = {},
): Promise<CertManagerService> {
  const logger = options.logger ?? createLogger({ name: 'cert-manager' });
  const registry = options.registry ?? createMetricsRegistry({ defaultLabels: { service: 'cert-manager' } });
  const metrics = createCertManagerMetrics(registry);
  const kube = new KubeClient({
    ...(settings.kubeconfigPath ? { kubeconfigPath: settings.kubeconfigPath } : {}),
    userAgent: 'kruise-ts/cert-manager',
  });

  // In a process of several parts the bus and the health server are the process's (views whose close() is a no-op).
  const shared = options.shared;
  const bus = await connectOptionalBus(settings.nats, {
    publisherId: `cert-manager/${settings.lease.identity}`,
    shared,
  });

  let isLeader = () => false;
  const loop = startSyncLoop({
    kube,
    settings,
    logger,
    metrics,
    notifier: bus === undefined ? undefined : busNotifier(bus),
    isLeader: () => isLeader(),
  });
  const elector = startLeaderElection({
    kube,
    namespace: settings.namespace,
    name: settings.lease.name,
    identity: settings.lease.identity,
    durationMs: settings.lease.durationMs,
    renewDeadlineMs: settings.lease.renewDeadlineMs,
    retryPeriodMs: settings.lease.retryPeriodMs,
    onStartedLeading: () => {
      metrics.leader.set(1);
      logger.info({ identity: settings.lease.identity }, 'became leader');
      loop.requestSync('became leader');
    },
    onStoppedLeading: () => {
      metrics.leader.set(0);
      loop.reset();
      logger.warn({ identity: settings.lease.identity }, 'lost leadership; standing by');
    },
    onError: (err) => logger.warn({ err }, 'leader election'),
  });
  isLeader = () => elector.isLeader();

  const ns = encodeURIComponent(settings.namespace);
  const triggers = startTriggers(
    kube,
    [
      { path: `/api/v1/namespaces/${ns}/secrets`, fieldSelector: `metadata.name=${settings.secretName}` },
      {
        path: '/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations',
        fieldSelector: `metadata.name=${settings.mutatingConfigName}`,
      },
      {
        path: '/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations',
        fieldSelector: `metadata.name=${settings.validatingConfigName}`,
      },
      { path: '/apis/apiextensions.k8s.io/v1/customresourcedefinitions' },
    ],
    (path) => loop.requestSync(`watch ${path}`),
    (err) => logger.debug({ err }, 'watch restarted'),
  );

  const health = await openHealthServer(settings.health, registry, shared);
  // A standby is ready (it serves nothing); the leader once its first sync wrote certificates and bundles.
  health.addReadinessCheck('certificates-synced', () => {
    if (elector.isLeader() && !loop.synced()) {
      throw new Error(`leader, not synced: ${loop.lastError()?.message ?? 'first sync running'}`);
    }
  });
  logger.info(
    { healthPort: health.port, secret: `${settings.namespace}/${settings.secretName}` },
    'cert-manager started',
  );

  let stopping: Promise<void> | undefined;
  return {
    healthPort: health.port,
    isLeader: () => elector.isLeader(),
    syncNow: () => loop.requestSync('requested'),
    stop() {
      stopping ??= (async () => {
        triggers.stop();
        await loop.stop();
        // Releasing the lease lets a standby take over at once instead of after the lease duration.
        await elector.stop();
        await bus?.close();
        await health.close();
        logger.info('cert-manager stopped');
      })();
      return stopping;
    },
  };
}
