// The controller's settings, from the environment (KRUISE_TS_* names shared with the other services).
import { type ControllerSettings, controllerSettingsFromEnv, type Env, envInt } from '@kruise-ts/runtime';

export interface ControllerConfig extends ControllerSettings {
  workers: number;
  /** Kruise's --assign-bcj-pods-by-scheduler: pin pods by node affinity and let the scheduler bind them. */
  assignPodsByScheduler: boolean;
}

export function configFromEnv(env: Env = process.env): ControllerConfig {
  return {
    ...controllerSettingsFromEnv(env),
    // Kruise runs 3 BroadcastJob workers.
    workers: envInt(env, 'KRUISE_TS_BROADCASTJOB_WORKERS', 3, 1, 256),
    assignPodsByScheduler: env.KRUISE_TS_ASSIGN_BCJ_PODS_BY_SCHEDULER !== 'false',
  };
}
