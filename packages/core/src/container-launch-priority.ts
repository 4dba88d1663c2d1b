// Container launch priority, as Kruise has it: the pod webhook gives each
// container of an ordered pod an env var read from a key of the pod's `<pod>-barrier` ConfigMap, so the kubelet
// cannot start a container until that key exists; a controller adds the keys highest priority first, one more each
// time the containers started so far are ready. This file holds the pure parts: the webhook's mutation
// (pkg/webhook/pod/mutating/container_launch_priority_initialization.go), the env/key helpers
// (pkg/util/containerlaunchpriority/container_launch_priority.go) and the controller's decisions
// (pkg/controller/containerlaunchpriority/container_launch_priority_controller.go). Names from
// apis/apps/pub/launch_priority.go. No I/O.
import type { Container, Pod } from './kube-types.ts';

type EnvVar = NonNullable<Container['env']>[number];

import { CONTAINERS_READY, getPodCondition } from './pod-readiness.ts';

/** Env a user sets on a container to give it a launch priority (higher starts first). */
export const CONTAINER_LAUNCH_PRIORITY_ENV = 'KRUISE_CONTAINER_PRIORITY';
/** Env the webhook appends: its value comes from the barrier ConfigMap key of the container's priority. */
export const CONTAINER_LAUNCH_BARRIER_ENV = 'KRUISE_CONTAINER_BARRIER';
/** Pod annotation; the value `Ordered` starts containers in their spec order. */
export const CONTAINER_LAUNCH_PRIORITY_ANNOTATION = 'apps.kruise.io/container-launch-priority';
export const CONTAINER_LAUNCH_ORDERED = 'Ordered';
/** Pod annotation the controller sets to "true" once every priority is in the barrier. */
export const CONTAINER_LAUNCH_PRIORITY_COMPLETED_ANNOTATION =
  'apps.kruise.io/container-launch-priority-completed';

/** The barrier ConfigMap's name (in the pod's namespace). */
export function launchBarrierName(podName: string): string {
  return `${podName}-barrier`;
}

/** The barrier ConfigMap key that releases containers of this priority. */
export function launchBarrierKey(priority: number): string {
  return `p_${priority}`;
}

/** The env the webhook appends to a container of that priority (GeneratePriorityEnv), in the JSON Go writes. */
export function launchBarrierEnv(priority: number, podName: string): EnvVar {
  return {
    name: CONTAINER_LAUNCH_BARRIER_ENV,
    valueFrom: { configMapKeyRef: { name: launchBarrierName(podName), key: launchBarrierKey(priority) } },
  };
}

/**
 * The priority a container's barrier env names, undefined without one. Kruise parses the key after its first two
 * characters and ignores a parse error (0); kept as before this moved here from @kruise-ts/inplace.
 */
export function containerLaunchPriority(container: Pick<Container, 'env'>): number | undefined {
  const env = container.env?.find((e) => e.name === CONTAINER_LAUNCH_BARRIER_ENV);
  if (env === undefined) return undefined;
  const key = env.valueFrom?.configMapKeyRef?.key;
  const n = Number.parseInt((typeof key === 'string' ? key : '').slice(2), 10);
  return Number.isNaN(n) ? 0 : n;
}

/** A KRUISE_CONTAINER_PRIORITY value that is not an integer; Kruise's webhook answers 500 with it. */
export class ContainerLaunchPriorityError extends Error {
  override name = 'ContainerLaunchPriorityError';
}

/** A random integer in [0, max). */
export type RandomInt = (max: number) => number;

const defaultRandomInt: RandomInt = (max) => Math.floor(Math.random() * max);

// k8s.io/apiserver/pkg/storage/names (SimpleNameGenerator) and k8s.io/apimachinery/pkg/util/rand (String).
const NAME_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
const MAX_GENERATED_BASE_LENGTH = 63 - 5;

/**
 * A name as the apiserver generates one from `generateName`: the base cut to 58 characters, then 5 random
 * characters of a vowel-free alphabet. (Go cuts bytes; generateName must be a DNS name, so ASCII, so the same.)
 */
export function generatedPodName(generateName: string, randomInt: RandomInt = defaultRandomInt): string {
  let name = generateName.slice(0, MAX_GENERATED_BASE_LENGTH);
  for (let i = 0; i < 5; i++) name += NAME_ALPHABET.charAt(randomInt(NAME_ALPHABET.length));
  return name;
}

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

/**
 * Go's strconv.Atoi: an optional sign, then ASCII decimal digits ("+5" → 5, "007" → 7, "-0" → 0); no spaces, no
 * "0x", no underscores, nothing empty. Go's int is 64-bit; beyond a JS safe integer is refused here too (a departure
 * no real priority reaches).
 */
function parseGoInt(value: string, field: string): number {
  if (!/^[+-]?[0-9]+$/.test(value)) {
    throw new ContainerLaunchPriorityError(`${field}: ${JSON.stringify(value)} is not an integer`);
  }
  const big = BigInt(value);
  if (big > INT64_MAX || big < INT64_MIN) {
    throw new ContainerLaunchPriorityError(`${field}: ${JSON.stringify(value)} is out of the integer range`);
  }
  const n = Number(big);
  if (!Number.isSafeInteger(n)) {
    throw new ContainerLaunchPriorityError(
      `${field}: ${JSON.stringify(value)} is out of the supported range (±${Number.MAX_SAFE_INTEGER})`,
    );
  }
  return n;
}

/**
 * Each container's KRUISE_CONTAINER_PRIORITY (0 without one; the last entry wins, every entry must parse — an
 * entry with valueFrom has the empty value, which does not), or undefined when they do not order anything: all 0
 * or all equal (getPriority).
 */
function priorityFromEnv(containers: readonly Container[]): number[] | undefined {
  let nonZero = false;
  const priorities = containers.map((c, i) => {
    let p = 0;
    (c.env ?? []).forEach((e, j) => {
      if (e.name !== CONTAINER_LAUNCH_PRIORITY_ENV) return;
      p = parseGoInt(e.value ?? '', `spec.containers[${i}].env[${j}].value`);
      if (p !== 0) nonZero = true;
    });
    return p;
  });
  if (!nonZero) return undefined;
  return priorities.every((p) => p === priorities[0]) ? undefined : priorities;
}

/**
 * The pod being created with launch-priority barrier envs, or undefined when it needs none: a single container,
 * or neither the `Ordered` annotation (priorities 0, -1, -2, … by index) nor KRUISE_CONTAINER_PRIORITY values that
 * differ. A pod with only generateName is named first so the barrier's name is known, as Kruise does. Throws
 * ContainerLaunchPriorityError for a priority that is not an integer. The input is not changed.
 */
export function withContainerLaunchPriority<P extends Pod>(
  pod: P,
  randomInt: RandomInt = defaultRandomInt,
): P | undefined {
  const containers = pod.spec?.containers ?? [];
  if (containers.length === 1) return undefined;
  const priorities =
    pod.metadata.annotations?.[CONTAINER_LAUNCH_PRIORITY_ANNOTATION] === CONTAINER_LAUNCH_ORDERED
      ? containers.map((_, i) => (i === 0 ? 0 : -i))
      : priorityFromEnv(containers);
  if (priorities === undefined) return undefined;

  let metadata = pod.metadata;
  if (!metadata.name && metadata.generateName) {
    metadata = { ...metadata, name: generatedPodName(metadata.generateName, randomInt) };
  }
  const podName = metadata.name ?? '';
  return {
    ...pod,
    metadata,
    spec: {
      ...pod.spec,
      containers: containers.map((c, i) => ({
        ...c,
        env: [...(c.env ?? []), launchBarrierEnv(priorities[i] ?? 0, podName)],
      })),
    },
  };
}

/**
 * findNextPriorities: the priorities of the containers not ready yet that have a barrier env, ascending (a
 * priority appears once per such container).
 */
export function nextLaunchPriorities(pod: Pod): number[] {
  const ready = new Set(
    (pod.status?.containerStatuses ?? []).filter((s) => s.ready === true).map((s) => s.name),
  );
  const priorities: number[] = [];
  for (const c of pod.spec?.containers ?? []) {
    if (ready.has(c.name)) continue;
    const p = containerLaunchPriority(c);
    if (p !== undefined) priorities.push(p);
  }
  return priorities.sort((a, b) => a - b);
}

const inBarrier = (data: Readonly<Record<string, string>> | undefined, priority: number): boolean =>
  data !== undefined && Object.hasOwn(data, launchBarrierKey(priority));

/**
 * shouldEnqueue: the pod has a barrier step to take — not marked completed, containers not all ready, containers
 * waiting, and the barrier (`barrierData`: the ConfigMap's data, undefined when it does not exist) lacks the key of
 * the highest waiting priority.
 */
export function launchBarrierNeeded(
  pod: Pod,
  barrierData: Readonly<Record<string, string>> | undefined,
): boolean {
  if (pod.metadata.annotations?.[CONTAINER_LAUNCH_PRIORITY_COMPLETED_ANNOTATION] === 'true') return false;
  if (getPodCondition(pod, CONTAINERS_READY)?.status === 'True') return false;
  const next = nextLaunchPriorities(pod);
  const highest = next.at(-1);
  if (highest === undefined) return false;
  if (barrierData === undefined) return true;
  return !inBarrier(barrierData, highest);
}

export interface LaunchBarrierStep {
  /** The key to add to the barrier (value "true"), if any. */
  addKey: string | undefined;
  /** Mark the pod with the completed annotation (after adding `addKey`). */
  complete: boolean;
}

/**
 * handle: with no container waiting, or the lowest waiting priority released already, the pod is complete;
 * otherwise release the highest waiting priority if it is not yet, and the pod is complete when that was the
 * lowest too. Kruise runs this once the barrier exists; undefined data is taken as an empty barrier.
 */
export function launchBarrierStep(
  pod: Pod,
  barrierData: Readonly<Record<string, string>> | undefined,
): LaunchBarrierStep {
  const next = nextLaunchPriorities(pod);
  const lowest = next[0];
  const highest = next.at(-1);
  if (lowest === undefined || highest === undefined || inBarrier(barrierData, lowest)) {
    return { addKey: undefined, complete: true };
  }
  return {
    addKey: inBarrier(barrierData, highest) ? undefined : launchBarrierKey(highest),
    complete: highest === lowest,
  };
}
