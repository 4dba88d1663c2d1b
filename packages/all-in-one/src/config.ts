// The all-in-one process's own settings (one settings table, packages/runtime/src/settings): what it shares —
// the bus connection, the health/metrics server — and which parts it runs. Every part reads its own settings
// from the same environment under its service's name, so the variables are those of the separate services.
import { type Env, type ProcessSettings, readProcessSettings, SettingsReader } from '@kruise-ts/runtime';
import { selectParts } from './part-names.ts';
import { type ConfiguredPart, configureParts } from './parts.ts';

export const SERVICE_NAME = 'all-in-one';

export interface AllInOneConfig extends ProcessSettings {
  parts: ConfiguredPart[];
  deprecations: readonly string[];
}

export function configFromEnv(env: Env = process.env): AllInOneConfig {
  const s = new SettingsReader(env, SERVICE_NAME);
  const shared = readProcessSettings(s);
  const parts = configureParts(selectParts(s.list('KRUISE_TS_ALL_IN_ONE_PARTS')), env);
  return {
    ...shared,
    parts,
    deprecations: [...s.deprecations, ...parts.flatMap((p) => p.deprecations)],
  };
}
