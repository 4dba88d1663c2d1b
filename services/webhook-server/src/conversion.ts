// CRD conversion webhook (/convert): ConversionReview apiextensions.k8s.io/v1 (and v1beta1), every object
// converted by @kruise-ts/api's lossless convertObject. A request without a uid cannot be answered in-band and is
// a BadRequest (HTTP 400); a conversion that fails is a Failure result naming the object.
import { ConversionError, convertObject, type KruiseObject } from '@kruise-ts/api';
import { BadRequest } from './admission/review.ts';

export interface ConversionReview {
  apiVersion: string;
  kind: 'ConversionReview';
  response: {
    uid: string;
    convertedObjects: unknown[];
    result: { status: 'Success' | 'Failure'; message?: string };
  };
}

const apiVersions = ['apiextensions.k8s.io/v1', 'apiextensions.k8s.io/v1beta1'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function convertReview(body: unknown): ConversionReview {
  if (!isObject(body)) throw new BadRequest('the body is not a JSON object');
  const { apiVersion } = body;
  if (typeof apiVersion !== 'string' || !apiVersions.includes(apiVersion)) {
    throw new BadRequest(
      `apiVersion must be one of ${apiVersions.join(', ')}, got ${JSON.stringify(apiVersion)}`,
    );
  }
  if (body.kind !== 'ConversionReview')
    throw new BadRequest(`kind must be ConversionReview, got ${JSON.stringify(body.kind)}`);
  const request = body.request;
  if (!isObject(request)) throw new BadRequest('request is missing');
  if (typeof request.uid !== 'string' || request.uid === '') throw new BadRequest('request.uid is missing');
  const uid = request.uid;
  const failure = (message: string): ConversionReview => ({
    apiVersion,
    kind: 'ConversionReview',
    response: { uid, convertedObjects: [], result: { status: 'Failure', message } },
  });
  if (typeof request.desiredAPIVersion !== 'string') return failure('request.desiredAPIVersion is missing');
  if (!Array.isArray(request.objects)) return failure('request.objects is not a list');
  const converted: unknown[] = [];
  for (const [i, obj] of request.objects.entries()) {
    if (!isObject(obj) || typeof obj.apiVersion !== 'string' || typeof obj.kind !== 'string') {
      return failure(`objects[${i}] is not a Kubernetes object`);
    }
    try {
      converted.push(convertObject(obj as KruiseObject, request.desiredAPIVersion));
    } catch (err) {
      const meta = isObject(obj.metadata) ? obj.metadata : {};
      const name = `${String(meta.namespace ?? '')}/${String(meta.name ?? '')}`;
      const detail = err instanceof ConversionError || err instanceof Error ? err.message : String(err);
      return failure(`cannot convert ${obj.kind} ${name} to ${request.desiredAPIVersion}: ${detail}`);
    }
  }
  return {
    apiVersion,
    kind: 'ConversionReview',
    response: { uid, convertedObjects: converted, result: { status: 'Success' } },
  };
}
