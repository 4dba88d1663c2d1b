// AdmissionReview (admission.k8s.io/v1 and v1beta1) read defensively: anything the apiserver would never send
// is a BadRequest the caller answers with HTTP 400, never an exception that crashes or hangs a request.
import type { FieldError } from '@kruise-ts/api';

export interface AdmissionRequest {
  uid: string;
  kind: { group: string; version: string; kind: string };
  resource?: { group: string; version: string; resource: string };
  subResource?: string;
  name?: string;
  namespace?: string;
  operation: 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';
  object?: unknown;
  oldObject?: unknown;
  dryRun?: boolean;
}

export interface StatusCause {
  reason: string;
  message: string;
  field: string;
}

export interface AdmissionResponse {
  uid: string;
  allowed: boolean;
  patchType?: 'JSONPatch';
  /** base64 of the JSON patch. */
  patch?: string;
  status?: {
    status?: 'Failure';
    code: number;
    reason?: string;
    message: string;
    details?: { causes: StatusCause[] };
  };
  warnings?: string[];
}

export interface AdmissionReview {
  apiVersion: string;
  kind: 'AdmissionReview';
  request?: AdmissionRequest;
  response?: AdmissionResponse;
}

export class BadRequest extends Error {
  override name = 'BadRequest';
}

const apiVersions = ['admission.k8s.io/v1', 'admission.k8s.io/v1beta1'];
const operations = ['CREATE', 'UPDATE', 'DELETE', 'CONNECT'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The request of an AdmissionReview body, with the review's apiVersion (echoed in the response). */
export function parseAdmissionReview(body: unknown): { apiVersion: string; request: AdmissionRequest } {
  if (!isObject(body)) throw new BadRequest('the body is not a JSON object');
  const apiVersion = body.apiVersion;
  if (typeof apiVersion !== 'string' || !apiVersions.includes(apiVersion)) {
    throw new BadRequest(
      `apiVersion must be one of ${apiVersions.join(', ')}, got ${JSON.stringify(apiVersion)}`,
    );
  }
  if (body.kind !== 'AdmissionReview')
    throw new BadRequest(`kind must be AdmissionReview, got ${JSON.stringify(body.kind)}`);
  const request = body.request;
  if (!isObject(request)) throw new BadRequest('request is missing');
  assertAdmissionRequest(request);
  return { apiVersion, request };
}

export function reviewResponse(apiVersion: string, response: AdmissionResponse): AdmissionReview {
  return { apiVersion, kind: 'AdmissionReview', response };
}

export function allowed(uid: string): AdmissionResponse {
  return { uid, allowed: true };
}

/** A denial as Kruise's admission.Errored(422, aggregate), plus the field causes the apiserver passes through. */
export function invalid(uid: string, errors: readonly FieldError[], message: string): AdmissionResponse {
  return {
    uid,
    allowed: false,
    status: {
      status: 'Failure',
      code: 422,
      reason: 'Invalid',
      message,
      details: { causes: errors.map((e) => ({ reason: e.type, message: e.message, field: e.path })) },
    },
  };
}

export function denied(uid: string, code: number, reason: string, message: string): AdmissionResponse {
  return { uid, allowed: false, status: { status: 'Failure', code, reason, message } };
}

/** The checks that make a decoded JSON object an AdmissionRequest; throws BadRequest otherwise. */
function assertAdmissionRequest(
  request: Record<string, unknown>,
): asserts request is Record<string, unknown> & AdmissionRequest {
  if (typeof request.uid !== 'string' || request.uid === '') throw new BadRequest('request.uid is missing');
  const kind = request.kind;
  if (
    !isObject(kind) ||
    typeof kind.kind !== 'string' ||
    typeof kind.version !== 'string' ||
    typeof kind.group !== 'string'
  ) {
    throw new BadRequest('request.kind must be {group, version, kind}');
  }
  if (typeof request.operation !== 'string' || !operations.includes(request.operation)) {
    throw new BadRequest(`request.operation must be one of ${operations.join(', ')}`);
  }
  for (const field of ['object', 'oldObject'] as const) {
    const value = request[field];
    if (value !== undefined && value !== null && !isObject(value))
      throw new BadRequest(`request.${field} is not an object`);
  }
}
