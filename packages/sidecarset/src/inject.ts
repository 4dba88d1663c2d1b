// Injection into a pod being created (pkg/webhook/pod/mutating/sidecarset.go: sidecarsetMutatingPod,
// buildSidecars, mergeSidecarContainers; docs/behaviour/sidecarset.md#injection-content, #injection-merge-order, #injection-annotations,
// #hot-upgrade-injection). The caller has already chosen the SidecarSets
// (matched, not paused, revision resolved, canary bases removed) and their order.
import { isNativeSidecar, sidecarSetRevision, sidecarSetRevisionWithoutImage } from './hash.ts';
import { sidecarSetRevisionName } from './history.ts';
import { hotUpgradePair, isHotUpgradeSidecar, workingHotUpgradeContainers } from './hot-upgrade-slots.ts';
import {
  SIDECARSET_HASH_ANNOTATION,
  SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION,
  SIDECARSET_INJECTED_LIST_ANNOTATION,
} from './keys.ts';
import { patchPodMetadata } from './patch-metadata.ts';
import {
  formatInjectedList,
  formatUpgradeSpecs,
  injectedSidecarSets,
  parseUpgradeSpecs,
  type SidecarSetUpgradeSpec,
  timestamp,
} from './pod-annotations.ts';
import { isActivePod } from './pod-state.ts';
import { policyResources } from './resources-policy.ts';
import { completeSidecarContainer } from './sidecar-containers.ts';
import type { Container, Pod, SidecarContainer, SidecarSet, Volume } from './types.ts';

/**
 * The controllerRevision to record while the SidecarSet's status has no latestRevision yet. Kruise records
 * status.latestRevision as it is, but its controller and pod webhook share one cache, so the status is there by
 * the time the first pods arrive; here it reaches the webhook over the bus later. The controller's revision name
 * is a pure function of the spec, so it is recorded ahead of the status (empty when the spec cannot be read).
 */
function expectedLatestRevision(sidecarSet: SidecarSet): string {
  try {
    return sidecarSetRevisionName(sidecarSet);
  } catch {
    return '';
  }
}

export type InjectPolicy = 'BeforeAppContainer' | 'AfterAppContainer';

export interface InjectedContainer {
  container: Container;
  policy: InjectPolicy | undefined;
}

export interface BuiltSidecars {
  containers: InjectedContainer[];
  initContainers: InjectedContainer[];
  imagePullSecrets: { name?: string }[];
  volumes: Volume[];
  annotations: Record<string, string>;
}

/**
 * mergeSidecarContainers: a sidecar named like an existing container replaces it in place; otherwise
 * BeforeAppContainer sidecars go first (in build order) and the rest last.
 */
export function mergeSidecarContainers(
  origins: readonly Container[],
  injected: readonly InjectedContainer[],
): Container[] {
  const merged = [...origins];
  const index = new Map(origins.map((c, i) => [c.name, i]));
  const before: Container[] = [];
  const after: Container[] = [];
  for (const { container, policy } of injected) {
    const at = index.get(container.name);
    if (at !== undefined) merged[at] = container;
    else if (policy === 'BeforeAppContainer') before.push(container);
    else after.push(container);
  }
  return [...before, ...merged, ...after];
}

/** util.MergeVolumes / mergeSidecarSecrets: the pod's entries first, then new names. */
function mergeByName<T extends { name?: string }>(original: readonly T[], additional: readonly T[]): T[] {
  const out: T[] = [];
  const seen = new Set<string>();
  for (const item of [...original, ...additional]) {
    const name = item.name ?? '';
    if (seen.has(name)) continue;
    seen.add(name);
    out.push(item);
  }
  return out;
}

/** A sidecar with a resourcesPolicy gets the resources it computes from the pod (pod creation only). */
function withPolicyResources(
  sidecar: SidecarContainer,
  pod: Pod,
  sidecarSets: readonly SidecarSet[],
): SidecarContainer {
  return sidecar.resourcesPolicy === undefined
    ? sidecar
    : { ...sidecar, resources: policyResources(sidecar, pod, sidecarSets) };
}

/** buildSidecars for a CREATE: what each SidecarSet adds, and the annotations recording it. */
export function buildSidecars(pod: Pod, sidecarSets: readonly SidecarSet[], now: Date): BuiltSidecars {
  const annotations = pod.metadata.annotations ?? {};
  const hashes = parseUpgradeSpecs(annotations[SIDECARSET_HASH_ANNOTATION], SIDECARSET_HASH_ANNOTATION);
  const hashesWithoutImage = parseUpgradeSpecs(
    annotations[SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION],
    SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION,
  );
  const names = new Set(injectedSidecarSets(pod));
  // Sidecar → working slot of HotUpgrade sidecars, starting from what the pod already says.
  const working = workingHotUpgradeContainers(pod);
  const built: BuiltSidecars = {
    containers: [],
    initContainers: [],
    imagePullSecrets: [],
    volumes: [],
    annotations: {},
  };
  const at = timestamp(now);

  for (const sidecarSet of sidecarSets) {
    const name = sidecarSet.metadata?.name ?? '';
    names.add(name);
    const volumes = new Map((sidecarSet.spec.volumes ?? []).map((v) => [v.name, v]));
    // Only SidecarSet volumes a sidecar mounts itself reach the pod.
    const collectVolumes = (c: Container) => {
      for (const ref of [...(c.volumeMounts ?? []), ...(c.volumeDevices ?? [])]) {
        const volume = volumes.get(ref.name);
        if (volume) built.volumes.push(structuredClone(volume));
      }
    };
    const sidecarList = new Set<string>();
    let injecting = false;

    for (const declared of sidecarSet.spec.initContainers ?? []) {
      const init = withPolicyResources(declared, pod, sidecarSets);
      if (isNativeSidecar(init)) sidecarList.add(init.name);
      collectVolumes(init as Container);
      built.initContainers.push({
        container: completeSidecarContainer(init, pod),
        policy: init.podInjectPolicy,
      });
      injecting = true;
    }
    built.imagePullSecrets.push(...(sidecarSet.spec.imagePullSecrets ?? []));

    for (const declared of sidecarSet.spec.containers ?? []) {
      const sidecar = withPolicyResources(declared, pod, sidecarSets);
      sidecarList.add(sidecar.name);
      collectVolumes(sidecar as Container);
      const completed = completeSidecarContainer(sidecar, pod);
      if (isHotUpgradeSidecar(sidecar)) {
        const pair = hotUpgradePair(completed, sidecar, working);
        for (const container of pair.containers)
          built.containers.push({ container, policy: sidecar.podInjectPolicy });
        Object.assign(built.annotations, pair.annotations);
      } else {
        built.containers.push({ container: completed, policy: sidecar.podInjectPolicy });
      }
      injecting = true;
    }

    if (injecting) {
      const list = [...sidecarList].sort();
      const latestRevision = sidecarSet.status?.latestRevision || expectedLatestRevision(sidecarSet);
      const spec: SidecarSetUpgradeSpec = {
        updateTimestamp: at,
        hash: sidecarSetRevision(sidecarSet),
        sidecarSetName: name,
        sidecarList: list,
        ...(latestRevision ? { controllerRevision: latestRevision } : {}),
      };
      hashes[name] = spec;
      hashesWithoutImage[name] = {
        updateTimestamp: at,
        hash: sidecarSetRevisionWithoutImage(sidecarSet),
        sidecarSetName: name,
        sidecarList: list,
      };
    }
  }

  built.annotations[SIDECARSET_HASH_ANNOTATION] = formatUpgradeSpecs(hashes);
  built.annotations[SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION] = formatUpgradeSpecs(hashesWithoutImage);
  built.annotations[SIDECARSET_INJECTED_LIST_ANNOTATION] = formatInjectedList(names);
  return built;
}

export interface InjectOptions {
  /** The EnableSortSidecarContainerByName gate: injected containers sorted by name (stable) before the merge. */
  sortContainersByName?: boolean;
}

const byName = (a: InjectedContainer, b: InjectedContainer) =>
  a.container.name < b.container.name ? -1 : a.container.name > b.container.name ? 1 : 0;

/**
 * The pod after injecting `sidecarSets` (CREATE), or undefined when nothing changes. Throws when a pod
 * annotation or a MergePatchJson patch is unreadable (the webhook refuses such a pod, as Kruise does).
 */
export function injectSidecars(
  input: Pod,
  sidecarSets: readonly SidecarSet[],
  now: Date,
  options: InjectOptions = {},
): Pod | undefined {
  if (sidecarSets.length === 0 || !isActivePod(input)) return undefined;
  const pod = structuredClone(input);
  pod.metadata.annotations ??= {};
  let metadataChanged = false;
  for (const sidecarSet of sidecarSets) {
    if (patchPodMetadata(pod.metadata.annotations, sidecarSet.spec.patchPodMetadata)) metadataChanged = true;
  }
  const built = buildSidecars(pod, sidecarSets, now);
  if (built.containers.length === 0 && built.initContainers.length === 0) {
    return metadataChanged ? pod : undefined;
  }
  // Injected init containers are sorted by name (stable) before the merge.
  const inits = [...built.initContainers].sort(byName);
  const initContainers = mergeSidecarContainers(pod.spec.initContainers ?? [], inits);
  if (initContainers.length > 0) pod.spec.initContainers = initContainers;
  const containers = options.sortContainersByName ? [...built.containers].sort(byName) : built.containers;
  pod.spec.containers = mergeSidecarContainers(pod.spec.containers, containers);
  const volumes = mergeByName(pod.spec.volumes ?? [], built.volumes);
  if (volumes.length > 0) pod.spec.volumes = volumes;
  const secrets = mergeByName(pod.spec.imagePullSecrets ?? [], built.imagePullSecrets);
  if (secrets.length > 0) pod.spec.imagePullSecrets = secrets;
  Object.assign(pod.metadata.annotations, built.annotations);
  return pod;
}
