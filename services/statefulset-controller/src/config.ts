// The controller's settings, from the environment (the settings table's KRUISE_TS_* names).
import {
  type ControllerSettings,
  controllerSettingsFromEnv,
  type Env,
  type FeatureGateValues,
  parseFeatureGates,
} from '@kruise-ts/runtime';
import type { StatefulSetGates } from './types.ts';

export interface ControllerConfig extends ControllerSettings {
  gates: StatefulSetGates;
}

function statefulSetGates(values: FeatureGateValues): StatefulSetGates {
  const gates: StatefulSetGates = {};
  if (values.StatefulSetStartOrdinal !== undefined) gates.startOrdinal = values.StatefulSetStartOrdinal;
  if (values.PodIndexLabel !== undefined) gates.podIndexLabel = values.PodIndexLabel;
  if (values.StatefulSetAutoDeletePVC !== undefined) gates.autoDeletePVC = values.StatefulSetAutoDeletePVC;
  if (values.InPlaceUpdateEnvFromMetadata !== undefined)
    gates.inPlaceUpdateEnvFromMetadata = values.InPlaceUpdateEnvFromMetadata;
  if (values.InPlaceWorkloadVerticalScaling !== undefined)
    gates.inPlaceWorkloadVerticalScaling = values.InPlaceWorkloadVerticalScaling;
  if (values.StatefulSetAutoResizePVCGate !== undefined)
    gates.autoResizePVC = values.StatefulSetAutoResizePVCGate;
  return gates;
}

/**
 * Kruise's `--feature-gates` syntax, read for this controller's gates. Gates of other kruise-ts services are
 * accepted and ignored; a name no service knows is an error (the runtime's one rule).
 */
export function parseGates(raw: string | undefined): StatefulSetGates {
  return statefulSetGates(parseFeatureGates(raw));
}

export function configFromEnv(env: Env = process.env): ControllerConfig {
  return controllerSettingsFromEnv(env, 'statefulset-controller', {
    extra: (s) => ({ gates: statefulSetGates(s.featureGates()) }),
  });
}
