// The sync loop (Kruise's webhook controller, one work item): read the Secret, take one planned step, write it,
// inject the bundle, announce a new serving certificate. Syncs are coalesced and run one at a time, only while
// this instance holds the lease; they run on any watched change, when a rotation phase or an expiry is due, after
// an error (with back-off) and every resync period.

import { certificateInfo, decodeSecretData, externalSecretKeys, splitCertificates } from '@kruise-ts/certs';
import { ConflictError, type KubeClient, NotFoundError, resources } from '@kruise-ts/runtime';
import type { Logger } from '@kruise-ts/telemetry';
import { injectCaBundle } from './inject.ts';
import { applyStep } from './materialize.ts';
import type { CertManagerMetrics } from './metrics.ts';
import type { RotationNotifier } from './notify.ts';
import { planStep, type Step } from './plan.ts';
import type { CertManagerSettings } from './settings.ts';
import { annotations, type CertState, emptyState, secretContent, stateFromSecret } from './state.ts';

export interface CertManagerDeps {
  kube: KubeClient;
  settings: CertManagerSettings;
  logger: Logger;
  metrics: CertManagerMetrics;
  notifier: RotationNotifier | undefined;
  /** Whether this instance may act now (holds the lease). */
  isLeader(): boolean;
}

export interface SyncLoop {
  /** Asks for a sync soon; calls made while one runs are coalesced into one more. */
  requestSync(reason: string): void;
  /** True once a sync completed without error since this instance became leader. */
  synced(): boolean;
  lastError(): Error | undefined;
  /** Called when leadership is lost: forget the "synced" state. */
  reset(): void;
  stop(): Promise<void>;
}

interface V1Secret {
  metadata?: {
    name?: string;
    namespace?: string;
    uid?: string;
    resourceVersion?: string;
    annotations?: Record<string, string>;
  };
  type?: string;
  data?: Record<string, string>;
}

const ownAnnotations = new Set<string>([
  annotations.phase,
  annotations.phaseUntil,
  annotations.forceRotationHandled,
]);

export function startSyncLoop(deps: CertManagerDeps): SyncLoop {
  const { kube, settings, logger, metrics } = deps;
  const secrets = kube.resource<V1Secret>(resources.secrets);
  let pending = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let okSinceLeading = false;
  let error: Error | undefined;
  let failures = 0;
  /** What clients were last told to trust: CAs to keep trusted if the Secret is reset. */
  let lastBundle = '';

  const schedule = (delayMs: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => requestSync('timer'), Math.max(0, Math.min(delayMs, 2 ** 31 - 1)));
    timer.unref();
  };

  const readSecret = async (): Promise<V1Secret | undefined> => {
    try {
      return await secrets.get({ name: settings.secretName, namespace: settings.namespace });
    } catch (err) {
      if (err instanceof NotFoundError) return undefined;
      throw err;
    }
  };

  const writeSecret = async (existing: V1Secret | undefined, state: CertState): Promise<V1Secret> => {
    const content = secretContent(state);
    if (existing === undefined) {
      return secrets.create({
        namespace: settings.namespace,
        body: {
          metadata: {
            name: settings.secretName,
            namespace: settings.namespace,
            annotations: content.annotations,
          },
          type: 'Opaque',
          data: content.data,
        },
      });
    }
    const kept = Object.entries(existing.metadata?.annotations ?? {}).filter(
      ([key]) => !ownAnnotations.has(key),
    );
    return secrets.replace({
      name: settings.secretName,
      namespace: settings.namespace,
      body: {
        ...existing,
        metadata: {
          ...existing.metadata,
          annotations: { ...Object.fromEntries(kept), ...content.annotations },
        },
        data: content.data,
      },
    });
  };

  const inject = async (bundlePem: string) => {
    const result = await injectCaBundle(kube, bundlePem, settings);
    lastBundle = bundlePem;
    metrics.caBundleSize.set(splitCertificates(bundlePem).length);
    for (const target of result.updated) {
      metrics.injections.inc({ kind: target.split('/')[0] ?? '' });
      logger.info({ target }, 'caBundle written');
    }
    if (result.missing.length > 0)
      logger.debug({ missing: result.missing }, 'webhook configurations not installed');
  };

  /** Returns when the next sync is due (ms from now). */
  const syncOnce = async (): Promise<number> => {
    const secret = await readSecret();
    if (settings.mode === 'external') {
      const ca = decodeSecretData(secret?.data)[externalSecretKeys.caCert];
      if (!ca || splitCertificates(ca).length === 0) {
        throw new Error(
          `external Secret ${settings.namespace}/${settings.secretName} has no ${externalSecretKeys.caCert}`,
        );
      }
      await inject(ca);
      return settings.resyncMs;
    }

    const state = secret === undefined ? emptyState : stateFromSecret(secret);
    const now = new Date();
    const step: Step = planStep(state, now, settings, secret !== undefined);
    if (step.action === 'none') {
      await inject(state.bundlePem);
      recordExpiry(state);
      const untilCheck = step.nextCheckAt === undefined ? Infinity : step.nextCheckAt.getTime() - Date.now();
      return Math.max(50, Math.min(settings.resyncMs, untilCheck));
    }

    const applied = await applyStep(step, state, now, settings, lastBundle);
    // Fencing: generating keys takes time; a leader that lost its lease meanwhile must not write.
    if (!deps.isLeader()) throw new Error('lost the lease before writing the Secret');
    const written = await writeSecret(secret, applied.state);
    const reason = 'reason' in step ? step.reason : step.action;
    metrics.rotations.inc({ reason });
    logger.info(
      {
        action: step.action,
        reason,
        why: step.why,
        phase: applied.state.phase,
        phaseUntil: applied.state.phaseUntil,
      },
      'certificate Secret written',
    );
    await inject(applied.state.bundlePem);
    recordExpiry(applied.state);
    if (applied.servingChanged !== undefined && deps.notifier !== undefined) {
      try {
        await deps.notifier.certificateRotated({
          namespace: settings.namespace,
          secretName: settings.secretName,
          secretUid: written.metadata?.uid ?? '',
          resourceVersion: written.metadata?.resourceVersion ?? '',
          reason: applied.servingChanged,
          servingCertPem: applied.state.serving.certPem!,
          caCertPem: applied.state.ca.certPem!,
        });
      } catch (err) {
        // Webhook servers also watch the Secret: a lost event only delays their reload.
        logger.warn({ err }, 'could not publish CertificateRotated');
      }
    }
    // The next step (if any) is planned from what was just written.
    return 0;
  };

  const recordExpiry = (state: CertState) => {
    try {
      if (state.serving.certPem)
        metrics.servingNotAfter.set(certificateInfo(state.serving.certPem).notAfter.getTime() / 1000);
      if (state.ca.certPem)
        metrics.caNotAfter.set(certificateInfo(state.ca.certPem).notAfter.getTime() / 1000);
    } catch {
      // Unparseable material is re-issued by the next step; the gauges just keep their last value.
    }
  };

  const loop = async () => {
    while (pending && !stopped) {
      pending = false;
      if (!deps.isLeader()) {
        metrics.syncs.inc({ result: 'standby' });
        continue;
      }
      try {
        const next = await syncOnce();
        metrics.syncs.inc({ result: 'success' });
        error = undefined;
        failures = 0;
        if (next === 0) pending = true;
        else {
          okSinceLeading = true;
          schedule(next);
        }
      } catch (err) {
        metrics.syncs.inc({ result: 'error' });
        error = err instanceof Error ? err : new Error(String(err));
        failures++;
        // A conflict means someone wrote in between: re-read at once; anything else backs off (0.5 s … 30 s).
        const delay = err instanceof ConflictError ? 0 : Math.min(30_000, 500 * 2 ** (failures - 1));
        logger.warn({ err, retryInMs: delay }, 'certificate sync failed');
        schedule(delay);
      }
    }
  };

  const requestSync = (reason: string) => {
    if (stopped) return;
    logger.debug({ reason }, 'sync requested');
    pending = true;
    running ??= loop().finally(() => {
      running = undefined;
      if (pending) requestSync('coalesced');
    });
  };

  return {
    requestSync,
    synced: () => okSinceLeading,
    lastError: () => error,
    reset: () => {
      okSinceLeading = false;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
