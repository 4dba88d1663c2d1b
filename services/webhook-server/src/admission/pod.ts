// The pod mutating webhook entry point (/mutate-pod) when the server runs without a bus (no SidecarSet cache):
// every pod the webhook configuration lets through is admitted unchanged. With a bus, SidecarSet injection
// (sidecarset/injector.ts) answers instead.
import { type AdmissionRequest, type AdmissionResponse, allowed } from './review.ts';

export function mutatePod(request: AdmissionRequest): AdmissionResponse {
  return allowed(request.uid);
}
