// SidecarSet ControllerRevisions (docs/behaviour/sidecarset.md#revisions, docs/behaviour/revision-gc.md#revision-gc; Kruise TestTruncateHistory, TestGetActiveRevisions,
// TestReplaceRevision), hashes (docs/behaviour/sidecarset.md#defaults) and the injection revision choice (docs/behaviour/sidecarset.md#injection-selection step 5).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ControllerRevision } from '@kruise-ts/core';
import {
  computeSidecarSetHash,
  computeSidecarSetHashWithoutImage,
  decideLatestRevision,
  findInjectionRevision,
  historicSidecarSet,
  injectionRevisionChoice,
  newSidecarSetRevision,
  type Pod,
  revisionsToTruncate,
  SIDECARSET_HASH_ANNOTATION,
  type SidecarSet,
  sidecarSetRevisionData,
  sidecarSetRevisionName,
  withoutCanaryBases,
} from '../../src/index.ts';
import { sidecarSet } from '../fixtures.ts';

function revisions(s: SidecarSet, count: number): ControllerRevision[] {
  return Array.from({ length: count }, (_, i) => {
    const copy = structuredClone(s);
    copy.spec.imagePullSecrets = [{ name: `secret-${i}` }];
    return newSidecarSetRevision(copy, 'kruise-system', i + 1, 0);
  });
}

const podAt = (ss: string, revision: string): Pod => ({
  metadata: {
    name: revision,
    annotations: {
      [SIDECARSET_HASH_ANNOTATION]: JSON.stringify({
        [ss]: { hash: 'h', sidecarSetName: ss, controllerRevision: revision },
      }),
    },
  },
  spec: { containers: [] },
});

describe('hashes', () => {
  it('image-only changes move the hash but not the hash without image', () => {
    const a = sidecarSet('ss');
    const b = structuredClone(a);
    (b.spec.containers?.[0] as { image: string }).image = 'busybox:1.37';
    assert.notEqual(computeSidecarSetHash(a), computeSidecarSetHash(b));
    assert.equal(computeSidecarSetHashWithoutImage(a), computeSidecarSetHashWithoutImage(b));
    assert.match(computeSidecarSetHash(a), /^[bcdfghjklmnpqrstvwxz2456789]{64}$/);
  });
  it('volumes, secrets and plain init containers are not hashed; native sidecar init containers are', () => {
    const a = sidecarSet('ss');
    const b = structuredClone(a);
    b.spec.volumes = [{ name: 'v', emptyDir: {} }];
    b.spec.imagePullSecrets = [{ name: 's' }];
    b.spec.initContainers = [{ name: 'init', image: 'x' }];
    assert.equal(computeSidecarSetHash(a), computeSidecarSetHash(b));
    b.spec.initContainers = [{ name: 'init', image: 'x', restartPolicy: 'Always' }];
    assert.notEqual(computeSidecarSetHash(a), computeSidecarSetHash(b));
  });
});

// Measured with the OpenKruise v1.8.2 manager: this SidecarSet (POSTed as v1alpha1) after its defaulting webhook.
const parityLogger = (): SidecarSet => ({
  apiVersion: 'apps.kruise.io/v1beta1',
  kind: 'SidecarSet',
  metadata: { name: 'parity-logger' },
  spec: {
    selector: { matchLabels: { app: 'with-sidecar' } },
    containers: [
      {
        name: 'logger',
        image: 'busybox:1.36',
        command: ['sh', '-c', 'sleep 3600'],
        volumeMounts: [{ name: 'logs', mountPath: '/var/log/app' }],
        podInjectPolicy: 'BeforeAppContainer',
        upgradeStrategy: { upgradeType: 'ColdUpgrade' },
        shareVolumePolicy: { type: 'disabled' },
        imagePullPolicy: 'IfNotPresent',
        terminationMessagePath: '/dev/termination-log',
        terminationMessagePolicy: 'File',
      },
    ],
    volumes: [{ name: 'logs', emptyDir: {} }],
    updateStrategy: { type: 'RollingUpdate', maxUnavailable: 1, partition: 0 },
    revisionHistoryLimit: 10,
  },
});

describe('Kruise parity', () => {
  const stored = parityLogger();
  // As Kruise's webhook stores it: its Go structs add the zero values; the hashes must not depend on them.
  const storedByKruise = parityLogger();
  Object.assign(storedByKruise.spec.containers?.[0] ?? {}, { resources: {} });
  storedByKruise.spec.injectionStrategy = {};
  for (const [name, s] of [
    ['as kruise-ts stores it', stored],
    ['as Kruise stores it', storedByKruise],
  ] as const) {
    it(`hashes and names the revision of the parity-logger SidecarSet as Kruise v1.8.2 (${name})`, () => {
      assert.equal(
        computeSidecarSetHash(s),
        'fd2cc9w676c82z5456fv957f8x986dxb6xd6dz4wv4v564vvwfzfcz4cd4bdx72x',
      );
      assert.equal(
        computeSidecarSetHashWithoutImage(s),
        'bc24d25f8v2465476284bbw4vww6fd5668d7zdb892w24xvf2zvd5cdfwv296647',
      );
      assert.equal(newSidecarSetRevision(s, 'kruise-system', 1, 0).metadata.name, 'parity-logger-578b5b77fd');
      assert.equal(sidecarSetRevisionName(s), 'parity-logger-578b5b77fd');
    });
  }
  it('writes the revision data as Kruise does: Go zero values, sorted keys, null for absent lists', () => {
    assert.equal(
      sidecarSetRevisionData(stored),
      '{"spec":{"$patch":"replace","containers":[{"command":["sh","-c","sleep 3600"],"image":"busybox:1.36",' +
        '"imagePullPolicy":"IfNotPresent","name":"logger","podInjectPolicy":"BeforeAppContainer","resources":{},' +
        '"shareVolumePolicy":{"type":"disabled"},"terminationMessagePath":"/dev/termination-log",' +
        '"terminationMessagePolicy":"File","upgradeStrategy":{"upgradeType":"ColdUpgrade"},' +
        '"volumeMounts":[{"mountPath":"/var/log/app","name":"logs"}]}],"imagePullSecrets":null,' +
        '"initContainers":null,"patchPodMetadata":null,"volumes":[{"emptyDir":{},"name":"logs"}]}}',
    );
  });
  it('hashes struct fields in Go order and map keys sorted, so key order in the object does not matter', () => {
    const a = parityLogger();
    Object.assign(a.spec.containers?.[0] ?? {}, {
      resources: { limits: { memory: '1Gi', cpu: '1000m' }, requests: { cpu: '0.5' } },
    });
    const b = parityLogger();
    const container = b.spec.containers?.[0] ?? { name: '' };
    b.spec.containers = [
      {
        resources: { requests: { cpu: '500m' }, limits: { cpu: '1', memory: '1Gi' } },
        ...(Object.fromEntries(Object.entries(container).reverse()) as typeof container),
      },
    ];
    assert.equal(computeSidecarSetHash(a), computeSidecarSetHash(b));
    assert.notEqual(computeSidecarSetHash(a), computeSidecarSetHash(parityLogger()));
  });
});

describe('revisions', () => {
  it('names <ss>-<hash>, labels and owner', () => {
    const s = sidecarSet('ss');
    s.metadata = { ...s.metadata, labels: { team: 'x' } };
    s.spec.customVersion = 'v1';
    const r = newSidecarSetRevision(s, 'kruise-system', 1, 0);
    assert.match(r.metadata.name ?? '', /^ss-[a-z0-9]+$/);
    assert.equal(r.metadata.namespace, 'kruise-system');
    assert.equal(r.metadata.labels?.team, 'x');
    assert.equal(r.metadata.labels?.['kruise.io/sidecarset-name'], 'ss');
    assert.equal(r.metadata.labels?.['apps.kruise.io/sidecarset-custom-version'], 'v1');
    assert.equal(r.metadata.ownerReferences?.[0]?.kind, 'SidecarSet');
    assert.deepEqual(Object.keys((r.data as { spec: object }).spec).sort(), [
      '$patch',
      'containers',
      'imagePullSecrets',
      'initContainers',
      'patchPodMetadata',
      'volumes',
    ]);
  });

  it('reuse the latest, roll back to an older one, or create', () => {
    const s = sidecarSet('ss');
    assert.equal(decideLatestRevision(s, [], 'ns', 0).action, 'create');
    const first = newSidecarSetRevision(s, 'ns', 1, 0);
    assert.equal(decideLatestRevision(s, [first], 'ns', 0).action, 'reuse');
    const changed = structuredClone(s);
    changed.spec.imagePullSecrets = [{ name: 'x' }];
    const second = newSidecarSetRevision(changed, 'ns', 2, 0);
    const back = decideLatestRevision(s, [first, second], 'ns', 0);
    assert.deepEqual(back.action === 'rollback' && [back.revision.metadata.name, back.revisionNumber], [
      first.metadata.name,
      3,
    ]);
  });

  const truncate: { distinct: number; ok: boolean }[] = [
    { distinct: 0, ok: true },
    { distinct: 9, ok: true },
    { distinct: 10, ok: false },
    { distinct: 14, ok: false },
    { distinct: 15, ok: false },
  ];
  for (const c of truncate) {
    it(`truncation: 15 revisions, pods on ${c.distinct} distinct ones (TestTruncateHistory)`, () => {
      const s = sidecarSet('ss');
      const all = revisions(s, 15);
      const pods = all.slice(0, c.distinct).map((r) => podAt('ss', r.metadata.name ?? ''));
      const plan = revisionsToTruncate(s, pods, all);
      assert.equal(plan.error === undefined, c.ok, plan.error);
      if (c.ok) assert.equal(all.length - plan.delete.length, 10);
      // The newest is never deleted, nor any revision a pod uses.
      assert.equal(plan.delete.includes(all[14] as ControllerRevision), false);
    });
  }

  it('the injection revision: by name, or the newest with the custom version', () => {
    const s = sidecarSet('ss');
    const all = revisions(s, 3).map((r, i) => ({
      ...r,
      metadata: {
        ...r.metadata,
        labels: { ...r.metadata.labels, 'apps.kruise.io/sidecarset-custom-version': i < 2 ? 'v1' : 'v2' },
      },
    }));
    assert.equal(findInjectionRevision(all, 'ss', { customVersion: 'v1' }), all[1]);
    assert.equal(findInjectionRevision(all, 'ss', { revisionName: all[0]?.metadata.name ?? '' }), all[0]);
    assert.equal(findInjectionRevision(all, 'ss', { customVersion: 'v9' }), undefined);
    const old = structuredClone(s);
    (old.spec.containers?.[0] as { image: string }).image = 'old:1';
    const historic = historicSidecarSet(s, newSidecarSetRevision(old, 'ns', 1, 0));
    assert.equal(historic.spec.containers?.[0]?.image, 'old:1');
    assert.equal(historic.metadata?.annotations?.[SIDECARSET_HASH_ANNOTATION], computeSidecarSetHash(old));
    assert.match(historic.status?.latestRevision ?? '', /^ss-/);
  });
});

describe('injection revision choice and canaries', () => {
  const pinned = (policy: 'Always' | 'Partial', strategy: SidecarSet['spec']['updateStrategy'] = {}) =>
    sidecarSet('ss', {
      injectionStrategy: { revision: { revisionName: 'ss-1', policy } },
      updateStrategy: strategy,
    });
  const pod: Pod = { metadata: { name: 'p', labels: { canary: 'false' } }, spec: { containers: [] } };
  const cases: { name: string; s: SidecarSet; random: number; want: 'latest' | 'history' }[] = [
    { name: 'no revision pinned', s: sidecarSet('ss'), random: 0, want: 'latest' },
    { name: 'Always', s: pinned('Always'), random: 0.9, want: 'history' },
    { name: 'paused update', s: pinned('Partial', { paused: true }), random: 0.9, want: 'history' },
    {
      name: 'Partial, selector not matching',
      s: pinned('Partial', { selector: { matchLabels: { canary: 'true' } } }),
      random: 0.9,
      want: 'history',
    },
    { name: 'Partial, int partition', s: pinned('Partial', { partition: 3 }), random: 0, want: 'latest' },
    {
      name: 'Partial, 30% partition, draw 0.2',
      s: pinned('Partial', { partition: '30%' }),
      random: 0.2,
      want: 'history',
    },
    {
      name: 'Partial, 30% partition, draw 0.5',
      s: pinned('Partial', { partition: '30%' }),
      random: 0.5,
      want: 'latest',
    },
  ];
  for (const c of cases) {
    it(c.name, () =>
      assert.equal(
        injectionRevisionChoice(c.s, pod, () => c.random),
        c.want,
      ),
    );
  }
  it('a canary displaces its base (TestCanarySidecarSetInjection)', () => {
    const base = sidecarSet('base');
    const canary = sidecarSet('canary');
    canary.metadata = {
      ...canary.metadata,
      annotations: { 'apps.kruise.io/sidecarset-canary': 'true', 'apps.kruise.io/sidecarset-base': 'base' },
    };
    assert.deepEqual(
      withoutCanaryBases([base, canary]).map((s) => s.metadata?.name),
      ['canary'],
    );
  });
});
