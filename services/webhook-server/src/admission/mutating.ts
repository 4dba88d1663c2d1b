// Defaulting webhook: default a copy with @kruise-ts/api, answer with the RFC 6902 patch from the request's object
// to the defaulted one (none when nothing changed). Template defaults are injected on CREATE, and on UPDATE only
// when the template changed (Kruise's mutating handlers).

import { type DefaultingOptions, shouldInjectTemplateDefaults, type Version, versions } from '@kruise-ts/api';
import { plain } from '@kruise-ts/kube';
import type { ServedKind } from '../kinds.ts';
import { jsonPatchResponse } from './patch-response.ts';
import { type AdmissionRequest, type AdmissionResponse, allowed, denied } from './review.ts';

/** JSON as the apiserver would serialise it: no undefined members. */

export function mutate(
  kind: ServedKind,
  request: AdmissionRequest,
  features?: DefaultingOptions['features'],
): AdmissionResponse {
  const { uid } = request;
  if (request.operation !== 'CREATE' && request.operation !== 'UPDATE') return allowed(uid);
  const version = request.kind.version as Version;
  if (!versions.includes(version))
    return denied(uid, 400, 'BadRequest', `unsupported version ${request.kind.version}`);
  if (request.object === undefined || request.object === null) {
    return denied(uid, 400, 'BadRequest', `${request.operation} without an object`);
  }
  const original = plain(request.object);
  let defaulted: unknown;
  try {
    const inject = shouldInjectTemplateDefaults({
      operation: request.operation,
      template: kind.templateOf(original),
      oldTemplate: request.oldObject ? kind.templateOf(request.oldObject) : undefined,
    });
    defaulted = plain(
      kind.defaults(structuredClone(original), version, {
        injectTemplateDefaults: inject,
        ...(features === undefined ? {} : { features }),
      }),
    );
  } catch (err) {
    // The object does not have the shape its kind requires (e.g. spec missing): say so instead of failing hard.
    return denied(uid, 400, 'BadRequest', `cannot default ${kind.kind}: ${(err as Error).message}`);
  }
  return jsonPatchResponse(uid, original as object, defaulted as object);
}
