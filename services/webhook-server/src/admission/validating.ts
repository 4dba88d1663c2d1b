// Validating webhook: field errors from @kruise-ts/api become a 422 Invalid denial naming each field; DELETE is
// checked against deletion protection with the stored object. Objects validation needs from the apiserver are
// read first (kinds.ts `lookup`); when they cannot be read the request is denied, never admitted unchecked.
import { aggregateMessage, type Version, versions } from '@kruise-ts/api';
import type { ServedKind, ValidationContext } from '../kinds.ts';
import type { ClusterReader } from './cluster-reader.ts';
import { type AdmissionRequest, type AdmissionResponse, allowed, denied, invalid } from './review.ts';

export async function validate(
  kind: ServedKind,
  request: AdmissionRequest,
  context: ValidationContext = {},
  reader?: ClusterReader,
): Promise<AdmissionResponse> {
  const { uid } = request;
  const version = request.kind.version as Version;
  if (!versions.includes(version))
    return denied(uid, 400, 'BadRequest', `unsupported version ${request.kind.version}`);
  if (request.operation === 'DELETE') {
    if (kind.deletionError === undefined || !request.oldObject) return allowed(uid);
    const reason = safely(() => kind.deletionError?.(request.oldObject));
    if (reason instanceof Error) return allowed(uid);
    return reason === undefined ? allowed(uid) : denied(uid, 403, 'Forbidden', reason);
  }
  if (request.operation !== 'CREATE' && request.operation !== 'UPDATE') return allowed(uid);
  if (!request.object) return denied(uid, 400, 'BadRequest', `${request.operation} without an object`);
  const old = request.operation === 'UPDATE' ? (request.oldObject ?? undefined) : undefined;
  let read: ValidationContext = {};
  if (reader !== undefined && kind.lookup !== undefined) {
    try {
      read = await kind.lookup(request.object, old, reader, context);
    } catch (err) {
      // Kruise answers an apiserver failure during validation with an error too (admission.Errored).
      return denied(uid, 500, 'InternalError', `cannot validate ${kind.kind}: ${(err as Error).message}`);
    }
  }
  const all = { ...context, ...read };
  const errors = safely(() => kind.validate(request.object, version, old, all));
  if (errors instanceof Error) {
    return denied(uid, 400, 'BadRequest', `cannot validate ${kind.kind}: ${errors.message}`);
  }
  if (errors.length === 0) return allowed(uid);
  return invalid(uid, errors, aggregateMessage(errors));
}

function safely<T>(run: () => T): T | Error {
  try {
    return run();
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}
