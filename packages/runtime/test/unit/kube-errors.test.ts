import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiException } from '@kubernetes/client-node';
import {
  AlreadyExistsError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  GoneError,
  InternalError,
  InvalidError,
  KubeApiError,
  NotFoundError,
  ServerTimeoutError,
  ServiceUnavailableError,
  TooManyRequestsError,
  toKubeError,
  UnauthorizedError,
} from '../../src/index.ts';

function exception(code: number, body: unknown, headers: Record<string, string> = {}) {
  return new ApiException(
    code,
    'Unknown API Status Code!',
    typeof body === 'string' ? body : JSON.stringify(body),
    headers,
  );
}

const status = (code: number, reason: string, extra: Record<string, unknown> = {}) => ({
  kind: 'Status',
  apiVersion: 'v1',
  status: 'Failure',
  message: `${reason} happened`,
  reason,
  code,
  ...extra,
});

describe('toKubeError', () => {
  test('maps the Status reason, then the code, to a typed error that keeps the exception as cause', () => {
    const cases: [number, string, new (...a: never[]) => KubeApiError][] = [
      [400, 'BadRequest', BadRequestError],
      [401, 'Unauthorized', UnauthorizedError],
      [403, 'Forbidden', ForbiddenError],
      [404, 'NotFound', NotFoundError],
      [409, 'Conflict', ConflictError],
      [409, 'AlreadyExists', AlreadyExistsError],
      [410, 'Expired', GoneError],
      [410, 'Gone', GoneError],
      [422, 'Invalid', InvalidError],
      [429, 'TooManyRequests', TooManyRequestsError],
      [500, 'InternalError', InternalError],
      [503, 'ServiceUnavailable', ServiceUnavailableError],
      [504, 'Timeout', ServerTimeoutError],
      [500, 'ServerTimeout', ServerTimeoutError],
    ];
    for (const [code, reason, ErrorClass] of cases) {
      const cause = exception(code, status(code, reason));
      const err = toKubeError(cause, 'get configmaps ns/x');
      assert.ok(err instanceof ErrorClass, `${code} ${reason} → ${String(err)}`);
      assert.ok(err instanceof KubeApiError);
      assert.equal(err.code, code);
      assert.equal(err.reason, reason);
      assert.equal(err.cause, cause);
      assert.equal(err.name, ErrorClass.name);
      assert.equal(err.message, `get configmaps ns/x: ${reason} happened`);
    }
  });

  test('without a Status body the HTTP code decides', () => {
    assert.ok(toKubeError(exception(404, '')) instanceof NotFoundError);
    assert.ok(toKubeError(exception(409, 'not json')) instanceof ConflictError);
    const unknown = toKubeError(exception(418, 'teapot'));
    assert.ok(unknown instanceof KubeApiError && unknown.constructor === KubeApiError);
    assert.equal(unknown.message, 'teapot');
    const unauthorized = toKubeError(new ApiException(401, 'Unauthorized', undefined, {}));
    assert.ok(unauthorized instanceof UnauthorizedError);
    assert.equal(unauthorized.message, 'HTTP 401');
  });

  test('InvalidError carries the causes and their field paths', () => {
    const err = toKubeError(
      exception(
        422,
        status(422, 'Invalid', {
          details: {
            name: 'Bad',
            kind: 'ConfigMap',
            causes: [
              { reason: 'FieldValueInvalid', message: 'Invalid value: "Bad"', field: 'metadata.name' },
              { reason: 'FieldValueRequired', message: 'Required value', field: 'spec.template' },
              { reason: 'Other', message: 'no field' },
            ],
          },
        }),
      ),
    );
    assert.ok(err instanceof InvalidError);
    assert.deepEqual(err.fields, ['metadata.name', 'spec.template']);
    assert.equal(err.causes.length, 3);
    assert.equal(err.status?.details?.kind, 'ConfigMap');
  });

  test('TooManyRequestsError reads retry-after from the Status or the header', () => {
    const fromStatus = toKubeError(
      exception(429, status(429, 'TooManyRequests', { details: { retryAfterSeconds: 3 } })),
    );
    assert.ok(fromStatus instanceof TooManyRequestsError);
    assert.equal(fromStatus.retryAfterSeconds, 3);
    const fromHeader = toKubeError(exception(429, '', { 'retry-after': '7' }));
    assert.ok(fromHeader instanceof TooManyRequestsError);
    assert.equal(fromHeader.retryAfterSeconds, 7);
  });

  test('other errors pass through unchanged; typed errors are not wrapped twice', () => {
    const network = new TypeError('fetch failed');
    assert.equal(toKubeError(network), network);
    const typed = toKubeError(exception(404, ''));
    assert.equal(toKubeError(typed), typed);
  });
});
