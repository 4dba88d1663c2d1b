// What validation reads from the cluster, and what it decides with it (no servers: the reader is a table).
// Mirrors Kruise's pkg/webhook/cloneset/validating/validation_test.go (podsToDelete cases of TestValidateCloneSet),
// pkg/webhook/sidecarset/validating/sidecarset_validating_test.go (injection revision and patchPodMetadata
// whitelist cases) and pkg/util/configuration/configuration_test.go.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PodSummary } from '@kruise-ts/api';
import type { ClusterReader } from '../../src/admission/cluster-reader.ts';
import {
  parsePatchPodMetadataWhitelist,
  patchesPodMetadata,
  pinnedInjectionRevision,
  podsToLookUp,
} from '../../src/admission/lookups.ts';
import type { AdmissionRequest } from '../../src/admission/review.ts';
import { validate } from '../../src/admission/validating.ts';
import { servedKind } from '../../src/kinds.ts';

/** A defaulted CloneSet (validation runs after the mutating webhook). */
const cs = (podsToDelete?: string[], version: 'v1alpha1' | 'v1beta1' = 'v1alpha1') =>
  servedKind('CloneSet')!.defaults(
    {
      apiVersion: `apps.kruise.io/${version}`,
      kind: 'CloneSet',
      metadata: { name: 'cs', namespace: 'ns', uid: 'cs-uid' },
      spec: {
        replicas: 1,
        selector: { matchLabels: { app: 'a' } },
        template: {
          metadata: { labels: { app: 'a' } },
          spec: { containers: [{ name: 'c', image: 'nginx' }] },
        },
        ...(podsToDelete ? { scaleStrategy: { podsToDelete } } : {}),
      },
    },
    version,
    {},
  );

describe('podsToLookUp: only names not already in the old list', () => {
  const cases: [string, string[] | undefined, string[] | undefined, string[]][] = [
    ['no list', undefined, undefined, []],
    ['create: every name, sorted', ['b', 'a'], undefined, ['a', 'b']],
    ['update: new names only', ['a', 'b', 'c'], ['a'], ['b', 'c']],
    ['update: nothing new', ['a'], ['a', 'b'], []],
    ['duplicates: nothing is read (the duplicate error stands alone)', ['a', 'a'], undefined, []],
  ];
  for (const [name, now, before, want] of cases) {
    it(name, () => assert.deepEqual(podsToLookUp(cs(now), before ? cs(before) : undefined), want));
  }
});

describe('pinnedInjectionRevision and patchesPodMetadata', () => {
  const ss = (spec: Record<string, unknown>) => ({ spec });
  it('revisionName wins over customVersion; neither means nothing to read', () => {
    assert.deepEqual(
      pinnedInjectionRevision(
        ss({ injectionStrategy: { revision: { revisionName: 'r', customVersion: 'v' } } }),
      ),
      { revisionName: 'r' },
    );
    assert.deepEqual(
      pinnedInjectionRevision(ss({ injectionStrategy: { revision: { customVersion: 'v' } } })),
      {
        customVersion: 'v',
      },
    );
    assert.equal(
      pinnedInjectionRevision(ss({ injectionStrategy: { revision: { policy: 'Always' } } })),
      undefined,
    );
    assert.equal(pinnedInjectionRevision(ss({})), undefined);
  });
  it('patchPodMetadata present only when non-empty', () => {
    assert.equal(patchesPodMetadata(ss({ patchPodMetadata: [] })), false);
    assert.equal(patchesPodMetadata(ss({ patchPodMetadata: [{ annotations: { a: 'b' } }] })), true);
  });
});

describe('parsePatchPodMetadataWhitelist (GetSidecarSetPatchMetadataWhiteList)', () => {
  const key = 'SidecarSet_PatchPodMetadata_WhiteList';
  it('no ConfigMap or no key: null (no whitelist)', () => {
    assert.deepEqual(parsePatchPodMetadataWhitelist(undefined), { whitelist: null });
    assert.deepEqual(parsePatchPodMetadataWhitelist({ other: 'x' }), { whitelist: null });
  });
  it('rules with and without selector', () => {
    const raw = JSON.stringify({
      rules: [
        { selector: { matchLabels: { app: 'x' } }, allowedAnnotationKeyExprs: ['^oom-score$'] },
        { allowedAnnotationKeyExprs: ['^kruise\\.io/.*'] },
      ],
    });
    assert.deepEqual(parsePatchPodMetadataWhitelist({ [key]: raw }), {
      whitelist: {
        rules: [
          { selector: { matchLabels: { app: 'x' } }, allowedAnnotationKeyExprs: ['^oom-score$'] },
          { allowedAnnotationKeyExprs: ['^kruise\\.io/.*'] },
        ],
      },
    });
  });
  it('not JSON, wrong shape, or an expression that does not compile: an error', () => {
    for (const raw of [
      '{',
      '[]',
      '{"rules":{}}',
      '{"rules":[{"allowedAnnotationKeyExprs":"a"}]}',
      '{"rules":[{"allowedAnnotationKeyExprs":["("]}]}',
    ]) {
      assert.ok('error' in parsePatchPodMetadataWhitelist({ [key]: raw }), raw);
    }
  });
});

/** A reader answering from tables; counts pod reads so the test sees what was (not) read. */
function reader(o: {
  pods?: Record<string, PodSummary>;
  revisions?: string[];
  configuration?: Record<string, string>;
}): ClusterReader & { podReads: string[] } {
  const podReads: string[] = [];
  return {
    podReads,
    pod: async (namespace, name) => {
      podReads.push(`${namespace}/${name}`);
      return o.pods?.[name];
    },
    injectionRevision: async (_set, ref) =>
      (o.revisions ?? []).includes(ref.revisionName ?? '')
        ? { found: true }
        : { found: false, error: `controllerrevisions.apps "${ref.revisionName}" not found` },
    kruiseConfiguration: async () => o.configuration,
  };
}

const request = (kind: string, version: string, object: unknown, oldObject?: unknown): AdmissionRequest => ({
  uid: 'u',
  kind: { group: 'apps.kruise.io', version, kind },
  operation: oldObject ? 'UPDATE' : 'CREATE',
  object,
  ...(oldObject ? { oldObject } : {}),
});

const owned = (uid: string, deleting = false): PodSummary => ({
  metadata: {
    ...(deleting ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}),
    ownerReferences: [
      { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name: 'cs', uid, controller: true },
    ],
  },
});

describe('CloneSet validation reads the newly named pods (v1alpha1 and v1beta1)', () => {
  const kind = servedKind('CloneSet')!;
  const pods = { mine: owned('cs-uid'), other: owned('x'), dying: owned('cs-uid', true) };
  for (const version of ['v1alpha1', 'v1beta1'] as const) {
    it(`${version}: missing, terminating and foreign pods are denied; owned ones admitted`, async () => {
      const r = reader({ pods });
      const obj = cs(['gone', 'mine', 'other', 'dying'], version);
      const res = await validate(kind, request('CloneSet', version, obj, cs([], version)), {}, r);
      assert.equal(res.allowed, false);
      assert.equal(res.status?.code, 422);
      const messages = (res.status?.details?.causes ?? []).map((c) => `${c.field}: ${c.message}`);
      assert.deepEqual(messages, [
        'spec.scaleStrategy.podsToDelete: spec.scaleStrategy.podsToDelete: Invalid value: "dying": find pod dying already terminating',
        'spec.scaleStrategy.podsToDelete: spec.scaleStrategy.podsToDelete: Invalid value: "gone": find pod gone failed: pods "gone" not found',
        'spec.scaleStrategy.podsToDelete: spec.scaleStrategy.podsToDelete: Invalid value: "other": find pod other owner is not this CloneSet',
      ]);
    });
  }
  it('names already in the old object are not read again', async () => {
    const r = reader({ pods });
    const res = await validate(
      kind,
      request('CloneSet', 'v1alpha1', cs(['gone', 'mine']), cs(['gone'])),
      {},
      r,
    );
    assert.equal(res.allowed, true, JSON.stringify(res.status));
    assert.deepEqual(r.podReads, ['ns/mine']);
  });
  it('a long list is read a few pods at a time, every name once', async () => {
    let inFlight = 0;
    let most = 0;
    const reads: string[] = [];
    const slow: ClusterReader = {
      ...reader({}),
      pod: async (_ns, name) => {
        reads.push(name);
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 2));
        inFlight--;
        return owned('cs-uid');
      },
    };
    const names = Array.from({ length: 20 }, (_, i) => `p${String(i).padStart(2, '0')}`);
    const res = await validate(kind, request('CloneSet', 'v1alpha1', cs(names), cs([])), {}, slow);
    assert.equal(res.allowed, true, JSON.stringify(res.status));
    assert.deepEqual(reads, names);
    assert.equal(most, 8);
  });

  it('a read that fails denies the request', async () => {
    const failing = { ...reader({}), pod: async () => Promise.reject(new Error('apiserver down')) };
    const res = await validate(kind, request('CloneSet', 'v1alpha1', cs(['a'])), {}, failing);
    assert.equal(res.allowed, false);
    assert.equal(res.status?.code, 500);
    assert.match(res.status?.message ?? '', /apiserver down/);
  });
});

describe('SidecarSet validation reads its injection revision and the whitelist', () => {
  const kind = servedKind('SidecarSet')!;
  const ss = (spec: Record<string, unknown>, labels: Record<string, string> = {}) => ({
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'SidecarSet',
    metadata: { name: 'ss', labels },
    spec: {
      selector: { matchLabels: { app: 'a' } },
      updateStrategy: { type: 'NotUpdate' },
      containers: [
        {
          name: 'side',
          image: 'busybox',
          imagePullPolicy: 'IfNotPresent',
          terminationMessagePolicy: 'File',
          podInjectPolicy: 'BeforeAppContainer',
          shareVolumePolicy: { type: 'disabled' },
          upgradeStrategy: { upgradeType: 'ColdUpgrade' },
        },
      ],
      ...spec,
    },
  });
  const causes = (res: Awaited<ReturnType<typeof validate>>) =>
    (res.status?.details?.causes ?? []).map((c) => `${c.field}: ${c.message}`);

  it('a revisionName that does not exist is denied naming revision; an existing one is admitted', async () => {
    const pinned = ss({ injectionStrategy: { revision: { revisionName: 'ss-abc', policy: 'Always' } } });
    const missing = await validate(kind, request('SidecarSet', 'v1beta1', pinned), {}, reader({}));
    assert.deepEqual(causes(missing), [
      'revision: revision: Invalid value: null: Cannot find specific ControllerRevision, err: controllerrevisions.apps "ss-abc" not found',
    ]);
    const found = await validate(
      kind,
      request('SidecarSet', 'v1beta1', pinned),
      {},
      reader({ revisions: ['ss-abc'] }),
    );
    assert.equal(found.allowed, true, JSON.stringify(found.status));
  });

  const patch = { patchPodMetadata: [{ annotations: { 'oom-score': '{"v":1}' }, patchPolicy: 'Overwrite' }] };
  const whitelist = (rules: unknown[]) => ({
    SidecarSet_PatchPodMetadata_WhiteList: JSON.stringify({ rules }),
  });
  const table: [string, Record<string, string> | undefined, Record<string, string>, string | undefined][] = [
    ['no ConfigMap', undefined, {}, 'SidecarSet patch metadata whitelist not found'],
    [
      'no rule for this SidecarSet',
      whitelist([{ selector: { matchLabels: { app: 'x' } }, allowedAnnotationKeyExprs: ['.*'] }]),
      {},
      'sidecarSet patch metadata annotation is not allowed',
    ],
    [
      'the key is not allowed',
      whitelist([{ allowedAnnotationKeyExprs: ['^kruise\\.io/'] }]),
      {},
      'sidecarSet patch metadata annotation(oom-score) is not allowed',
    ],
    [
      'allowed for the selector',
      whitelist([{ selector: { matchLabels: { app: 'x' } }, allowedAnnotationKeyExprs: ['^oom-score$'] }]),
      { app: 'x' },
      undefined,
    ],
    ['allowed for every SidecarSet', whitelist([{ allowedAnnotationKeyExprs: ['^oom'] }]), {}, undefined],
    [
      'a whitelist that is not JSON',
      { SidecarSet_PatchPodMetadata_WhiteList: '{' },
      {},
      'invalid SidecarSet_PatchPodMetadata_WhiteList',
    ],
  ];
  for (const [name, configuration, labels, denial] of table) {
    it(`patchPodMetadata: ${name}`, async () => {
      const res = await validate(
        kind,
        request('SidecarSet', 'v1beta1', ss(patch, labels)),
        {},
        reader(configuration ? { configuration } : {}),
      );
      if (denial === undefined) assert.equal(res.allowed, true, JSON.stringify(res.status));
      else {
        assert.equal(res.allowed, false);
        const [cause] = causes(res);
        assert.ok(cause?.startsWith('spec.patchPodMetadata: spec.patchPodMetadata: Required value: '), cause);
        assert.ok(cause?.includes(denial), cause);
      }
    });
  }
});
