// The pod mutating webhook entry point (/mutate-pod) when the server runs without a bus (no SidecarSet cache):
// a pod being created gets only the KruisePodReady readiness gate Kruise's pod webhook gives, when the settings say so.
// With a bus, SidecarSet injection (sidecarset/injector.ts) answers instead, after the same gate.
import { type KruisePodReadyGateScope, type Pod, withKruisePodReadyGate } from '@kruise-ts/core';
import { jsonPatchResponse } from './patch-response.ts';
import { type AdmissionRequest, type AdmissionResponse, allowed } from './review.ts';

/** The mutation without SidecarSets: the KruisePodReady gate for the pods `scope` names. */
export function podReadinessGateMutator(
  scope: KruisePodReadyGateScope,
): (request: AdmissionRequest) => AdmissionResponse {
  return (request) => {
    if (request.operation !== 'CREATE' || (request.subResource ?? '') !== '' || request.kind.kind !== 'Pod')
      return allowed(request.uid);
    const pod = request.object as Pod | undefined;
    if (pod?.metadata === undefined) return allowed(request.uid);
    const gated = withKruisePodReadyGate(pod, scope);
    return gated === undefined ? allowed(request.uid) : jsonPatchResponse(request.uid, pod, gated);
  };
}

export const mutatePod = podReadinessGateMutator('none');
