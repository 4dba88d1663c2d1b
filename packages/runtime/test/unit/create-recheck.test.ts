// Before creating on a freshly acquired partition, objects of ours the apiserver holds but the cache lacks
// mean the cache is behind (the previous owner's last creates): the creates wait (issue #12).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { controlledNotCached } from '../../src/kube/create-recheck.ts';

const OWNER = 'owner-uid';
const pod = (name: string, o: { owner?: string; controller?: boolean } = {}) => ({
  metadata: { name, ownerReferences: [{ uid: o.owner ?? OWNER, controller: o.controller ?? true }] },
});

describe('objects of an owner the cache does not show yet', () => {
  const cases: Array<{ name: string; cached: string[]; live: ReturnType<typeof pod>[]; want: string[] }> = [
    {
      name: 'cache and apiserver agree',
      cached: ['web-a', 'web-b'],
      live: [pod('web-a'), pod('web-b')],
      want: [],
    },
    {
      name: 'the previous owner created one more',
      cached: ['web-a'],
      live: [pod('web-a'), pod('web-b')],
      want: ['web-b'],
    },
    {
      name: 'one the cache has that the apiserver deleted does not count',
      cached: ['web-a', 'web-gone'],
      live: [pod('web-a')],
      want: [],
    },
    {
      name: "another owner's object is not ours",
      cached: [],
      live: [pod('web-x', { owner: 'other' })],
      want: [],
    },
    {
      name: 'a non-controller reference is not ownership',
      cached: [],
      live: [pod('web-x', { controller: false })],
      want: [],
    },
    { name: 'nothing live', cached: ['web-a'], live: [], want: [] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const got = controlledNotCached(OWNER, new Set(c.cached), c.live).map((p) => p.metadata.name);
      assert.deepEqual(got, c.want);
    });
  }
});
