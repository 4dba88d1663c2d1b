// Injection at pod creation (docs/behaviour/sidecarset.md#injection-content, #injection-merge-order, #injection-annotations; Kruise pkg/webhook/pod/mutating/sidecarset_test.go).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  injectSidecars,
  mergeSidecarContainers,
  newSidecarSetRevision,
  type Pod,
  parseUpgradeSpecs,
  SIDECARSET_HASH_ANNOTATION,
  SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION,
  SIDECARSET_INJECTED_LIST_ANNOTATION,
  type SidecarSet,
  sidecarSetHashAnnotations,
} from '../../src/index.ts';
import { NOW, pod, sidecarSet } from '../fixtures.ts';

const names = (p: Pod | undefined, init = false) =>
  (init ? p?.spec.initContainers : p?.spec.containers)?.map((c) => c.name);

function withHashes(s: SidecarSet): SidecarSet {
  s.metadata = {
    ...s.metadata,
    annotations: { ...s.metadata?.annotations, ...sidecarSetHashAnnotations(s) },
  };
  return s;
}

describe('injectSidecars', () => {
  it('the documentation example: Exists selector, app: nginx → sidecar first, then nginx', () => {
    const s = withHashes(
      sidecarSet('test-sidecarset', {
        selector: { matchExpressions: [{ key: 'app', operator: 'Exists' }] },
        containers: [
          {
            name: 'sidecar1',
            image: 'centos:6.7',
            command: ['sleep', '999d'],
            podInjectPolicy: 'BeforeAppContainer',
            shareVolumePolicy: { type: 'disabled' },
            volumeMounts: [{ name: 'log-volume', mountPath: '/var/log' }],
          },
        ],
        volumes: [{ name: 'log-volume', emptyDir: {} }],
      }),
    );
    const out = injectSidecars(pod('test-pod'), [s], NOW);
    assert.deepEqual(names(out), ['sidecar1', 'nginx']);
    assert.deepEqual(out?.spec.containers[0]?.env, [{ name: 'IS_INJECTED', value: 'true' }]);
    assert.deepEqual(out?.spec.volumes, [{ name: 'log-volume', emptyDir: {} }]);
    const a = out?.metadata.annotations ?? {};
    assert.equal(a[SIDECARSET_INJECTED_LIST_ANNOTATION], 'test-sidecarset');
    const spec = parseUpgradeSpecs(a[SIDECARSET_HASH_ANNOTATION])['test-sidecarset'];
    assert.deepEqual(spec, {
      updateTimestamp: '2026-07-01T12:00:00Z',
      hash: s.metadata?.annotations?.[SIDECARSET_HASH_ANNOTATION],
      sidecarSetName: 'test-sidecarset',
      sidecarList: ['sidecar1'],
      // No status yet: the name the controller's revision of this spec gets.
      controllerRevision: newSidecarSetRevision(s, 'kruise-system', 1, 0).metadata.name,
    });
    const withoutImage = parseUpgradeSpecs(a[SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION])['test-sidecarset'];
    assert.equal(withoutImage?.hash, s.metadata?.annotations?.[SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION]);
    // Kruise's field names only: nothing of SidecarContainer's own fields reaches the pod.
    assert.equal('podInjectPolicy' in (out?.spec.containers[0] ?? {}), false);
  });

  it('records status.latestRevision as controllerRevision once the controller set it', () => {
    const s = sidecarSet('ss');
    s.status = { matchedPods: 0, updatedPods: 0, readyPods: 0, latestRevision: 'ss-abc' };
    const out = injectSidecars(pod('p'), [s], NOW);
    assert.equal(
      parseUpgradeSpecs(out?.metadata.annotations?.[SIDECARSET_HASH_ANNOTATION]).ss?.controllerRevision,
      'ss-abc',
    );
  });

  it('records the revision name the controller will give the spec while status.latestRevision is unset', () => {
    const s = sidecarSet('ss');
    const out = injectSidecars(pod('p'), [s], NOW);
    const recorded = parseUpgradeSpecs(out?.metadata.annotations?.[SIDECARSET_HASH_ANNOTATION]).ss;
    assert.equal(recorded?.controllerRevision, newSidecarSetRevision(s, 'kruise-system', 1, 0).metadata.name);
    s.status = { matchedPods: 0, updatedPods: 0, readyPods: 0, collisionCount: 2 };
    const collided = injectSidecars(pod('p'), [s], NOW);
    assert.equal(
      parseUpgradeSpecs(collided?.metadata.annotations?.[SIDECARSET_HASH_ANNOTATION]).ss?.controllerRevision,
      newSidecarSetRevision(s, 'kruise-system', 1, 2).metadata.name,
    );
  });

  const policyCases: {
    name: string;
    policies: ('BeforeAppContainer' | 'AfterAppContainer')[];
    want: string[];
  }[] = [
    {
      name: 'Before, Before',
      policies: ['BeforeAppContainer', 'BeforeAppContainer'],
      want: ['s0', 's1', 'app'],
    },
    { name: 'After, After', policies: ['AfterAppContainer', 'AfterAppContainer'], want: ['app', 's0', 's1'] },
    {
      name: 'Before, After',
      policies: ['BeforeAppContainer', 'AfterAppContainer'],
      want: ['s0', 'app', 's1'],
    },
  ];
  for (const c of policyCases) {
    it(`podInjectPolicy ${c.name} (TestSidecarSetPodInjectPolicy)`, () => {
      const s = sidecarSet('ss', {
        containers: c.policies.map((podInjectPolicy, i) => ({
          name: `s${i}`,
          image: 'busybox',
          podInjectPolicy,
        })),
      });
      const p = pod('p', { containers: [{ name: 'app', image: 'nginx' }] });
      assert.deepEqual(names(injectSidecars(p, [s], NOW)), c.want);
    });
  }

  it('a sidecar named like a pod container replaces it in place (TestMergeSidecarContainers)', () => {
    const merged = mergeSidecarContainers(
      [
        { name: 'a', image: 'a' },
        { name: 'dup', image: 'old' },
      ],
      [
        { container: { name: 'dup', image: 'new' }, policy: 'BeforeAppContainer' },
        { container: { name: 'b', image: 'b' }, policy: 'BeforeAppContainer' },
      ],
    );
    assert.deepEqual(merged, [
      { name: 'b', image: 'b' },
      { name: 'a', image: 'a' },
      { name: 'dup', image: 'new' },
    ]);
  });

  it('init containers are sorted by name; Before ones go first (TestInjectInitContainerSort)', () => {
    const s = sidecarSet('ss', {
      containers: [],
      initContainers: [
        { name: 'a', image: 'busybox', podInjectPolicy: 'AfterAppContainer' },
        { name: 'c', image: 'busybox', podInjectPolicy: 'BeforeAppContainer' },
        { name: 'b', image: 'busybox', podInjectPolicy: 'BeforeAppContainer' },
      ],
    });
    const p = pod('p', {
      initContainers: [
        { name: 'app1-init', image: 'x' },
        { name: 'app2-init', image: 'x' },
      ],
    });
    const out = injectSidecars(p, [s], NOW);
    assert.deepEqual(names(out, true), ['b', 'c', 'app1-init', 'app2-init', 'a']);
    assert.deepEqual(names(out), ['nginx']);
    assert.deepEqual(out?.spec.initContainers?.[0]?.env, [{ name: 'IS_INJECTED', value: 'true' }]);
  });

  it('containers keep SidecarSet order, or are sorted by name with EnableSortSidecarContainerByName', () => {
    const s = sidecarSet('ss', {
      containers: [
        { name: 'zeta', image: 'busybox', podInjectPolicy: 'BeforeAppContainer' },
        { name: 'alpha', image: 'busybox', podInjectPolicy: 'AfterAppContainer' },
        { name: 'mu', image: 'busybox', podInjectPolicy: 'BeforeAppContainer' },
      ],
    });
    assert.deepEqual(names(injectSidecars(pod('p'), [s], NOW)), ['zeta', 'mu', 'nginx', 'alpha']);
    assert.deepEqual(names(injectSidecars(pod('p'), [s], NOW, { sortContainersByName: true })), [
      'mu',
      'zeta',
      'nginx',
      'alpha',
    ]);
  });

  it('native-sidecar init containers are in the sidecarList; plain ones are not', () => {
    const s = sidecarSet('ss', {
      initContainers: [
        { name: 'native', image: 'busybox', restartPolicy: 'Always' },
        { name: 'plain', image: 'busybox' },
      ],
    });
    const out = injectSidecars(pod('p'), [s], NOW);
    assert.deepEqual(
      parseUpgradeSpecs(out?.metadata.annotations?.[SIDECARSET_HASH_ANNOTATION]).ss?.sidecarList,
      ['native', 'sidecar1'],
    );
  });

  it('shareVolumePolicy enabled: app mounts are shared unless the path is taken; subPathExpr env copied', () => {
    const s = sidecarSet('ss', {
      containers: [
        {
          name: 'sidecar1',
          image: 'busybox',
          shareVolumePolicy: { type: 'enabled' },
          volumeMounts: [{ name: 'own', mountPath: '/taken' }],
        },
        { name: 'sidecar2', image: 'busybox', shareVolumePolicy: { type: 'disabled' } },
      ],
      volumes: [{ name: 'own', emptyDir: {} }],
    });
    const p = pod('p', {
      containers: [
        {
          name: 'nginx',
          image: 'nginx',
          env: [{ name: 'POD_NAME', value: 'x' }],
          volumeMounts: [
            { name: 'logs', mountPath: '/var/log', subPathExpr: 'foo/$(POD_NAME)' },
            { name: 'other', mountPath: '/taken' },
          ],
        },
      ],
      volumes: [
        { name: 'logs', emptyDir: {} },
        { name: 'other', emptyDir: {} },
      ],
    });
    const out = injectSidecars(p, [s], NOW);
    const s1 = out?.spec.containers.find((c) => c.name === 'sidecar1');
    const s2 = out?.spec.containers.find((c) => c.name === 'sidecar2');
    assert.deepEqual(s1?.volumeMounts, [
      { name: 'own', mountPath: '/taken' },
      { name: 'logs', mountPath: '/var/log', subPathExpr: 'foo/$(POD_NAME)' },
    ]);
    assert.deepEqual(s1?.env, [
      { name: 'IS_INJECTED', value: 'true' },
      { name: 'POD_NAME', value: 'x' },
    ]);
    assert.equal(s2?.volumeMounts, undefined);
    // The pod's own volume of that name wins; the SidecarSet's `own` is added.
    assert.deepEqual(
      out?.spec.volumes?.map((v) => v.name),
      ['logs', 'other', 'own'],
    );
  });

  it('volumes: only those the sidecars mount, pod volumes win on name clash (TestSidecarVolumesAppend)', () => {
    const s = sidecarSet('ss', {
      containers: [
        { name: 'sidecar1', image: 'busybox', volumeMounts: [{ name: 'shared', mountPath: '/a' }] },
      ],
      volumes: [
        { name: 'shared', hostPath: { path: '/from-sidecarset' } },
        { name: 'unused', emptyDir: {} },
      ],
    });
    const p = pod('p', { volumes: [{ name: 'shared', hostPath: { path: '/from-pod' } }] });
    assert.deepEqual(injectSidecars(p, [s], NOW)?.spec.volumes, [
      { name: 'shared', hostPath: { path: '/from-pod' } },
    ]);
    const bare = injectSidecars(pod('q'), [s], NOW);
    assert.deepEqual(bare?.spec.volumes, [{ name: 'shared', hostPath: { path: '/from-sidecarset' } }]);
  });

  it('transferEnv: by name, by label fieldRef; missing vars and metadata.name are skipped (TestSidecarSetTransferEnv)', () => {
    const s = sidecarSet('ss', {
      containers: [
        {
          name: 'sidecar1',
          image: 'busybox',
          env: [{ name: 'OWN', value: 'sidecar' }],
          transferEnv: [
            { sourceContainerName: 'nginx', envName: 'TZ' },
            { sourceContainerName: 'nginx', envNames: ['OWN', 'MISSING', 'SECRET'] },
            {
              sourceContainerNameFrom: {
                fieldRef: { apiVersion: 'v1', fieldPath: "metadata.labels['source']" },
              },
              envName: 'FROM_LABEL',
            },
            {
              sourceContainerNameFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } },
              envName: 'TZ2',
            },
          ],
        },
      ],
    });
    const p = pod(
      'p',
      {
        containers: [
          {
            name: 'nginx',
            image: 'nginx',
            env: [
              { name: 'TZ', value: 'Asia/Shanghai' },
              { name: 'OWN', value: 'app' },
              { name: 'SECRET', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } },
              { name: 'TZ2', value: 'x' },
            ],
          },
          { name: 'other', image: 'x', env: [{ name: 'FROM_LABEL', value: 'yes' }] },
        ],
      },
      { app: 'nginx', source: 'other' },
    );
    const out = injectSidecars(p, [s], NOW);
    assert.deepEqual(out?.spec.containers.find((c) => c.name === 'sidecar1')?.env, [
      { name: 'OWN', value: 'sidecar' },
      { name: 'IS_INJECTED', value: 'true' },
      { name: 'TZ', value: 'Asia/Shanghai' },
      { name: 'SECRET', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } },
      { name: 'FROM_LABEL', value: 'yes' },
    ]);
  });

  it('imagePullSecrets: the pod first, deduplicated by name (TestMergeSidecarSecrets)', () => {
    const s = sidecarSet('ss', { imagePullSecrets: [{ name: 'a' }, { name: 'b' }] });
    const out = injectSidecars(pod('p', { imagePullSecrets: [{ name: 'b' }, { name: 'c' }] }), [s], NOW);
    assert.deepEqual(out?.spec.imagePullSecrets, [{ name: 'b' }, { name: 'c' }, { name: 'a' }]);
  });

  it('patchPodMetadata: Retain, Overwrite and MergePatchJson over two SidecarSets (TestInjectMetadata)', () => {
    const a = sidecarSet('a', {
      containers: [{ name: 'ca', image: 'x' }],
      patchPodMetadata: [
        { annotations: { key1: '{"log-agent":1}' }, patchPolicy: 'MergePatchJson' },
        { annotations: { keep: 'new', set: 'new' }, patchPolicy: 'Retain' },
      ],
    });
    const b = sidecarSet('b', {
      containers: [{ name: 'cb', image: 'x' }],
      patchPodMetadata: [
        { annotations: { key1: '{"envoy":2}' }, patchPolicy: 'MergePatchJson' },
        { annotations: { over: 'b' }, patchPolicy: 'Overwrite' },
      ],
    });
    const p = pod('p');
    p.metadata.annotations = { keep: 'old', over: 'old' };
    const out = injectSidecars(p, [a, b], NOW)?.metadata.annotations ?? {};
    assert.equal(out.key1, '{"envoy":2,"log-agent":1}');
    assert.equal(out.keep, 'old');
    assert.equal(out.set, 'new');
    assert.equal(out.over, 'b');
    assert.equal(out[SIDECARSET_INJECTED_LIST_ANNOTATION], 'a,b');
  });

  it('keeps other SidecarSets’ entries and upgrades the legacy hash format (TestPodSidecarSetHashCompatibility)', () => {
    const p = pod('p');
    p.metadata.annotations = {
      [SIDECARSET_HASH_ANNOTATION]: '{"old":"h1"}',
      [SIDECARSET_INJECTED_LIST_ANNOTATION]: 'old',
    };
    const out = injectSidecars(p, [sidecarSet('ss')], NOW)?.metadata.annotations ?? {};
    const specs = parseUpgradeSpecs(out[SIDECARSET_HASH_ANNOTATION]);
    assert.deepEqual(Object.keys(specs), ['old', 'ss']);
    assert.equal(specs.old?.hash, 'h1');
    assert.equal(out[SIDECARSET_INJECTED_LIST_ANNOTATION], 'old,ss');
  });

  it('an unreadable hash annotation is an error (the webhook refuses the pod)', () => {
    const p = pod('p');
    p.metadata.annotations = { [SIDECARSET_HASH_ANNOTATION]: 'not json' };
    assert.throws(() => injectSidecars(p, [sidecarSet('ss')], NOW), /unmarshal failed/);
  });

  it('inactive pods and no SidecarSets: nothing to do (TestPodHasNoMatchedSidecarSet)', () => {
    assert.equal(injectSidecars(pod('p'), [], NOW), undefined);
    const done = pod('p');
    done.status = { phase: 'Succeeded' };
    assert.equal(injectSidecars(done, [sidecarSet('ss')], NOW), undefined);
  });

  it('does not modify its input', () => {
    const p = pod('p');
    const before = structuredClone(p);
    injectSidecars(p, [sidecarSet('ss')], NOW);
    assert.deepEqual(p, before);
  });
});
