// The controller's settings, from the environment (KRUISE_TS_* names shared with the other services; the kruise
// namespace, where SidecarSet ControllerRevisions live, is POD_NAMESPACE as in Kruise).
import {
  ConfigError,
  type ControllerSettings,
  controllerSettingsFromEnv,
  type Env,
  envInt,
} from '@kruise-ts/runtime';

export { ConfigError };

export interface ControllerConfig extends ControllerSettings {
  /** Namespace of the SidecarSet ControllerRevisions (Kruise: the kruise-manager's namespace). */
  revisionNamespace: string;
  workers: number;
}

export function configFromEnv(env: Env = process.env): ControllerConfig {
  return {
    ...controllerSettingsFromEnv(env),
    revisionNamespace: env.POD_NAMESPACE || 'kruise-system',
    // Kruise runs the SidecarSet controller with 3 workers.
    workers: envInt(env, 'KRUISE_TS_WORKERS', 3, 1, 256),
  };
}
