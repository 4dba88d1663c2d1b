// The answer to an admission that changed the object: a JSON patch from what was sent to what is admitted.
import fastJsonPatch from 'fast-json-patch';
import { type AdmissionResponse, allowed } from './review.ts';

export function jsonPatchResponse(uid: string, original: object, changed: object): AdmissionResponse {
  // Through JSON, so undefined members (never sent) do not become "add" operations.
  const ops = fastJsonPatch.compare(original, JSON.parse(JSON.stringify(changed)) as object);
  if (ops.length === 0) return allowed(uid);
  return {
    uid,
    allowed: true,
    patchType: 'JSONPatch',
    patch: Buffer.from(JSON.stringify(ops)).toString('base64'),
  };
}
