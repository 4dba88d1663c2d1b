// The controller's settings, from the environment (the settings table's KRUISE_TS_* names).
import { DEFAULT_EXPECTATION_TIMEOUT_MS } from '@kruise-ts/core';
import {
  ConfigError,
  type ControllerSettings,
  controllerSettingsFromEnv,
  type Env,
  type FeatureGateValues,
  parseFeatureGates as parseGateValues,
} from '@kruise-ts/runtime';
import type { FeatureGates } from './types.ts';

export { ConfigError };

export interface ControllerConfig extends ControllerSettings {
  gates: FeatureGates;
}

/** The CloneSet gates among the project's gates (the runtime's rule rejects names no service knows). */
export function cloneSetGates(values: FeatureGateValues): FeatureGates {
  const gates: FeatureGates = {};
  if (values.CloneSetPartitionRollback !== undefined)
    gates.partitionRollback = values.CloneSetPartitionRollback;
  if (values.PreparingUpdateAsUpdate !== undefined)
    gates.preparingUpdateAsUpdate = values.PreparingUpdateAsUpdate;
  if (values.CloneSetShortHash !== undefined) gates.cloneSetShortHash = values.CloneSetShortHash;
  if (values.RecreatePodWhenChangeVCTInCloneSetGate !== undefined) {
    gates.recreatePodWhenChangeVCT = values.RecreatePodWhenChangeVCTInCloneSetGate;
  }
  if (values.InPlaceUpdateEnvFromMetadata !== undefined)
    gates.inPlaceUpdateEnvFromMetadata = values.InPlaceUpdateEnvFromMetadata;
  if (values.InPlaceWorkloadVerticalScaling !== undefined)
    gates.inPlaceWorkloadVerticalScaling = values.InPlaceWorkloadVerticalScaling;
  return gates;
}

/** Kruise's `--feature-gates` syntax: `Name=true,Other=false`, read for this controller's gates. */
export function parseFeatureGates(raw: string | undefined): FeatureGates {
  return cloneSetGates(parseGateValues(raw));
}

export function configFromEnv(env: Env = process.env): ControllerConfig {
  return controllerSettingsFromEnv(env, 'cloneset-controller', {
    expectationTimeoutMs: DEFAULT_EXPECTATION_TIMEOUT_MS,
    extra: (s) => ({ gates: cloneSetGates(s.featureGates()) }),
  });
}
