// The re-check of a pod/PVC delete on a freshly acquired partition: what the apiserver holds now decides
// whether the delete decided from the cache is sent.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type DeleteRecheckInput, type DeleteRecheckOutcome, decideDeleteRecheck } from '../../src/index.ts';

const pod = (
  name: string,
  claims: string[],
  extra: { phase?: string; deletionTimestamp?: unknown } = {},
) => ({
  name,
  claimNames: claims,
  ...extra,
});

const cases: Array<{
  name: string;
  input: DeleteRecheckInput;
  want: DeleteRecheckOutcome['proceed'] | string;
}> = [
  {
    name: 'pod still there with the uid decided on: proceed',
    input: { kind: 'Pod', name: 'web-1', expectedUid: 'u1', live: { uid: 'u1' } },
    want: true,
  },
  {
    name: 'pod gone: skip',
    input: { kind: 'Pod', name: 'web-1', expectedUid: 'u1', live: undefined },
    want: 'gone',
  },
  {
    name: 'pod recreated under the same name: skip',
    input: { kind: 'Pod', name: 'web-1', expectedUid: 'u1', live: { uid: 'u2' } },
    want: 'replaced',
  },
  {
    name: 'no uid precondition sent: existence is enough',
    input: { kind: 'Pod', name: 'web-1', expectedUid: undefined, live: { uid: 'u2' } },
    want: true,
  },
  {
    name: 'PVC unused by any pod: proceed',
    input: {
      kind: 'PersistentVolumeClaim',
      name: 'data-web-1',
      expectedUid: 'c1',
      live: { uid: 'c1' },
      pods: [pod('web-2', ['data-web-2'])],
    },
    want: true,
  },
  {
    name: 'PVC mounted by a live pod the cache lacks: skip',
    input: {
      kind: 'PersistentVolumeClaim',
      name: 'data-web-1',
      expectedUid: 'c1',
      live: { uid: 'c1' },
      pods: [pod('web-2', ['data-web-2']), pod('web-1', ['data-web-1'], { phase: 'Running' })],
    },
    want: 'mounted',
  },
  {
    name: 'PVC mounted only by a pod being deleted: proceed',
    input: {
      kind: 'PersistentVolumeClaim',
      name: 'data-web-1',
      expectedUid: 'c1',
      live: { uid: 'c1' },
      pods: [pod('web-1', ['data-web-1'], { deletionTimestamp: new Date(0) })],
    },
    want: true,
  },
  {
    name: 'PVC mounted only by a finished pod: proceed',
    input: {
      kind: 'PersistentVolumeClaim',
      name: 'data-web-1',
      expectedUid: 'c1',
      live: { uid: 'c1' },
      pods: [
        pod('web-1', ['data-web-1'], { phase: 'Succeeded' }),
        pod('web-0', ['data-web-1'], { phase: 'Failed' }),
      ],
    },
    want: true,
  },
  {
    name: 'PVC replaced: skip before looking at pods',
    input: {
      kind: 'PersistentVolumeClaim',
      name: 'data-web-1',
      expectedUid: 'c1',
      live: { uid: 'c9' },
      pods: [],
    },
    want: 'replaced',
  },
  {
    name: 'PVC gone: skip',
    input: { kind: 'PersistentVolumeClaim', name: 'data-web-1', expectedUid: 'c1', live: undefined },
    want: 'gone',
  },
  {
    name: 'a pod mounting a claim of the same name is what counts, not pods mounting others',
    input: {
      kind: 'PersistentVolumeClaim',
      name: 'data',
      expectedUid: 'c1',
      live: { uid: 'c1' },
      pods: [pod('a', ['data-0']), pod('b', ['other', 'data'])],
    },
    want: 'mounted',
  },
];

describe('decideDeleteRecheck', () => {
  for (const c of cases) {
    it(c.name, () => {
      const got = decideDeleteRecheck(c.input);
      if (c.want === true) assert.deepEqual(got, { proceed: true });
      else {
        assert.equal(got.proceed, false);
        assert.equal(got.proceed === false ? got.reason : undefined, c.want);
      }
    });
  }
});
