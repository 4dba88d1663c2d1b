// The controller's settings, from the environment (the settings table's KRUISE_TS_* names).
import { type ControllerSettings, controllerSettingsFromEnv, type Env } from '@kruise-ts/runtime';

export interface ControllerConfig extends ControllerSettings {
  /** The zone schedules without TZ= / spec.timeZone are read in; Kruise uses its process's local zone. */
  defaultZone: string;
}

export function configFromEnv(env: Env = process.env): ControllerConfig {
  return {
    ...controllerSettingsFromEnv(env, 'advancedcronjob-controller'),
    defaultZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}
