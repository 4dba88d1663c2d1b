// Mirrors stateful_set_utils_test.go: TestIdentityMatches, TestStorageMatches, TestUpdateIdentity(+WithPodIndexLabel),
// TestUpdateStorage, TestNewStatefulSetPod, TestGetPersistentVolumeClaimsMergesLabels, TestClaimOwnerMatchesSetAndPod,
// TestUpdateClaimOwnerRefForSetAndPod (retention table of docs/behaviour/advanced-statefulset.md#pvcs).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  claimOwnerMatchesSetAndPod,
  claimWithRetentionOwnerRefs,
  getStatefulSetReplicasRange,
  hasStaleOwnerRef,
  identityMatches,
  newStatefulSetPod,
  persistentVolumeClaimsFor,
  storageMatches,
  withFixedIdentity,
} from '../../src/index.ts';
import { NOW, newSet, pod, pvc, TEMPLATE, VCT } from './fixtures.ts';

describe('TestNewStatefulSetPod', () => {
  const set = newSet({
    volumeClaimTemplates: [VCT],
    template: {
      metadata: { labels: { app: 'web' }, annotations: { a: 'b' } },
      spec: {
        containers: [{ name: 'nginx', image: 'nginx:1' }],
        volumes: [
          { name: 'data', emptyDir: {} },
          { name: 'cache', emptyDir: {} },
        ],
      },
    },
  });
  const p = newStatefulSetPod(set, set.spec.template, 2, 'web-abc', { now: NOW });

  it('name, namespace, hostname = pod name, subdomain = serviceName', () => {
    assert.equal(p.metadata.name, 'web-2');
    assert.equal(p.metadata.namespace, 'ns');
    assert.equal(p.spec.hostname, 'web-2');
    assert.equal(p.spec.subdomain, 'web-svc');
  });
  it('labels: template + pod-name + revision + pod-index + lifecycle Normal; timestamp annotation', () => {
    assert.deepEqual(p.metadata.labels, {
      app: 'web',
      'statefulset.kubernetes.io/pod-name': 'web-2',
      'apps.kubernetes.io/pod-index': '2',
      'controller-revision-hash': 'web-abc',
      'lifecycle.apps.kruise.io/state': 'Normal',
    });
    assert.equal(p.metadata.annotations?.a, 'b');
    assert.equal(p.metadata.annotations?.['lifecycle.apps.kruise.io/timestamp'], '2026-01-01T00:10:00Z');
  });
  it('controller ownerRef to the apps.kruise.io/v1beta1 StatefulSet', () => {
    assert.deepEqual(p.metadata.ownerReferences, [
      {
        apiVersion: 'apps.kruise.io/v1beta1',
        kind: 'StatefulSet',
        name: 'web',
        uid: 'set-uid',
        controller: true,
        blockOwnerDeletion: true,
      },
    ]);
  });
  it('claim volume replaces the same-named template volume; others kept', () => {
    assert.deepEqual(p.spec.volumes, [
      { name: 'data', persistentVolumeClaim: { claimName: 'data-web-2', readOnly: false } },
      { name: 'cache', emptyDir: {} },
    ]);
  });
  it('PodIndexLabel gate off: no pod-index label', () => {
    const q = newStatefulSetPod(set, TEMPLATE, 0, 'r', { now: NOW, gates: { podIndexLabel: false } });
    assert.equal(q.metadata.labels['apps.kubernetes.io/pod-index'], undefined);
  });
  it('preNormal hook not satisfied by the template ⇒ PreparingNormal; satisfied ⇒ Normal', () => {
    const hooked = newSet({ lifecycle: { preNormal: { labelsHandler: { gate: 'ok' } } } });
    const a = newStatefulSetPod(hooked, TEMPLATE, 0, 'r', { now: NOW });
    assert.equal(a.metadata.labels['lifecycle.apps.kruise.io/state'], 'PreparingNormal');
    const b = newStatefulSetPod(
      hooked,
      { ...TEMPLATE, metadata: { labels: { app: 'web', gate: 'ok' } } },
      0,
      'r',
      { now: NOW },
    );
    assert.equal(b.metadata.labels['lifecycle.apps.kruise.io/state'], 'Normal');
  });
  it('empty serviceName leaves subdomain unset', () => {
    const q = newStatefulSetPod(newSet({ serviceName: '' }), TEMPLATE, 0, 'r', { now: NOW });
    assert.equal(q.spec.subdomain, undefined);
  });
});

describe('TestIdentityMatches / TestStorageMatches', () => {
  const set = newSet({ volumeClaimTemplates: [VCT] });
  const good = pod(1, { volumes: [{ name: 'data', claim: 'data-web-1' }] });
  const cases = [
    { name: 'matching pod', p: good, identity: true, storage: true },
    {
      name: 'missing pod-name label',
      p: { ...good, metadata: { ...good.metadata, labels: { app: 'web' } } },
      identity: false,
      storage: true,
    },
    {
      name: 'other namespace',
      p: { ...good, metadata: { ...good.metadata, namespace: 'x' } },
      identity: false,
      storage: true,
    },
    { name: 'no volume', p: pod(1), identity: true, storage: false },
    {
      name: 'wrong claim',
      p: pod(1, { volumes: [{ name: 'data', claim: 'data-web-0' }] }),
      identity: true,
      storage: false,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      assert.equal(identityMatches(set, c.p), c.identity);
      assert.equal(storageMatches(set, c.p), c.storage);
    });
  }
  it('withFixedIdentity restores label and volume without touching the input', () => {
    const broken = {
      ...pod(1),
      metadata: { ...pod(1).metadata, labels: { app: 'web' } as Record<string, string> },
    };
    const fixed = withFixedIdentity(set, broken);
    assert.equal(identityMatches(set, fixed), true);
    assert.equal(storageMatches(set, fixed), true);
    assert.equal(broken.metadata.labels['statefulset.kubernetes.io/pod-name'], undefined);
  });
});

describe('TestGetPersistentVolumeClaimsMergesLabels', () => {
  it('template labels overlaid by selector.matchLabels', () => {
    const set = newSet({
      volumeClaimTemplates: [{ ...VCT, metadata: { name: 'data', labels: { app: 'x', tier: 'db' } } }],
    });
    const c = persistentVolumeClaimsFor(set, 3).get('data');
    assert.equal(c?.metadata?.name, 'data-web-3');
    assert.equal(c?.metadata?.namespace, 'ns');
    assert.deepEqual(c?.metadata?.labels, { app: 'web', tier: 'db' });
    assert.deepEqual(c?.spec, VCT.spec);
  });
  it('no template labels ⇒ exactly matchLabels', () => {
    const c = persistentVolumeClaimsFor(newSet({ volumeClaimTemplates: [VCT] }), 0).get('data');
    assert.deepEqual(c?.metadata?.labels, { app: 'web' });
  });
});

describe('TestClaimOwnerMatchesSetAndPod / TestUpdateClaimOwnerRefForSetAndPod', () => {
  const setRef = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'StatefulSet', name: 'web', uid: 'set-uid' };
  const podRef = (o: number) => ({ apiVersion: 'v1', kind: 'Pod', name: `web-${o}`, uid: `uid-web-${o}` });
  // replicas 2: pod-1 in range, pod-3 condemned.
  const cases: {
    policy?: { whenDeleted: 'Retain' | 'Delete'; whenScaled: 'Retain' | 'Delete' };
    ordinal: number;
    want: object[];
  }[] = [
    { policy: undefined, ordinal: 1, want: [] },
    { policy: { whenDeleted: 'Retain', whenScaled: 'Retain' }, ordinal: 3, want: [] },
    { policy: { whenDeleted: 'Delete', whenScaled: 'Retain' }, ordinal: 1, want: [setRef] },
    { policy: { whenDeleted: 'Delete', whenScaled: 'Retain' }, ordinal: 3, want: [setRef] },
    { policy: { whenDeleted: 'Retain', whenScaled: 'Delete' }, ordinal: 1, want: [] },
    { policy: { whenDeleted: 'Retain', whenScaled: 'Delete' }, ordinal: 3, want: [podRef(3)] },
    { policy: { whenDeleted: 'Delete', whenScaled: 'Delete' }, ordinal: 1, want: [setRef] },
    { policy: { whenDeleted: 'Delete', whenScaled: 'Delete' }, ordinal: 3, want: [podRef(3)] },
  ];
  for (const c of cases) {
    const label = `${c.policy?.whenDeleted ?? 'nil'}/${c.policy?.whenScaled ?? 'nil'} ${c.ordinal === 1 ? 'in range' : 'condemned'}`;
    const set = newSet({
      replicas: 2,
      ...(c.policy === undefined ? {} : { persistentVolumeClaimRetentionPolicy: c.policy }),
    });
    const range = getStatefulSetReplicasRange(set);
    const p = pod(c.ordinal);
    for (const start of [[], [setRef], [podRef(c.ordinal)], [setRef, podRef(c.ordinal)]]) {
      it(`${label}, starting from ${start.length} refs`, () => {
        const claim = pvc(`data-web-${c.ordinal}`, { ownerReferences: start });
        const { claim: out, changed } = claimWithRetentionOwnerRefs(claim, set, p, range);
        assert.deepEqual(
          [...(out.metadata?.ownerReferences ?? [])].sort((a, b) => a.kind.localeCompare(b.kind)),
          [...c.want].sort((a, b) =>
            (a as { kind: string }).kind.localeCompare((b as { kind: string }).kind),
          ),
        );
        const matched = claimOwnerMatchesSetAndPod(claim, set, p, range);
        assert.equal(changed, !matched);
        assert.equal(claimOwnerMatchesSetAndPod(out, set, p, range), true);
      });
    }
  }
  it('reserved ordinal counts as condemned (whenScaled Delete ⇒ pod ref)', () => {
    const set = newSet({
      replicas: 2,
      reserveOrdinals: [1],
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Delete' },
    });
    const out = claimWithRetentionOwnerRefs(pvc('data-web-1'), set, pod(1), getStatefulSetReplicasRange(set));
    assert.deepEqual(out.claim.metadata?.ownerReferences, [podRef(1)]);
  });
  it('hasStaleOwnerRef: same pod name, other uid', () => {
    const claim = pvc('data-web-1', { ownerReferences: [{ ...podRef(1), uid: 'old' }] });
    assert.equal(hasStaleOwnerRef(claim, { name: 'web-1', uid: 'uid-web-1' }), true);
    assert.equal(hasStaleOwnerRef(claim, { name: 'web-1', uid: 'old' }), false);
  });
});
