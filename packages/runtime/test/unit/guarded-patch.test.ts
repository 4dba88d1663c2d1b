import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConflictError, guardedJsonPatch, InvalidError, isLostPatchTest } from '../../src/index.ts';

const pod = (labels: Record<string, string>, image: string) => ({
  metadata: { name: 'web-0', uid: 'u1', resourceVersion: '7', labels },
  spec: { containers: [{ name: 'main', image }] },
});

describe('guardedJsonPatch', () => {
  const cases = [
    {
      name: 'nothing changed: no patch at all',
      from: pod({ app: 'web' }, 'nginx:1'),
      to: pod({ app: 'web' }, 'nginx:1'),
      ops: [],
    },
    {
      name: 'a replaced value is tested first, after the uid',
      from: pod({ app: 'web' }, 'nginx:1'),
      to: pod({ app: 'web' }, 'nginx:2'),
      ops: [
        { op: 'test', path: '/metadata/uid', value: 'u1' },
        { op: 'test', path: '/spec/containers/0/image', value: 'nginx:1' },
        { op: 'replace', path: '/spec/containers/0/image', value: 'nginx:2' },
      ],
    },
    {
      name: 'an added key is added untested; a removed one tested; keys with / escaped',
      from: pod({ app: 'web', 'apps.kruise.io/old': 'x' }, 'nginx:1'),
      to: pod({ app: 'web', 'controller-revision-hash': 'r2' }, 'nginx:1'),
      ops: [
        { op: 'test', path: '/metadata/uid', value: 'u1' },
        { op: 'test', path: '/metadata/labels/apps.kruise.io~1old', value: 'x' },
        { op: 'remove', path: '/metadata/labels/apps.kruise.io~1old' },
        { op: 'add', path: '/metadata/labels/controller-revision-hash', value: 'r2' },
      ],
    },
  ];
  for (const c of cases)
    test(c.name, () => {
      assert.deepEqual(guardedJsonPatch(c.from, c.to), c.ops);
    });

  test('an object without a uid is patched without the identity test', () => {
    const from: { metadata: { name?: string; uid?: string } } = { metadata: {} };
    assert.deepEqual(guardedJsonPatch(from, { metadata: { name: 'n' } }), [
      { op: 'add', path: '/metadata/name', value: 'n' },
    ]);
  });
});

describe('isLostPatchTest', () => {
  const invalid = (message: string, causes: { field: string }[] = []) =>
    new InvalidError({ code: 422, status: { reason: 'Invalid', message, details: { causes } } });
  const cases: { name: string; err: unknown; lost: boolean }[] = [
    {
      name: 'a failed test, as the apiserver answers it',
      err: invalid('the server rejected our request due to an error in our request'),
      lost: true,
    },
    {
      name: 'a failed test, named',
      err: invalid('testing value /metadata/uid failed: test failed'),
      lost: true,
    },
    {
      name: 'a path gone',
      err: invalid('test operation does not apply: is missing path: /metadata/labels/x: missing value'),
      lost: true,
    },
    {
      name: 'validation of the result',
      err: invalid('ConfigMap "x" is invalid: metadata.labels: Invalid value', [
        { field: 'metadata.labels' },
      ]),
      lost: false,
    },
    { name: 'a 409 is not a patch test', err: new ConflictError({ code: 409 }), lost: false },
    {
      name: 'not a kube error',
      err: new Error('the server rejected our request due to an error in our request'),
      lost: false,
    },
  ];
  for (const c of cases)
    test(c.name, () => {
      assert.equal(isLostPatchTest(c.err), c.lost);
    });
});
