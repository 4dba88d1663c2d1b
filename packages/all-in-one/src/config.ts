// The all-in-one process's own settings (one settings table, packages/runtime/src/settings): what it shares —
// the bus connection, the health/metrics server — and which parts it runs. Every part reads its own settings
// from the same environment under its service's name, so the variables are those of the separate services.
import { hostname } from 'node:os';
import { type Env, leaseToken, SettingsReader } from '@kruise-ts/runtime';
import { selectParts } from './part-names.ts';
import { type ConfiguredPart, configureParts } from './parts.ts';

export const SERVICE_NAME = 'all-in-one';

export interface AllInOneConfig {
  kubeconfigPath: string | undefined;
  natsUrl: string;
  busPrefix: string;
  partitions: number;
  leaseTtlMs: number;
  /** Names the process on the bus (each part's publisher id is `<part>/<this>`). */
  memberId: string;
  http: { host: string; port: number };
  shutdownDeadlineMs: number;
  parts: ConfiguredPart[];
  deprecations: readonly string[];
}

export function configFromEnv(env: Env = process.env): AllInOneConfig {
  const s = new SettingsReader(env, SERVICE_NAME);
  const memberId = leaseToken(
    s.string('KRUISE_TS_MEMBER_ID') ?? `${s.string('POD_NAME') ?? hostname()}-${process.pid}`,
  );
  const parts = configureParts(selectParts(s.list('KRUISE_TS_ALL_IN_ONE_PARTS')), env);
  return {
    kubeconfigPath: s.string('KRUISE_TS_KUBECONFIG') ?? s.string('KUBECONFIG'),
    natsUrl: s.string('KRUISE_TS_NATS_URL') ?? '',
    busPrefix: s.string('KRUISE_TS_BUS_PREFIX') ?? '',
    partitions: s.int('KRUISE_TS_PARTITIONS'),
    leaseTtlMs: s.int('KRUISE_TS_LEASE_TTL_MS'),
    memberId,
    http: { host: s.string('KRUISE_TS_HTTP_HOST') ?? '', port: s.int('KRUISE_TS_HTTP_PORT') },
    shutdownDeadlineMs: s.int('KRUISE_TS_SHUTDOWN_DEADLINE_MS'),
    parts,
    deprecations: [...s.deprecations, ...parts.flatMap((p) => p.deprecations)],
  };
}
