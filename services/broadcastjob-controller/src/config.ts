// The controller's settings, from the environment (the settings table's KRUISE_TS_* names).
import { type ControllerSettings, controllerSettingsFromEnv, type Env } from '@kruise-ts/runtime';

export interface ControllerConfig extends ControllerSettings {
  /** Kruise's --assign-bcj-pods-by-scheduler: pin pods by node affinity and let the scheduler bind them. */
  assignPodsByScheduler: boolean;
}

export function configFromEnv(env: Env = process.env): ControllerConfig {
  return controllerSettingsFromEnv(env, 'broadcastjob-controller', {
    extra: (s) => ({ assignPodsByScheduler: s.bool('KRUISE_TS_ASSIGN_BCJ_PODS_BY_SCHEDULER') }),
  });
}
