// The controller's settings, from the environment (the settings table's KRUISE_TS_* names).
import { type ControllerSettings, controllerSettingsFromEnv, type Env } from '@kruise-ts/runtime';

export interface ControllerConfig extends ControllerSettings {
  /** The zone schedules without TZ= / spec.timeZone are read in; Kruise uses its process's local zone. */
  defaultZone: string;
}

let localZone: string | undefined;

/**
 * The process's zone, read when a schedule first needs it: asking Intl loads ICU's locale and time-zone data
 * (~8 MiB resident), which an idle controller with no AdvancedCronJob never needs (docs/performance.md).
 */
function processZone(): string {
  localZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return localZone;
}

export function configFromEnv(env: Env = process.env): ControllerConfig {
  return {
    ...controllerSettingsFromEnv(env, 'advancedcronjob-controller'),
    get defaultZone() {
      return processZone();
    },
  };
}
