// The controller's settings, from the environment (names shared with the other services: KRUISE_TS_*).
import { DEFAULT_EXPECTATION_TIMEOUT_MS } from '@kruise-ts/core';
import {
  ConfigError,
  type ControllerSettings,
  controllerSettingsFromEnv,
  type Env,
  envInt,
} from '@kruise-ts/runtime';
import type { FeatureGates } from './types.ts';

export { ConfigError };

export interface ControllerConfig extends ControllerSettings {
  workers: number;
  gates: FeatureGates;
}

const GATE_NAMES: Record<string, keyof FeatureGates> = {
  CloneSetPartitionRollback: 'partitionRollback',
  PreparingUpdateAsUpdate: 'preparingUpdateAsUpdate',
  CloneSetShortHash: 'cloneSetShortHash',
  RecreatePodWhenChangeVCTInCloneSetGate: 'recreatePodWhenChangeVCT',
};

/** Kruise's `--feature-gates` syntax: `Name=true,Other=false`. Unknown names are an error, as in Kruise. */
export function parseFeatureGates(raw: string | undefined): FeatureGates {
  const gates: FeatureGates = {};
  for (const part of (raw ?? '').split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const [name = '', value = ''] = item.split('=').map((s) => s.trim());
    const key = GATE_NAMES[name];
    if (key === undefined) {
      throw new ConfigError(`unknown feature gate '${name}'; known: ${Object.keys(GATE_NAMES).join(', ')}`);
    }
    if (value !== 'true' && value !== 'false') {
      throw new ConfigError(`feature gate ${name} must be true or false, got '${value}'`);
    }
    gates[key] = value === 'true';
  }
  return gates;
}

export function configFromEnv(env: Env = process.env): ControllerConfig {
  return {
    ...controllerSettingsFromEnv(env, { expectationTimeoutMs: DEFAULT_EXPECTATION_TIMEOUT_MS }),
    workers: envInt(env, 'KRUISE_TS_CLONESET_WORKERS', 4, 1, 256),
    gates: parseFeatureGates(env.KRUISE_TS_FEATURE_GATES),
  };
}
