// HotUpgrade sidecars (docs/behaviour/sidecarset.md#hot-upgrade): injection of the two slots
// (pkg/webhook/pod/mutating/sidecarset_hotupgrade_test.go TestInjectHotUpgradeSidecar), the slot choice
// (pkg/control/sidecarcontrol/util_hotupgrade.go findContainerToHotUpgrade), and the upgrade → reset sequence of
// pkg/controller/sidecarset/sidecarset_hotupgrade_test.go TestUpdateHotUpgradeSidecar, round by round.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  calculateStatus,
  findContainerToHotUpgrade,
  injectSidecars,
  isPodConsistentWithSidecarSet,
  isSidecarSetPodReady,
  nextUpgradePods,
  type Pod,
  podHotUpgradeContainers,
  podSidecarSetHash,
  podsToResetHotUpgrade,
  resetHotUpgradeSlots,
  SIDECARSET_HASH_ANNOTATION,
  SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION,
  SIDECARSET_INJECTED_LIST_ANNOTATION,
  SIDECARSET_WORKING_HOT_UPGRADE_CONTAINER_ANNOTATION,
  type SidecarSet,
  upgradePodSidecars,
  workingHotUpgradeContainers,
} from '../../src/index.ts';
import { NOW, pod, sidecarSet } from '../fixtures.ts';

const EMPTY = 'hotupgrade:empty';
const EMPTY_ID = 'docker-pullable://hotupgrade@sha256:91873971';
const V1_ID = 'docker-pullable://test-image@sha256:f7988fb6';
const V2_ID = 'docker-pullable://test-image@sha256:a9286def';

/** sidecarSetHotUpgrade of sidecarset_hotupgrade_test.go: hash "bbb", resourceVersion "22". */
function hotSidecarSet(): SidecarSet {
  const s = sidecarSet('test-sidecarset', {
    containers: [
      {
        name: 'test-sidecar',
        image: 'test-image:v2',
        upgradeStrategy: { upgradeType: 'HotUpgrade', hotUpgradeEmptyImage: EMPTY },
      },
    ],
    updateStrategy: {},
  });
  s.metadata = {
    ...s.metadata,
    resourceVersion: '22',
    annotations: {
      [SIDECARSET_HASH_ANNOTATION]: 'bbb',
      [SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION]: '111111111',
    },
  };
  return s;
}

/** podHotUpgrade: test-sidecar-1 works on v1, test-sidecar-2 is empty; everything running and ready. */
function hotPod(): Pod {
  return {
    metadata: {
      name: 'test-pod',
      namespace: 'default',
      labels: { app: 'nginx' },
      annotations: {
        [SIDECARSET_INJECTED_LIST_ANNOTATION]: 'test-sidecarset',
        [SIDECARSET_HASH_ANNOTATION]: '{"test-sidecarset":{"hash":"aaa","sidecarList":["test-sidecar"]}}',
        [SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION]: '{"test-sidecarset":{"hash":"111111111"}}',
        'version.sidecarset.kruise.io/test-sidecar-1': '1',
        'version.sidecarset.kruise.io/test-sidecar-2': '1',
        [SIDECARSET_WORKING_HOT_UPGRADE_CONTAINER_ANNOTATION]: '{"test-sidecar":"test-sidecar-1"}',
      },
    },
    spec: {
      containers: [
        { name: 'nginx', image: 'nginx:1.15.1' },
        { name: 'test-sidecar-1', image: 'test-image:v1' },
        { name: 'test-sidecar-2', image: EMPTY },
      ],
    },
    status: {
      phase: 'Running',
      conditions: [{ type: 'Ready', status: 'True' }],
      containerStatuses: [
        { name: 'nginx', image: 'nginx:1.15.1', imageID: 'docker-pullable://nginx@sha256:a9', ready: true },
        { name: 'test-sidecar-1', image: 'test-image:v1', imageID: V1_ID, ready: true },
        { name: 'test-sidecar-2', image: EMPTY, imageID: EMPTY_ID, ready: true },
      ],
    },
  };
}

const image = (p: Pod, name: string) => p.spec.containers.find((c) => c.name === name)?.image;
const counts = (s: SidecarSet, pods: Pod[]) => {
  const st = calculateStatus(s, pods, 'rev', 0);
  return [st.matchedPods, st.updatedPods, st.readyPods, st.updatedReadyPods];
};

/** One reconcile of UpdateSidecarSet's steps 5–7 on these pods (status, reset, else upgrade). */
function round(s: SidecarSet, pods: Pod[]): Pod[] {
  const reset = new Set(podsToResetHotUpgrade(s, pods));
  if (reset.size > 0) return pods.map((p) => (reset.has(p) ? resetHotUpgradeSlots(p, s, NOW).pod : p));
  const batch = new Set(nextUpgradePods(s, pods).upgrade);
  return pods.map((p) => (batch.has(p) ? upgradePodSidecars(p, s, NOW).pod : p));
}

/** What the kubelet reports after restarting a container on its new image. */
function kubeletRuns(p: Pod, name: string, imageId: string): Pod {
  const out = structuredClone(p);
  const status = out.status?.containerStatuses?.find((c) => c.name === name);
  if (status) {
    status.image = image(out, name) ?? '';
    status.imageID = imageId;
  }
  return out;
}

describe('HotUpgrade injection (TestInjectHotUpgradeSidecar)', () => {
  it('two slots: -1 on the image, -2 on the empty image; version annotations; working slot -1', () => {
    const s = sidecarSet('sidecarset1', {
      containers: [
        {
          name: 'dns-f',
          image: 'dns-f-image:1.0',
          podInjectPolicy: 'BeforeAppContainer',
          env: [{ name: 'A', value: 'a' }],
          upgradeStrategy: { upgradeType: 'HotUpgrade', hotUpgradeEmptyImage: 'busy:hotupgrade-empty' },
        },
      ],
    });
    const out = injectSidecars(pod('p'), [s], NOW);
    assert.ok(out);
    assert.deepEqual(
      out.spec.containers.map((c) => [c.name, c.image]),
      [
        ['dns-f-1', 'dns-f-image:1.0'],
        ['dns-f-2', 'busy:hotupgrade-empty'],
        ['nginx', 'nginx:1.25'],
      ],
    );
    const version = (slot: string, alt = '') => ({
      valueFrom: {
        fieldRef: { fieldPath: `metadata.annotations['version${alt}.sidecarset.kruise.io/${slot}']` },
      },
    });
    assert.deepEqual(out.spec.containers[1]?.env, [
      { name: 'A', value: 'a' },
      { name: 'IS_INJECTED', value: 'true' },
      { name: 'SIDECARSET_VERSION', ...version('dns-f-2') },
      { name: 'SIDECARSET_VERSION_ALT', ...version('dns-f-2', 'alt') },
    ]);
    const a = out.metadata.annotations ?? {};
    assert.equal(a[SIDECARSET_WORKING_HOT_UPGRADE_CONTAINER_ANNOTATION], '{"dns-f":"dns-f-1"}');
    assert.deepEqual(
      [
        a['version.sidecarset.kruise.io/dns-f-1'],
        a['versionalt.sidecarset.kruise.io/dns-f-1'],
        a['version.sidecarset.kruise.io/dns-f-2'],
        a['versionalt.sidecarset.kruise.io/dns-f-2'],
      ],
      ['1', '0', '0', '1'],
    );
    assert.equal(a[SIDECARSET_INJECTED_LIST_ANNOTATION], 'sidecarset1');
    // The sidecar list names the sidecar, not its slots.
    assert.match(a[SIDECARSET_HASH_ANNOTATION] ?? '', /"sidecarList":\["dns-f"\]/);
    assert.ok(isPodConsistentWithSidecarSet(out, s));
  });

  it('a pod without the working-slot entry is not consistent with the SidecarSet', () => {
    const p = hotPod();
    delete p.metadata.annotations?.[SIDECARSET_WORKING_HOT_UPGRADE_CONTAINER_ANNOTATION];
    assert.equal(isPodConsistentWithSidecarSet(p, hotSidecarSet()), false);
    assert.ok(isPodConsistentWithSidecarSet(hotPod(), hotSidecarSet()));
  });
});

describe('findContainerToHotUpgrade', () => {
  const s = hotSidecarSet();
  const sidecar = s.spec.containers?.[0] as NonNullable<SidecarSet['spec']['containers']>[number];
  const cases: [string, (p: Pod) => void, { toUpgrade: string; other: string }][] = [
    ['the empty slot first (-2)', () => {}, { toUpgrade: 'test-sidecar-2', other: 'test-sidecar-1' }],
    [
      'the empty slot first (-1)',
      (p) => {
        (p.spec.containers[1] as { image: string }).image = EMPTY;
        (p.spec.containers[2] as { image: string }).image = 'test-image:v1';
      },
      { toUpgrade: 'test-sidecar-1', other: 'test-sidecar-2' },
    ],
    [
      'no empty slot: the not-ready one',
      (p) => {
        (p.spec.containers[2] as { image: string }).image = 'test-image:v0';
        (p.status?.containerStatuses?.[1] as { ready: boolean }).ready = false;
      },
      { toUpgrade: 'test-sidecar-1', other: 'test-sidecar-2' },
    ],
    [
      'both ready: the one that is not working',
      (p) => {
        (p.spec.containers[2] as { image: string }).image = 'test-image:v0';
        const st = p.status?.containerStatuses?.[2] as { image: string; imageID: string };
        st.image = 'test-image:v0';
      },
      { toUpgrade: 'test-sidecar-2', other: 'test-sidecar-1' },
    ],
  ];
  for (const [name, edit, want] of cases) {
    it(name, () => {
      const p = hotPod();
      edit(p);
      assert.deepEqual(findContainerToHotUpgrade(sidecar, p, s), want);
    });
  }
});

describe('HotUpgrade rounds (TestUpdateHotUpgradeSidecar)', () => {
  it('upgrade the empty slot, switch, wait for the kubelet, reset the old slot; status [matched, updated, ready, updatedReady]', () => {
    const s = hotSidecarSet();
    let pods = [hotPod()];
    assert.deepEqual(counts(s, pods), [1, 0, 1, 0]);

    // Round 1: -2 gets v2 and becomes the working slot; -1 keeps serving v1.
    pods = round(s, pods);
    let p = pods[0] as Pod;
    assert.deepEqual(
      [image(p, 'test-sidecar-1'), image(p, 'test-sidecar-2')],
      ['test-image:v1', 'test-image:v2'],
    );
    assert.deepEqual(workingHotUpgradeContainers(p), { 'test-sidecar': 'test-sidecar-2' });
    assert.deepEqual(podHotUpgradeContainers('test-sidecar', p), {
      working: 'test-sidecar-2',
      other: 'test-sidecar-1',
    });
    const a = p.metadata.annotations ?? {};
    assert.equal(a['version.sidecarset.kruise.io/test-sidecar-2'], '22');
    assert.equal(a['versionalt.sidecarset.kruise.io/test-sidecar-2'], '1');
    assert.equal(a['versionalt.sidecarset.kruise.io/test-sidecar-1'], '22');
    assert.equal(podSidecarSetHash(p, 'test-sidecarset'), 'bbb');
    assert.match(
      a['kruise.io/sidecarset-inplace-update-state'] ?? '',
      /"test-sidecar-2":\{"imageID":"docker-pullable:\/\/hotupgrade/,
    );
    // The idle slot is not on the empty image: not ready for the SidecarSet.
    assert.equal(isSidecarSetPodReady(p, s), false);
    assert.deepEqual(counts(s, pods), [1, 1, 0, 0]);

    // Round 2: the kubelet has not restarted -2 yet: nothing to reset, nothing to upgrade.
    assert.deepEqual(podsToResetHotUpgrade(s, pods), []);
    assert.deepEqual(round(s, pods), pods);

    // The kubelet runs v2 in -2: round 3 resets -1 to the empty image.
    pods = [kubeletRuns(p, 'test-sidecar-2', V2_ID)];
    assert.equal(podsToResetHotUpgrade(s, pods).length, 1);
    pods = round(s, pods);
    p = pods[0] as Pod;
    assert.deepEqual([image(p, 'test-sidecar-1'), image(p, 'test-sidecar-2')], [EMPTY, 'test-image:v2']);
    const b = p.metadata.annotations ?? {};
    assert.equal(b['version.sidecarset.kruise.io/test-sidecar-1'], '0');
    assert.equal(b['versionalt.sidecarset.kruise.io/test-sidecar-2'], '0');
    assert.equal(podSidecarSetHash(p, 'test-sidecarset'), 'bbb');
    assert.deepEqual(counts(s, pods), [1, 1, 0, 0]);

    // The kubelet runs the empty image in -1: done, and nothing more to do.
    pods = [kubeletRuns(p, 'test-sidecar-1', EMPTY_ID)];
    assert.deepEqual(counts(s, pods), [1, 1, 1, 1]);
    assert.deepEqual(podsToResetHotUpgrade(s, pods), []);
    assert.deepEqual(round(s, pods), pods);
  });

  it('the next upgrade goes into -1 again (the slots alternate)', () => {
    const s = hotSidecarSet();
    let pods = round(s, [hotPod()]);
    pods = round(s, [kubeletRuns(pods[0] as Pod, 'test-sidecar-2', V2_ID)]);
    pods = [kubeletRuns(pods[0] as Pod, 'test-sidecar-1', EMPTY_ID)];
    const v3 = hotSidecarSet();
    (v3.spec.containers?.[0] as { image: string }).image = 'test-image:v3';
    (v3.metadata?.annotations as Record<string, string>)[SIDECARSET_HASH_ANNOTATION] = 'ccc';
    v3.metadata = { ...v3.metadata, resourceVersion: '30' };
    const p = round(v3, pods)[0] as Pod;
    assert.deepEqual(
      [image(p, 'test-sidecar-1'), image(p, 'test-sidecar-2')],
      ['test-image:v3', 'test-image:v2'],
    );
    assert.deepEqual(workingHotUpgradeContainers(p), { 'test-sidecar': 'test-sidecar-1' });
    assert.equal(p.metadata.annotations?.['versionalt.sidecarset.kruise.io/test-sidecar-1'], '22');
  });

  it('a pod whose working slot already runs the image only records the hash', () => {
    const s = hotSidecarSet();
    const p = hotPod();
    (p.spec.containers[1] as { image: string }).image = 'test-image:v2';
    const { pod: out, changed } = upgradePodSidecars(p, s, NOW);
    assert.deepEqual(changed, []);
    assert.equal(image(out, 'test-sidecar-2'), EMPTY);
    assert.equal(podSidecarSetHash(out, 'test-sidecarset'), 'bbb');
  });

  it('a not-ready pod with the old version in the idle slot is still reset once the working slots are ready', () => {
    const s = hotSidecarSet();
    const p = hotPod();
    (p.spec.containers[2] as { image: string }).image = 'test-image:v0';
    (p.status?.conditions?.[0] as { status: string }).status = 'False';
    (p.status?.containerStatuses?.[2] as { ready: boolean }).ready = false;
    assert.equal(podsToResetHotUpgrade(s, [p]).length, 1);
    (p.status?.containerStatuses?.[1] as { ready: boolean }).ready = false;
    assert.equal(podsToResetHotUpgrade(s, [p]).length, 0);
  });
});
