// The pod mutating webhook entry point (/mutate-pod) when the server runs without a bus (no SidecarSet cache):
// a pod being created gets the KruisePodReady readiness gate Kruise's pod webhook gives, when the settings say so,
// then the container launch priority barriers (KRUISE_TS_CONTAINER_LAUNCH_PRIORITY).
// With a bus, SidecarSet injection (sidecarset/injector.ts) answers instead, with the same gate and barriers.
import {
  ContainerLaunchPriorityError,
  type KruisePodReadyGateScope,
  type Pod,
  withContainerLaunchPriority,
  withKruisePodReadyGate,
} from '@kruise-ts/core';
import type { Logger } from '@kruise-ts/telemetry';
import { jsonPatchResponse } from './patch-response.ts';
import { type AdmissionRequest, type AdmissionResponse, allowed, denied } from './review.ts';

export interface PodMutatorOptions {
  /** Give pods that ask for it the launch-priority barrier env (off by default). */
  containerLaunchPriority?: boolean;
  /** For the warning when a pod's launch priority is refused. */
  logger?: Logger;
  /** Picks the characters of a name generated from generateName (Math.random by default). */
  random?: () => number;
}

/**
 * `pod` with the launch-priority barriers when `enabled` (the pod itself when it needs none); throws
 * ContainerLaunchPriorityError for a priority that is not an integer.
 */
export function withLaunchPriorityIfEnabled<P extends Pod>(
  pod: P,
  enabled: boolean | undefined,
  random: () => number = Math.random,
): P {
  if (enabled !== true) return pod;
  return withContainerLaunchPriority(pod, (max) => Math.floor(random() * max)) ?? pod;
}

/**
 * The denial of a pod whose KRUISE_CONTAINER_PRIORITY is not an integer: Kruise's webhook answers 500 with the
 * parse error (pkg/webhook/pod/mutating/pod_create_update_handler.go); here the message names the field.
 */
export function launchPriorityDenied(
  uid: string,
  err: ContainerLaunchPriorityError,
  pod: Pod,
  namespace: string | undefined,
  logger: Logger | undefined,
): AdmissionResponse {
  logger?.warn(
    { namespace, pod: pod.metadata.name || pod.metadata.generateName, reason: err.message },
    'pod refused: bad container launch priority',
  );
  return denied(uid, 500, 'InternalError', `container launch priority: ${err.message}`);
}

/** The mutation without SidecarSets: the KruisePodReady gate for the pods `scope` names, then launch priority. */
export function podReadinessGateMutator(
  scope: KruisePodReadyGateScope,
  o: PodMutatorOptions = {},
): (request: AdmissionRequest) => AdmissionResponse {
  return (request) => {
    if (request.operation !== 'CREATE' || (request.subResource ?? '') !== '' || request.kind.kind !== 'Pod')
      return allowed(request.uid);
    const pod = request.object as Pod | undefined;
    if (pod?.metadata === undefined) return allowed(request.uid);
    const gated = withKruisePodReadyGate(pod, scope) ?? pod;
    let mutated: Pod;
    try {
      mutated = withLaunchPriorityIfEnabled(gated, o.containerLaunchPriority, o.random);
    } catch (err) {
      if (!(err instanceof ContainerLaunchPriorityError)) throw err;
      return launchPriorityDenied(
        request.uid,
        err,
        pod,
        pod.metadata.namespace || request.namespace,
        o.logger,
      );
    }
    return mutated === pod ? allowed(request.uid) : jsonPatchResponse(request.uid, pod, mutated);
  };
}

export const mutatePod = podReadinessGateMutator('none');
