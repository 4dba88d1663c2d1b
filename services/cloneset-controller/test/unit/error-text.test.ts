// Failed writes read as the apiserver's own message in FailedCreate Events and the FailedScale condition, as in
// Kruise's pkg/controller/cloneset/sync/cloneset_scale.go createPods (no Kruise unit test asserts the text; its
// e2e test/e2e/apps/cloneset.go reads the condition).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InvalidError } from '@kruise-ts/runtime';
import { errorText } from '../../src/controller/error-text.ts';

describe('errorText', () => {
  it('an apiserver error: its Status message, without the request description', () => {
    const message = 'PersistentVolumeClaim "data-cs-abc" is invalid: spec.resources[storage]: Required value';
    const err = new InvalidError({
      code: 422,
      operation: 'create persistentvolumeclaims ns/data-cs-abc',
      status: { kind: 'Status', status: 'Failure', reason: 'Invalid', code: 422, message },
    });
    assert.match(err.message, /^create persistentvolumeclaims/);
    assert.equal(errorText(err), message);
  });
  it('an apiserver error without a message, any other error, a non-error', () => {
    assert.equal(
      errorText(new InvalidError({ code: 422, operation: 'create pods ns/p' })),
      'create pods ns/p: HTTP 422',
    );
    assert.equal(errorText(new Error('fenced')), 'fenced');
    assert.equal(errorText('boom'), 'boom');
  });
});
