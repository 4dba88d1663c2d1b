// Feature gates: Kruise's `--feature-gates` syntax (`Name=true,Other=false`) in KRUISE_TS_FEATURE_GATES. One
// value is given to every service (as Kruise's one manager binary reads one flag), so the rule for names is
// project-wide: a gate no kruise-ts service knows stops the start with an error listing the known gates (as
// k8s.io/component-base/featuregate does); a gate known to the project but read by another service is ignored.
import { ConfigError, parseBool } from './parse.ts';
import type { ServiceName } from './table.ts';

export interface FeatureGateSpec {
  name: string;
  /** The value when the gate is not named (Kruise's default). */
  default: boolean;
  meaning: string;
  services: readonly ServiceName[];
}

export const FEATURE_GATES = [
  {
    name: 'CloneSetPartitionRollback',
    default: false,
    meaning: 'raising partition rolls updated pods back to the current revision',
    services: ['cloneset-controller'],
  },
  {
    name: 'PreparingUpdateAsUpdate',
    default: false,
    meaning: 'PreparingUpdate pods count as the update revision when scaling',
    services: ['cloneset-controller'],
  },
  {
    name: 'CloneSetShortHash',
    default: false,
    meaning: 'the controller-revision-hash label holds only the hash',
    services: ['cloneset-controller'],
  },
  {
    name: 'RecreatePodWhenChangeVCTInCloneSetGate',
    default: false,
    meaning: 'a changed volumeClaimTemplates hash forbids in-place update',
    services: ['cloneset-controller'],
  },
  {
    name: 'InPlaceUpdateEnvFromMetadata',
    default: true,
    meaning:
      'a template label/annotation a container reads through env fieldRef updates in place and restarts it',
    services: ['cloneset-controller', 'statefulset-controller'],
  },
  {
    name: 'InPlaceWorkloadVerticalScaling',
    default: false,
    meaning: 'a cpu/memory change of container resources resizes pods in place (pod resize subresource)',
    services: ['cloneset-controller', 'statefulset-controller'],
  },
  {
    name: 'StatefulSetStartOrdinal',
    default: false,
    meaning: 'honour spec.ordinals.start',
    services: ['statefulset-controller'],
  },
  {
    name: 'PodIndexLabel',
    default: true,
    meaning: 'label apps.kubernetes.io/pod-index on new pods',
    services: ['statefulset-controller'],
  },
  {
    name: 'StatefulSetAutoDeletePVC',
    default: true,
    meaning: 'persistentVolumeClaimRetentionPolicy is enforced (and defaulted by the webhook)',
    services: ['statefulset-controller', 'webhook-server'],
  },
  {
    name: 'StatefulSetAutoResizePVCGate',
    default: false,
    meaning:
      'volumeClaimUpdateStrategy OnPodRollingUpdate grows the claims of each pod as the rolling update reaches it; the webhook defaults the type to OnDelete',
    services: ['statefulset-controller', 'webhook-server'],
  },
  {
    name: 'KruisePodReadinessGate',
    default: false,
    meaning:
      "every pod created gets the KruisePodReady readiness gate (Kruise's pod webhook), not only those a Kruise kind controls",
    services: ['webhook-server'],
  },
  {
    name: 'EnableSortSidecarContainerByName',
    default: false,
    meaning:
      "injected sidecar containers are sorted by name (Kruise's pod webhook); otherwise they keep SidecarSet order",
    services: ['webhook-server'],
  },
] as const satisfies readonly FeatureGateSpec[];

export type FeatureGateName = (typeof FEATURE_GATES)[number]['name'];

/** The gates named in the setting (only those; a gate not named has its default). */
export type FeatureGateValues = Partial<Record<FeatureGateName, boolean>>;

const known = new Set<string>(FEATURE_GATES.map((g) => g.name));

function isKnown(name: string): name is FeatureGateName {
  return known.has(name);
}

/** Parses `A=true,B=false`; a name no service knows, or a value other than a bool, is a ConfigError. */
export function parseFeatureGates(
  raw: string | undefined,
  variable = 'KRUISE_TS_FEATURE_GATES',
): FeatureGateValues {
  const gates: FeatureGateValues = {};
  for (const part of (raw ?? '').split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const eq = item.indexOf('=');
    const name = (eq < 0 ? item : item.slice(0, eq)).trim();
    const value = eq < 0 ? '' : item.slice(eq + 1).trim();
    if (!isKnown(name)) {
      throw new ConfigError(
        `${variable}: unknown feature gate '${name}'; known: ${[...known].sort().join(', ')}`,
      );
    }
    if (eq < 0)
      throw new ConfigError(`${variable}: feature gate ${name} needs =true or =false, got '${item}'`);
    gates[name] = parseBool(`${variable}: feature gate ${name}`, value);
  }
  return gates;
}
