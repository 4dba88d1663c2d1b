// The settings every controller process shares, read through the settings table (../settings/table.ts). A
// service adds its own (feature gates, …) from the same reader.
import { hostname } from 'node:os';
import { ConfigError, type Env, parseInteger } from '../settings/parse.ts';
import { leaseToken, SettingsReader } from '../settings/reader.ts';
import type { ServiceName } from '../settings/table.ts';

export type { Env };
export { ConfigError };

/**
 * An integer setting in [min, max]; `fallback` when unset or blank; a ConfigError naming the variable else.
 * Prefer a SettingsReader: it also knows the setting's default, bounds and old names from the table.
 */
export function envInt(
  env: Env,
  name: string,
  fallback: number,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  return parseInteger(name, raw, { min, max });
}

/** What every process on the bus reads: the kube-apiserver and the bus it talks to, its lease member id, its server. */
export interface ProcessSettings {
  /** undefined: the default loading rules ($KUBECONFIG, in-cluster, then ~/.kube/config; kube/kubeconfig.ts). */
  kubeconfigPath: string | undefined;
  natsUrl: string;
  busPrefix: string;
  partitions: number;
  /** Set explicitly (KRUISE_TS_LEASE_TTL_MS): declared to the bus; undefined: the bus's is adopted. */
  leaseTtlMs: number | undefined;
  /** Lease member and publisher id; unique per process so a restarted replica never inherits a dead one's leases. */
  memberId: string;
  http: { host: string; port: number };
  shutdownDeadlineMs: number;
}

export interface ControllerSettings extends ProcessSettings {
  kubeQps: number;
  kubeBurst: number;
  expectationTimeoutMs: number;
  /** Concurrent reconciles (KRUISE_TS_WORKERS, the service's default). */
  workers: number;
  /** Deprecated setting names in use, one line each; the bootstrap logs them once at start. */
  deprecations: readonly string[];
}

export interface SettingDefaults {
  expectationTimeoutMs?: number;
}

/** The process settings from a service's reader (the all-in-one process reads them under its own name). */
export function readProcessSettings(s: SettingsReader): ProcessSettings {
  return {
    kubeconfigPath: s.kubeconfigPath(),
    natsUrl: s.string('KRUISE_TS_NATS_URL') ?? '',
    busPrefix: s.string('KRUISE_TS_BUS_PREFIX') ?? '',
    partitions: s.int('KRUISE_TS_PARTITIONS'),
    leaseTtlMs: s.intIfSet('KRUISE_TS_LEASE_TTL_MS'),
    memberId: leaseToken(
      s.string('KRUISE_TS_MEMBER_ID') ?? `${s.string('POD_NAME') ?? hostname()}-${process.pid}`,
    ),
    http: s.httpServer(),
    shutdownDeadlineMs: s.int('KRUISE_TS_SHUTDOWN_DEADLINE_MS'),
  };
}

/** The shared controller settings from a service's reader (call `reader.deprecations` after all reads). */
export function readControllerSettings(
  s: SettingsReader,
  defaults: SettingDefaults = {},
): ControllerSettings {
  return {
    ...readProcessSettings(s),
    kubeQps: s.int('KRUISE_TS_KUBE_QPS'),
    kubeBurst: s.int('KRUISE_TS_KUBE_BURST'),
    expectationTimeoutMs:
      s.raw('KRUISE_TS_EXPECTATION_TIMEOUT_MS') === undefined && defaults.expectationTimeoutMs !== undefined
        ? defaults.expectationTimeoutMs
        : s.int('KRUISE_TS_EXPECTATION_TIMEOUT_MS'),
    workers: s.int('KRUISE_TS_WORKERS'),
    deprecations: [],
  };
}

/** A controller service's settings from its environment: the shared ones plus `extra` from the same reader. */
export function controllerSettingsFromEnv<X extends object = Record<never, never>>(
  env: Env,
  service: ServiceName,
  options: SettingDefaults & { extra?: (s: SettingsReader) => X } = {},
): ControllerSettings & X {
  const s = new SettingsReader(env, service);
  const shared = readControllerSettings(s, options);
  const own = options.extra?.(s) ?? ({} as X);
  return { ...shared, ...own, deprecations: s.deprecations };
}
