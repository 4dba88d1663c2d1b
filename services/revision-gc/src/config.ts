// Settings from the environment (the settings table's KRUISE_TS_* names; workers are per workload kind).
import { type ControllerSettings, controllerSettingsFromEnv, type Env } from '@kruise-ts/runtime';

export type RevisionGcConfig = ControllerSettings;

export function configFromEnv(env: Env = process.env): RevisionGcConfig {
  return controllerSettingsFromEnv(env, 'revision-gc');
}
