// Before creating pods on a freshly acquired partition, pods of ours the apiserver holds but the cache lacks
// mean the cache is behind (the previous owner's last creates): the scale waits (issue #12).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { podsNotCached } from '../../src/sync/pods-not-cached.ts';
import type { CloneSetPod } from '../../src/types.ts';

const CS_UID = 'cs-uid';
const pod = (name: string, o: { owner?: string; controller?: boolean } = {}): CloneSetPod =>
  ({
    metadata: {
      name,
      ownerReferences: [
        {
          apiVersion: 'apps.kruise.io/v1beta1',
          kind: 'CloneSet',
          name: 'web',
          uid: o.owner ?? CS_UID,
          controller: o.controller ?? true,
        },
      ],
    },
  }) as CloneSetPod;

describe('pods of a CloneSet the cache does not show yet', () => {
  const cases: Array<{ name: string; cached: string[]; live: CloneSetPod[]; want: string[] }> = [
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
      name: 'a pod the cache has that the apiserver deleted does not count',
      cached: ['web-a', 'web-gone'],
      live: [pod('web-a')],
      want: [],
    },
    {
      name: "another CloneSet's pod is not ours",
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
      const got = podsNotCached(CS_UID, new Set(c.cached), c.live).map((p) => p.metadata.name);
      assert.deepEqual(got, c.want);
    });
  }
});
