// The controller's settings, from the environment (KRUISE_TS_* names shared with the other services).
import {
  ConfigError,
  type ControllerSettings,
  controllerSettingsFromEnv,
  type Env,
  envInt,
} from '@kruise-ts/runtime';
import type { StatefulSetGates } from './types.ts';

export interface ControllerConfig extends ControllerSettings {
  workers: number;
  gates: StatefulSetGates;
}

const GATES: Record<string, keyof StatefulSetGates> = {
  StatefulSetStartOrdinal: 'startOrdinal',
  PodIndexLabel: 'podIndexLabel',
  StatefulSetAutoDeletePVC: 'autoDeletePVC',
};

/** Kruise's `--feature-gates` syntax for the gates this controller reads; other names are left to other services. */
export function parseGates(raw: string | undefined): StatefulSetGates {
  const gates: StatefulSetGates = {};
  for (const item of (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')) {
    const [name = '', value = ''] = item.split('=').map((s) => s.trim());
    const gate = GATES[name];
    if (gate === undefined) continue;
    if (value !== 'true' && value !== 'false')
      throw new ConfigError(`feature gate ${name} must be true or false, got '${value}'`);
    gates[gate] = value === 'true';
  }
  return gates;
}

export function configFromEnv(env: Env = process.env): ControllerConfig {
  return {
    ...controllerSettingsFromEnv(env),
    workers: envInt(env, 'KRUISE_TS_STATEFULSET_WORKERS', 3, 1, 256),
    gates: parseGates(env.KRUISE_TS_FEATURE_GATES),
  };
}
