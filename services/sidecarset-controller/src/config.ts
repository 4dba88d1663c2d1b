// The controller's settings, from the environment (the settings table's KRUISE_TS_* names; the kruise
// namespace, where SidecarSet ControllerRevisions live, is POD_NAMESPACE as in Kruise).
import {
  ConfigError,
  type ControllerSettings,
  controllerSettingsFromEnv,
  type Env,
} from '@kruise-ts/runtime';

export { ConfigError };

export interface ControllerConfig extends ControllerSettings {
  /** Namespace of the SidecarSet ControllerRevisions (Kruise: the kruise-manager's namespace). */
  revisionNamespace: string;
  /**
   * Container launch priority (KRUISE_TS_CONTAINER_LAUNCH_PRIORITY): the leader caches every pod from the start
   * and keeps each ordered pod's barrier ConfigMap (src/launch-barrier.ts).
   */
  containerLaunchPriority: boolean;
}

export function configFromEnv(env: Env = process.env): ControllerConfig {
  return controllerSettingsFromEnv(env, 'sidecarset-controller', {
    extra: (s) => ({
      revisionNamespace: s.string('POD_NAMESPACE') ?? 'kruise-system',
      containerLaunchPriority: s.bool('KRUISE_TS_CONTAINER_LAUNCH_PRIORITY'),
    }),
  });
}
