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
  storageClasses?: Record<string, { allowVolumeExpansion?: boolean }>;
  defaultClass?: string;
}): ClusterReader & { podReads: string[]; classReads: string[] } {
  const podReads: string[] = [];
  const classReads: string[] = [];
  return {
    podReads,
    classReads,
    storageClass: async (name) => {
      classReads.push(name);
      return o.storageClasses?.[name];
    },
    defaultStorageClass: async () => {
      classReads.push('(default)');
      const name = o.defaultClass;
      return name === undefined ? null : { name, ...o.storageClasses?.[name] };
    },
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

describe('StatefulSet UPDATE with StatefulSetAutoResizePVCGate reads the storage classes a resize needs', () => {
  const kind = servedKind('StatefulSet')!;
  const sts = (size: string, storageClassName?: string, accessModes = ['ReadWriteOnce']) => ({
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'StatefulSet',
    metadata: { name: 'web', namespace: 'ns' },
    spec: {
      replicas: 1,
      serviceName: 'web',
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { containers: [{ name: 'main', image: 'nginx:1' }] },
      },
      podManagementPolicy: 'OrderedReady',
      updateStrategy: {
        type: 'RollingUpdate',
        rollingUpdate: { partition: 0, maxUnavailable: 1, podUpdatePolicy: 'ReCreate' },
      },
      volumeClaimUpdateStrategy: { type: 'OnPodRollingUpdate' },
      volumeClaimTemplates: [
        {
          metadata: { name: 'data' },
          spec: {
            accessModes,
            ...(storageClassName ? { storageClassName } : {}),
            resources: { requests: { storage: size } },
          },
        },
      ],
    },
  });
  const storageClasses = { fixed: { allowVolumeExpansion: false }, elastic: { allowVolumeExpansion: true } };
  const causes = (res: Awaited<ReturnType<typeof validate>>) =>
    (res.status?.details?.causes ?? []).map((c) => `${c.field}: ${c.message}`);

  it('a class that does not expand refuses the resize; one that does admits it; the gate off reads nothing', async () => {
    const r = reader({ storageClasses });
    const gate = { autoResizePVC: true };
    const refused = await validate(
      kind,
      request('StatefulSet', 'v1beta1', sts('2Gi', 'fixed'), sts('1Gi', 'fixed')),
      gate,
      r,
    );
    assert.equal(refused.status?.code, 422);
    assert.deepEqual(causes(refused), [
      'spec.volumeClaimTemplates[data].spec.resources.requests.storage: spec.volumeClaimTemplates[data].spec.resources.requests.storage: Forbidden: storage class fixed does not support volume expansion',
    ]);
    const grown = await validate(
      kind,
      request('StatefulSet', 'v1beta1', sts('2Gi', 'elastic'), sts('1Gi', 'elastic')),
      gate,
      r,
    );
    assert.equal(grown.allowed, true, JSON.stringify(grown.status));
    assert.deepEqual(r.classReads, ['fixed', 'elastic']);
    const off = reader({ storageClasses });
    const ungated = await validate(
      kind,
      request('StatefulSet', 'v1beta1', sts('2Gi', 'fixed'), sts('1Gi', 'fixed')),
      {},
      off,
    );
    assert.equal(ungated.allowed, true);
    assert.deepEqual(off.classReads, []);
  });

  it('no class named: the default one decides; without a default the resize is admitted', async () => {
    const gate = { autoResizePVC: true };
    const withDefault = reader({ storageClasses, defaultClass: 'fixed' });
    const refused = await validate(
      kind,
      request('StatefulSet', 'v1beta1', sts('2Gi'), sts('1Gi')),
      gate,
      withDefault,
    );
    assert.match(causes(refused)[0] ?? '', /storage class fixed does not support volume expansion/);
    const none = reader({ storageClasses });
    const admitted = await validate(
      kind,
      request('StatefulSet', 'v1beta1', sts('2Gi'), sts('1Gi')),
      gate,
      none,
    );
    assert.equal(admitted.allowed, true);
    assert.deepEqual(none.classReads, ['(default)']);
  });

  it('more than a size change, or a missing class, is refused without asking about expansion', async () => {
    const gate = { autoResizePVC: true };
    const r = reader({ storageClasses });
    const modes = await validate(
      kind,
      request('StatefulSet', 'v1beta1', sts('1Gi', 'elastic', ['ReadWriteMany']), sts('1Gi', 'elastic')),
      gate,
      r,
    );
    assert.match(
      causes(modes)[0] ?? '',
      /^spec\.volumeClaimTemplates\[data\]: .*volumeClaimTemplate can not be modified when OnRollingUpdate$/,
    );
    const missing = await validate(
      kind,
      request('StatefulSet', 'v1beta1', sts('2Gi', 'gone'), sts('1Gi', 'gone')),
      gate,
      r,
    );
    assert.deepEqual(causes(missing), [
      'spec.volumeClaimTemplates[data].spec.storageClassName: spec.volumeClaimTemplates[data].spec.storageClassName: Invalid value: "gone": can not get sc',
    ]);
  });
});
