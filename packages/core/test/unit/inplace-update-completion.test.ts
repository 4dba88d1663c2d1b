import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  checkInPlaceUpdateCompleted,
  expectedStatusImage,
  isVerticalUpdateCompleted,
} from '../../src/inplace-update-completion.ts';
import {
  INPLACE_UPDATE_GRACE_KEY,
  INPLACE_UPDATE_STATE_KEY,
  INPLACE_UPDATE_STATE_KEY_OLD,
  RUNTIME_CONTAINER_META_KEY,
} from '../../src/inplace-update-state.ts';
import type { ContainerStatus, Pod } from '../../src/kube-types.ts';

const STATE_C1_IMG01 = '{"revision":"new-revision","lastContainerStatuses":{"c1":{"imageID":"img01"}}}';

function pod(
  annotations: Record<string, string>,
  statuses: ContainerStatus[],
  images: Record<string, string> = {},
): Pod {
  return {
    metadata: { name: 'p', annotations },
    spec: { containers: Object.entries(images).map(([name, image]) => ({ name, image })) },
    status: { containerStatuses: statuses },
  };
}

const status = (name: string, imageID: string, image = ''): ContainerStatus => ({ name, imageID, image });

describe('expectedStatusImage (docs/behaviour/cloneset.md#in-place-procedure step 3: ":latest" when the image has no ":")', () => {
  const cases: ReadonlyArray<readonly [string, string]> = [
    ['nginx', 'nginx:latest'],
    ['nginx:1.25', 'nginx:1.25'],
    ['registry.example.com/app', 'registry.example.com/app:latest'],
    // Any colon counts, even a registry port: Kruise checks for ":" anywhere, not for a tag.
    ['registry:5000/app', 'registry:5000/app'],
    ['app@sha256:abc', 'app@sha256:abc'],
    ['', ':latest'],
  ];
  for (const [image, want] of cases)
    it(`${JSON.stringify(image)} → ${want}`, () => assert.equal(expectedStatusImage(image), want));
});

describe('checkInPlaceUpdateCompleted (docs/behaviour/cloneset.md#in-place-procedure step 3; Kruise TestCheckInPlaceUpdateCompleted)', () => {
  const cases: ReadonlyArray<readonly [string, Pod, boolean, string?]> = [
    ['no in-place state at all', pod({}, []), true],
    ['imageID changed', pod({ [INPLACE_UPDATE_STATE_KEY]: STATE_C1_IMG01 }, [status('c1', 'img02')]), true],
    [
      'imageID unchanged and status image differs from spec',
      pod({ [INPLACE_UPDATE_STATE_KEY]: STATE_C1_IMG01 }, [status('c1', 'img01', 'image01')], {
        c1: 'image02',
      }),
      false,
      'container c1 imageID not changed',
    ],
    [
      'imageID unchanged but status already shows the spec image (same-imageID update)',
      pod({ [INPLACE_UPDATE_STATE_KEY]: STATE_C1_IMG01 }, [status('c1', 'img01', 'nginx:2')], {
        c1: 'nginx:2',
      }),
      true,
    ],
    [
      'spec image without tag matches status image with :latest',
      pod({ [INPLACE_UPDATE_STATE_KEY]: STATE_C1_IMG01 }, [status('c1', 'img01', 'nginx:latest')], {
        c1: 'nginx',
      }),
      true,
    ],
    [
      'spec image without tag does not match an untagged status image',
      pod({ [INPLACE_UPDATE_STATE_KEY]: STATE_C1_IMG01 }, [status('c1', 'img01', 'nginx')], { c1: 'nginx' }),
      false,
    ],
    [
      'recorded container missing from the statuses',
      pod({ [INPLACE_UPDATE_STATE_KEY]: STATE_C1_IMG01 }, []),
      false,
      'not found statuses of containers c1',
    ],
    [
      'statuses of unrecorded containers are ignored',
      pod(
        { [INPLACE_UPDATE_STATE_KEY]: STATE_C1_IMG01 },
        [status('c1', 'img02'), status('c2', 'same', 'x')],
        { c2: 'y' },
      ),
      true,
    ],
    [
      'old annotation key is read',
      pod({ [INPLACE_UPDATE_STATE_KEY_OLD]: STATE_C1_IMG01 }, [status('c1', 'img02')]),
      true,
    ],
    [
      'grace period pending',
      pod({ [INPLACE_UPDATE_GRACE_KEY]: '{}', [INPLACE_UPDATE_STATE_KEY]: STATE_C1_IMG01 }, [
        status('c1', 'img02'),
      ]),
      false,
      'still in grace period of in-place update',
    ],
    [
      'grace period pending even without state',
      pod({ [INPLACE_UPDATE_GRACE_KEY]: '{}' }, []),
      false,
      'still in grace period of in-place update',
    ],
    [
      'next container batch pending',
      pod(
        {
          [INPLACE_UPDATE_STATE_KEY]:
            '{"revision":"r","lastContainerStatuses":{},"nextContainerImages":{"c2":"x"}}',
        },
        [],
      ),
      false,
      'existing containers to in-place update in next batches',
    ],
    [
      'empty next batch maps do not block',
      pod(
        {
          [INPLACE_UPDATE_STATE_KEY]: '{"revision":"r","lastContainerStatuses":{},"nextContainerImages":{}}',
        },
        [],
      ),
      true,
    ],
    [
      'grace-period state (lastContainerStatuses null) completes',
      pod({ [INPLACE_UPDATE_STATE_KEY]: '{"revision":"r","lastContainerStatuses":null}' }, []),
      true,
    ],
    ['malformed state', pod({ [INPLACE_UPDATE_STATE_KEY]: '{' }, []), false],
    [
      'env-from-metadata update without kruise-daemon never completes',
      pod(
        {
          [INPLACE_UPDATE_STATE_KEY]:
            '{"revision":"r","lastContainerStatuses":{},"updateEnvFromMetadata":true}',
        },
        [],
      ),
      false,
      'waiting for all containers hash consistent, but runtime-container-meta not found',
    ],
    [
      'env-from-metadata with runtime meta but no hash checker',
      pod(
        {
          [INPLACE_UPDATE_STATE_KEY]:
            '{"revision":"r","lastContainerStatuses":{},"updateEnvFromMetadata":true}',
          [RUNTIME_CONTAINER_META_KEY]: '{"containers":[]}',
        },
        [],
      ),
      false,
      'waiting for all containers hash consistent',
    ],
    [
      'malformed runtime meta',
      pod({ [INPLACE_UPDATE_STATE_KEY]: STATE_C1_IMG01, [RUNTIME_CONTAINER_META_KEY]: 'nope' }, [
        status('c1', 'img02'),
      ]),
      false,
    ],
  ];
  for (const [name, p, completed, reason] of cases) {
    it(`${name} → ${completed ? 'completed' : 'not completed'}`, () => {
      const r = checkInPlaceUpdateCompleted(p);
      assert.equal(r.completed, completed);
      if (reason !== undefined) assert.equal(!r.completed && r.reason, reason);
    });
  }

  it('with runtime meta and consistent plain hashes, completes regardless of image IDs', () => {
    const p = pod(
      { [INPLACE_UPDATE_STATE_KEY]: STATE_C1_IMG01, [RUNTIME_CONTAINER_META_KEY]: '{"containers":[]}' },
      [status('c1', 'img01', 'old')],
      { c1: 'new' },
    );
    assert.equal(checkInPlaceUpdateCompleted(p).completed, false);
    const kinds: string[] = [];
    const r = checkInPlaceUpdateCompleted(p, {
      containersHashConsistent: (_pod, _meta, kind) => {
        kinds.push(kind);
        return true;
      },
    });
    assert.equal(r.completed, true);
    assert.deepEqual(kinds, ['PlainHash']);
  });
  it('env-from-metadata completes once the hash checker agrees', () => {
    const p = pod(
      {
        [INPLACE_UPDATE_STATE_KEY]:
          '{"revision":"r","lastContainerStatuses":{},"updateEnvFromMetadata":true}',
        [RUNTIME_CONTAINER_META_KEY]: '{"containers":[]}',
      },
      [],
    );
    assert.equal(checkInPlaceUpdateCompleted(p, { containersHashConsistent: () => true }).completed, true);
  });
  it('with the vertical-scaling gate, waits for resources when the update changed them', () => {
    const state = '{"revision":"r","lastContainerStatuses":{},"updateResources":true}';
    const p: Pod = {
      metadata: { annotations: { [INPLACE_UPDATE_STATE_KEY]: state } },
      spec: { containers: [{ name: 'c', resources: { limits: { cpu: '1' } } }] },
      status: {
        containerStatuses: [{ name: 'c', image: '', imageID: '', resources: { limits: { cpu: '500m' } } }],
      },
    };
    assert.equal(checkInPlaceUpdateCompleted(p).completed, true);
    assert.deepEqual(checkInPlaceUpdateCompleted(p, { verticalScaling: true }), {
      completed: false,
      reason: 'container c resources not changed',
    });
  });
});

describe('isVerticalUpdateCompleted (in-place resource resize)', () => {
  const mk = (
    spec: Record<string, string> | undefined,
    observed: Record<string, string> | undefined | null,
  ): Pod => ({
    metadata: {},
    spec: { containers: [{ name: 'c', resources: spec === undefined ? {} : { limits: spec } }] },
    status: {
      containerStatuses: [
        {
          name: 'c',
          image: '',
          imageID: '',
          resources: observed === null ? null : observed === undefined ? {} : { limits: observed },
        },
      ],
    },
  });
  it('compares quantities by value', () => {
    assert.equal(
      isVerticalUpdateCompleted(mk({ cpu: '1', memory: '1Gi' }, { cpu: '1000m', memory: '1024Mi' }))
        .completed,
      true,
    );
    assert.equal(isVerticalUpdateCompleted(mk({ cpu: '1' }, { cpu: '2' })).completed, false);
    assert.equal(isVerticalUpdateCompleted(mk({ cpu: '1' }, { cpu: '1', memory: '1Gi' })).completed, false);
  });
  it('needs reported resources for every container', () => {
    assert.equal(isVerticalUpdateCompleted(mk({ cpu: '1' }, null)).completed, false);
    assert.equal(isVerticalUpdateCompleted(mk(undefined, undefined)).completed, true);
    const missing: Pod = {
      metadata: {},
      spec: { containers: [{ name: 'a' }, { name: 'b' }] },
      status: { containerStatuses: [] },
    };
    assert.deepEqual(isVerticalUpdateCompleted(missing), {
      completed: false,
      reason: 'some container status is not reported',
    });
  });
});
