// Settings from the environment, named as the other services name them (KRUISE_TS_*).
import { type ControllerSettings, controllerSettingsFromEnv, type Env, envInt } from '@kruise-ts/runtime';

export interface RevisionGcConfig extends ControllerSettings {
  /** Reconcile workers per workload kind. */
  workers: number;
}

export function configFromEnv(env: Env = process.env): RevisionGcConfig {
  return { ...controllerSettingsFromEnv(env), workers: envInt(env, 'KRUISE_TS_WORKERS', 2, 1, 256) };
}
