// webhook-server's settings, from the environment (the settings table: Kruise's names where Kruise has one,
// KRUISE_TS_* for the bus and the health server as in every service).
import { hostname } from 'node:os';
import type { DefaultingOptions } from '@kruise-ts/api';
import type { KruisePodReadyGateScope } from '@kruise-ts/core';
import { type BusSettings, type Env, type FeatureGateValues, SettingsReader } from '@kruise-ts/runtime';

export type CertSourceSettings =
  | { kind: 'secret'; namespace: string; name: string }
  | { kind: 'dir'; dir: string };

export interface WebhookServerSettings {
  /** HTTPS listener (Kruise: WEBHOOK_PORT, default 9876; 0 picks a free port). */
  host: string;
  port: number;
  /** Plain-HTTP /healthz, /readyz, /metrics. */
  health: { host: string; port: number };
  certs: CertSourceSettings;
  /** Re-read the certificate this often even without notifications. */
  certPollMs: number;
  namespace: string;
  /** Register the webhook configurations in URL mode at start (`https://<WEBHOOK_HOST>:<port>`). */
  register: { baseHost: string; mutatingName: string; validatingName: string } | undefined;
  nats: BusSettings | undefined;
  kubeconfigPath: string | undefined;
  /** Admission snapshot directory (written on change, read when NATS is unreachable at start). */
  snapshotDir: string | undefined;
  instance: string;
  shutdownDeadlineMs: number;
  /** Kruise's gates that change defaulting (KRUISE_TS_FEATURE_GATES; an absent gate keeps Kruise's default). */
  defaultingFeatures: NonNullable<DefaultingOptions['features']>;
  /** EnableSortSidecarContainerByName: injected sidecar containers sorted by name. */
  sortSidecarContainersByName: boolean;
  /**
   * Which pods being created get the KruisePodReady readiness gate: none (KRUISE_TS_KRUISE_POD_READY_GATE off), those
   * a Kruise kind controls (on), or all (the KruisePodReadinessGate feature gate).
   */
  kruisePodReadyGate: KruisePodReadyGateScope;
  /**
   * Container launch priority (KRUISE_TS_CONTAINER_LAUNCH_PRIORITY): pods being created that ask for it get the
   * barrier env on their containers (after SidecarSet injection, as Kruise). Off by default: the controller that
   * fills the barriers runs in sidecarset-controller (same setting) and then needs every pod on the bus. Turn it on
   * for both at once: a pod given barriers with no such controller never starts its containers.
   */
  containerLaunchPriority: boolean;
  /** Deprecated setting names in use; logged once at start. */
  deprecations: readonly string[];
}

/** apis/apps/defaults/v1beta1.go: the StatefulSet defaults the two PVC gates switch. */
export function defaultingFeatures(gates: FeatureGateValues): NonNullable<DefaultingOptions['features']> {
  return {
    ...(gates.StatefulSetAutoDeletePVC === undefined
      ? {}
      : { statefulSetAutoDeletePVC: gates.StatefulSetAutoDeletePVC }),
    ...(gates.StatefulSetAutoResizePVCGate === undefined
      ? {}
      : { statefulSetAutoResizePVC: gates.StatefulSetAutoResizePVCGate }),
  };
}

export function settingsFromEnv(env: Env = process.env): WebhookServerSettings {
  const s = new SettingsReader(env, 'webhook-server');
  const namespace = s.string('POD_NAMESPACE') ?? 'kruise-system';
  const certDir = s.string('WEBHOOK_CERT_DIR');
  const settings: WebhookServerSettings = {
    host: s.string('WEBHOOK_BIND_HOST') ?? '',
    port: s.int('WEBHOOK_PORT'),
    health: s.httpServer(),
    certs: certDir
      ? { kind: 'dir', dir: certDir }
      : { kind: 'secret', namespace, name: s.string('SECRET_NAME') ?? '' },
    certPollMs: s.int('CERT_POLL_SECONDS') * 1000,
    namespace,
    register: s.bool('WEBHOOK_REGISTER')
      ? {
          baseHost: s.string('WEBHOOK_HOST') ?? '127.0.0.1',
          mutatingName: s.string('MUTATING_WEBHOOK_CONFIGURATION') ?? '',
          validatingName: s.string('VALIDATING_WEBHOOK_CONFIGURATION') ?? '',
        }
      : undefined,
    nats: s.optionalBus(),
    kubeconfigPath: s.kubeconfigPath(),
    snapshotDir: s.string('KRUISE_TS_SNAPSHOT_DIR'),
    instance: s.string('POD_NAME') ?? `${hostname()}-${process.pid}`,
    shutdownDeadlineMs: s.int('KRUISE_TS_SHUTDOWN_DEADLINE_MS'),
    defaultingFeatures: defaultingFeatures(s.featureGates()),
    sortSidecarContainersByName: s.featureGates().EnableSortSidecarContainerByName ?? false,
    kruisePodReadyGate:
      (s.featureGates().KruisePodReadinessGate ?? false)
        ? 'all'
        : s.bool('KRUISE_TS_KRUISE_POD_READY_GATE')
          ? 'kruise-controlled'
          : 'none',
    containerLaunchPriority: s.bool('KRUISE_TS_CONTAINER_LAUNCH_PRIORITY'),
    deprecations: [],
  };
  return { ...settings, deprecations: s.deprecations };
}
