// Deletes carry the uid (and, when asked, resourceVersion) of the object decided on; a failed precondition
// reads as "gone".
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ConflictError,
  deleteExactly,
  exactDeleteBody,
  isDeleteTargetGone,
  kubeErrorFromStatus,
  NotFoundError,
} from '../../src/index.ts';

const obj = { metadata: { name: 'r-1', namespace: 'ns', uid: 'u-1', resourceVersion: '42' } };
const preconditionFailed = kubeErrorFromStatus({
  code: 409,
  status: {
    reason: 'Conflict',
    message:
      'Operation cannot be fulfilled on controllerrevisions.apps "r-1": Precondition failed: UID in precondition: u-1, UID in object meta: u-2',
  },
});

describe('exactDeleteBody', () => {
  const rows: { name: string; options?: Parameters<typeof exactDeleteBody>[1]; want: object }[] = [
    { name: 'uid only by default', want: { preconditions: { uid: 'u-1' } } },
    {
      name: 'uid and resourceVersion when asked',
      options: { resourceVersion: true },
      want: { preconditions: { uid: 'u-1', resourceVersion: '42' } },
    },
    {
      name: 'propagation policy kept',
      options: { propagationPolicy: 'Background' },
      want: { preconditions: { uid: 'u-1' }, propagationPolicy: 'Background' },
    },
  ];
  for (const row of rows) {
    it(row.name, () => assert.deepEqual(exactDeleteBody(obj, row.options), row.want));
  }
  it('refuses an object without a uid (a decision must come from an observed object)', () => {
    assert.throws(() => exactDeleteBody({ metadata: { name: 'x' } }), /without a uid/);
  });
  it('refuses a resourceVersion precondition without a resourceVersion', () => {
    assert.throws(() => exactDeleteBody({ metadata: { name: 'x', uid: 'u' } }, { resourceVersion: true }));
  });
});

describe('deleteExactly', () => {
  it('true when the delete went through, with the preconditions in the body', async () => {
    const bodies: unknown[] = [];
    assert.equal(await deleteExactly(obj, async (b) => bodies.push(b), { resourceVersion: true }), true);
    assert.deepEqual(bodies, [{ preconditions: { uid: 'u-1', resourceVersion: '42' } }]);
  });
  it('false on 404 and on a failed precondition (the object decided on is gone)', async () => {
    const notFound = kubeErrorFromStatus({ code: 404, status: { reason: 'NotFound', message: 'nope' } });
    assert.ok(notFound instanceof NotFoundError);
    assert.equal(await deleteExactly(obj, () => Promise.reject(notFound)), false);
    assert.ok(preconditionFailed instanceof ConflictError);
    assert.equal(await deleteExactly(obj, () => Promise.reject(preconditionFailed)), false);
  });
  it('throws other errors, including other conflicts', async () => {
    const other = kubeErrorFromStatus({
      code: 409,
      status: { reason: 'Conflict', message: 'the object has been modified' },
    });
    assert.equal(isDeleteTargetGone(other), false);
    await assert.rejects(
      deleteExactly(obj, () => Promise.reject(other)),
      ConflictError,
    );
    await assert.rejects(
      deleteExactly(obj, () => Promise.reject(new Error('boom'))),
      /boom/,
    );
  });
});
