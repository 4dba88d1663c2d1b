// The controller's settings, from the environment (KRUISE_TS_* names shared with the other services).
import { type ControllerSettings, controllerSettingsFromEnv, type Env, envInt } from '@kruise-ts/runtime';

export interface ControllerConfig extends ControllerSettings {
  workers: number;
  /** The zone schedules without TZ= / spec.timeZone are read in; Kruise uses its process's local zone. */
  defaultZone: string;
}

export function configFromEnv(env: Env = process.env): ControllerConfig {
  return {
    ...controllerSettingsFromEnv(env),
    workers: envInt(env, 'KRUISE_TS_ADVANCEDCRONJOB_WORKERS', 3, 1, 256),
    defaultZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}
