// SidecarSet injection through the real apiserver (docs/behaviour/sidecarset.md#injection): the webhook server's bus-fed SidecarSet cache is
// filled by the watcher service (a child process on this run's bus prefix). Covers the product documentation's
// example, every injection option, namespace scoping (namespaceSelector and v1alpha1 `namespace`), conflicting
// SidecarSets, and HotUpgrade sidecars (the two slots, and the refusal of one without an empty image).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startWatcherProcess, type WatcherProcess } from '@kruise-ts/devcluster';
import { parseUpgradeSpecs, type SidecarSet } from '@kruise-ts/sidecarset';
import type { V1Pod } from '@kubernetes/client-node';
import { type E2eEnv, startE2eEnv, statusOf } from '../support/env.ts';

let env: E2eEnv;
let watcher: WatcherProcess;
const created: string[] = [];

before(async () => {
  // v1alpha1 SidecarSets (spec.namespace) need the conversion webhook: this file owns the CRDs while it runs.
  env = await startE2eEnv({ manageCrds: true });
  watcher = await startWatcherProcess({
    kubeconfigPath: env.cluster.kubeconfigPath,
    natsUrl: env.cluster.natsUrl,
    // startE2eEnv's webhook server uses this prefix and 16 partitions.
    busPrefix: `wh${env.run}`,
    resources: ['sidecarsets.apps.kruise.io', 'namespaces.core'],
  });
  // patchPodMetadata needs the key whitelisted, as in Kruise (kruise-configuration in the kruise namespace).
  await env.core.createNamespacedConfigMap({
    namespace: env.names.certNamespace,
    body: {
      metadata: { name: 'kruise-configuration' },
      data: {
        SidecarSet_PatchPodMetadata_WhiteList: JSON.stringify({
          rules: [{ allowedAnnotationKeyExprs: ['^example\\.com/patched$'] }],
        }),
      },
    },
  });
});

after(async () => {
  for (const name of created) {
    await env.custom
      .deleteClusterCustomObject({ group: 'apps.kruise.io', version: 'v1beta1', plural: 'sidecarsets', name })
      .catch(() => {});
  }
  await watcher?.stop();
  await env?.cleanup();
});

/** A SidecarSet scoped to this run (the SidecarSet webhooks only see objects with the run label). */
async function createSidecarSet(
  name: string,
  spec: Record<string, unknown>,
  version: 'v1alpha1' | 'v1beta1' = 'v1beta1',
): Promise<SidecarSet> {
  const full = `${name}-${env.run}`;
  const body = {
    apiVersion: `apps.kruise.io/${version}`,
    kind: 'SidecarSet',
    metadata: { name: full, labels: { [env.scope.key]: env.scope.value } },
    spec,
  };
  const out = await env.custom.createClusterCustomObject({
    group: 'apps.kruise.io',
    version,
    plural: 'sidecarsets',
    body,
  });
  created.push(full);
  return out as SidecarSet;
}

function pod(name: string, labels: Record<string, string>, spec?: Partial<V1Pod['spec']>): V1Pod {
  return {
    metadata: { name, labels },
    spec: { containers: [{ name: 'app', image: 'nginx:1.25' }], ...spec },
  };
}

const names = (p: V1Pod | undefined) => p?.spec?.containers.map((c) => c.name) ?? [];

/** client-node returns model class instances; compare as JSON. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The webhook's cache follows the bus: wait until a dry-run create shows the SidecarSet's container. */
async function injectedInto(namespace: string, labels: Record<string, string>, container: string) {
  await eventually(
    `container ${container} injected in ${namespace}`,
    async () => {
      const dry = await env.core.createNamespacedPod({
        namespace,
        body: pod(`dry-${Date.now()}`, labels),
        dryRun: 'All',
      });
      return names(dry).includes(container);
    },
    { timeoutMs: 30_000, intervalMs: 250 },
  );
}

describe('SidecarSet injection through the apiserver', () => {
  it('the documentation example: `app` Exists selects a pod labelled app: nginx → sidecar1 then nginx', async () => {
    const ns = await env.namespace();
    const ss = await createSidecarSet('test-sidecarset', {
      selector: { matchExpressions: [{ key: 'app', operator: 'Exists' }] },
      updateStrategy: { type: 'RollingUpdate', maxUnavailable: 1 },
      containers: [
        {
          name: 'sidecar1',
          image: 'centos:6.7',
          command: ['sleep', '999d'],
          volumeMounts: [{ name: 'log-volume', mountPath: '/var/log' }],
        },
      ],
      volumes: [{ name: 'log-volume', emptyDir: {} }],
    });
    const hash = ss.metadata?.annotations?.['kruise.io/sidecarset-hash'];
    assert.ok(hash, 'the SidecarSet webhook wrote the hash annotation');
    await injectedInto(ns, { app: 'probe' }, 'sidecar1');

    const created = await env.core.createNamespacedPod({
      namespace: ns,
      body: {
        metadata: { name: 'test-pod', labels: { app: 'nginx' } },
        spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }] },
      },
    });
    assert.deepEqual(names(created), ['sidecar1', 'nginx']);
    const sidecar = created.spec?.containers[0];
    assert.equal(sidecar?.image, 'centos:6.7');
    assert.deepEqual(plain(sidecar?.env), [{ name: 'IS_INJECTED', value: 'true' }]);
    assert.deepEqual(plain(created.spec?.volumes?.filter((v) => v.name === 'log-volume')), [
      { name: 'log-volume', emptyDir: {} },
    ]);
    const annotations = created.metadata?.annotations ?? {};
    const name = ss.metadata?.name ?? '';
    assert.equal(annotations['kruise.io/sidecarset-injected-list'], name);
    const spec = parseUpgradeSpecs(annotations['kruise.io/sidecarset-hash'])[name];
    assert.equal(spec?.hash, hash);
    assert.deepEqual(spec?.sidecarList, ['sidecar1']);
    assert.equal(
      parseUpgradeSpecs(annotations['kruise.io/sidecarset-hash-without-image'])[name]?.hash,
      ss.metadata?.annotations?.['kruise.io/sidecarset-hash-without-image'],
    );
    // Pods without the label are left alone.
    const unlabelled = await env.core.createNamespacedPod({
      namespace: ns,
      body: pod('plain', { role: 'x' }),
    });
    assert.deepEqual(names(unlabelled), ['app']);
  });

  it('every injection option: order, init containers, shared volumes, volumes, transferEnv, pull secrets, metadata', async () => {
    const ns = await env.namespace();
    await createSidecarSet('options', {
      selector: { matchLabels: { feature: 'options' } },
      initContainers: [
        { name: 'init-b', image: 'busybox:1.36', command: ['true'] },
        { name: 'init-a', image: 'busybox:1.36', command: ['true'], podInjectPolicy: 'BeforeAppContainer' },
      ],
      containers: [
        {
          name: 'before-c',
          image: 'busybox:1.36',
          podInjectPolicy: 'BeforeAppContainer',
          shareVolumePolicy: { type: 'enabled' },
          volumeMounts: [{ name: 'ss-vol', mountPath: '/ss' }],
          transferEnv: [
            { sourceContainerName: 'app', envName: 'TZ' },
            {
              sourceContainerNameFrom: { fieldRef: { fieldPath: "metadata.labels['env-source']" } },
              envNames: ['FROM_LABEL'],
            },
          ],
        },
        { name: 'after-c', image: 'busybox:1.36', podInjectPolicy: 'AfterAppContainer' },
      ],
      volumes: [
        { name: 'ss-vol', emptyDir: {} },
        { name: 'unused-vol', emptyDir: {} },
      ],
      imagePullSecrets: [{ name: 'ss-secret' }],
      patchPodMetadata: [{ annotations: { 'example.com/patched': 'yes' }, patchPolicy: 'Retain' }],
    });
    await injectedInto(ns, { feature: 'options' }, 'before-c');

    const p = await env.core.createNamespacedPod({
      namespace: ns,
      body: pod(
        'options',
        { feature: 'options', 'env-source': 'other' },
        {
          initContainers: [{ name: 'pod-init', image: 'busybox:1.36', command: ['true'] }],
          containers: [
            {
              name: 'app',
              image: 'nginx:1.25',
              env: [{ name: 'TZ', value: 'Europe/Berlin' }],
              volumeMounts: [{ name: 'data', mountPath: '/data' }],
            },
            { name: 'other', image: 'nginx:1.25', env: [{ name: 'FROM_LABEL', value: 'from-other' }] },
          ],
          volumes: [{ name: 'data', emptyDir: {} }],
          imagePullSecrets: [{ name: 'pod-secret' }],
        },
      ),
    });
    assert.deepEqual(
      p.spec?.initContainers?.map((c) => c.name),
      ['init-a', 'pod-init', 'init-b'],
    );
    assert.deepEqual(names(p), ['before-c', 'app', 'other', 'after-c']);
    const before = p.spec?.containers[0];
    assert.deepEqual(plain(before?.env), [
      { name: 'IS_INJECTED', value: 'true' },
      { name: 'TZ', value: 'Europe/Berlin' },
      { name: 'FROM_LABEL', value: 'from-other' },
    ]);
    assert.deepEqual(
      before?.volumeMounts?.map((m) => `${m.name}:${m.mountPath}`),
      ['ss-vol:/ss', 'data:/data'],
    );
    assert.equal(p.spec?.containers[3]?.volumeMounts, undefined, 'after-c shares nothing');
    assert.deepEqual(
      p.spec?.volumes?.map((v) => v.name),
      ['data', 'ss-vol'],
    );
    assert.deepEqual(
      p.spec?.imagePullSecrets?.map((s) => s.name),
      ['pod-secret', 'ss-secret'],
    );
    assert.equal(p.metadata?.annotations?.['example.com/patched'], 'yes');
  });

  it('namespace scoping: namespaceSelector, and v1alpha1 `namespace`', async () => {
    const team = `a-${env.run}`;
    const nsA = await env.namespace({ labels: { team } });
    const nsB = await env.namespace();
    await createSidecarSet('scoped', {
      selector: { matchLabels: { feature: 'scoped' } },
      namespaceSelector: { matchLabels: { team } },
      containers: [{ name: 'scoped-c', image: 'busybox:1.36' }],
    });
    await createSidecarSet(
      'scoped-alpha',
      {
        selector: { matchLabels: { feature: 'scoped-alpha' } },
        namespace: nsB,
        containers: [{ name: 'alpha-c', image: 'busybox:1.36' }],
      },
      'v1alpha1',
    );
    await injectedInto(nsA, { feature: 'scoped' }, 'scoped-c');
    await injectedInto(nsB, { feature: 'scoped-alpha' }, 'alpha-c');

    const inA = await env.core.createNamespacedPod({ namespace: nsA, body: pod('a', { feature: 'scoped' }) });
    const inB = await env.core.createNamespacedPod({ namespace: nsB, body: pod('b', { feature: 'scoped' }) });
    const alphaInB = await env.core.createNamespacedPod({
      namespace: nsB,
      body: pod('alpha-b', { feature: 'scoped-alpha' }),
    });
    const alphaInA = await env.core.createNamespacedPod({
      namespace: nsA,
      body: pod('alpha-a', { feature: 'scoped-alpha' }),
    });
    assert.deepEqual(names(inA), ['scoped-c', 'app']);
    assert.deepEqual(names(inB), ['app']);
    assert.deepEqual(names(alphaInB), ['alpha-c', 'app']);
    assert.deepEqual(names(alphaInA), ['app']);
  });

  it('conflicting SidecarSets: a second one injecting the same container into overlapping pods is refused', async () => {
    const ns = await env.namespace();
    const first = await createSidecarSet('conflict-1', {
      selector: { matchLabels: { feature: 'conflict' } },
      containers: [{ name: 'dup', image: 'busybox:1.36' }],
    });
    await injectedInto(ns, { feature: 'conflict' }, 'dup');
    await assert.rejects(
      createSidecarSet('conflict-2', {
        selector: { matchLabels: { feature: 'conflict', tier: 'x' } },
        containers: [{ name: 'dup', image: 'busybox:1.37' }],
      }),
      (err: unknown) => {
        const status = statusOf(err);
        assert.equal(status.code, 422, JSON.stringify(status));
        assert.match(
          status.message ?? '',
          new RegExp(`container dup already exist in ${first.metadata?.name}`),
        );
        return true;
      },
    );
    const p = await env.core.createNamespacedPod({
      namespace: ns,
      body: pod('conflict', { feature: 'conflict', tier: 'x' }),
    });
    assert.deepEqual(names(p), ['dup', 'app']);
  });

  it('a HotUpgrade sidecar is injected as two slots with their version annotations (docs/behaviour/sidecarset.md#hot-upgrade-injection)', async () => {
    const ns = await env.namespace();
    await createSidecarSet('hot', {
      selector: { matchLabels: { feature: 'hot' } },
      containers: [
        {
          name: 'hot',
          image: 'busybox:1.36',
          command: ['sleep', '999d'],
          upgradeStrategy: { upgradeType: 'HotUpgrade', hotUpgradeEmptyImage: 'busybox:empty' },
        },
      ],
    });
    await injectedInto(ns, { feature: 'hot' }, 'hot-1');
    const p = await env.core.createNamespacedPod({ namespace: ns, body: pod('hot', { feature: 'hot' }) });
    assert.deepEqual(
      p.spec?.containers.map((c) => [c.name, c.image]),
      // podInjectPolicy defaults to BeforeAppContainer.
      [
        ['hot-1', 'busybox:1.36'],
        ['hot-2', 'busybox:empty'],
        ['app', 'nginx:1.25'],
      ],
    );
    // The apiserver accepted the downward-API references to the version annotations.
    assert.deepEqual(plain(p.spec?.containers[1]?.env), [
      { name: 'IS_INJECTED', value: 'true' },
      {
        name: 'SIDECARSET_VERSION',
        valueFrom: {
          fieldRef: {
            apiVersion: 'v1',
            fieldPath: "metadata.annotations['version.sidecarset.kruise.io/hot-2']",
          },
        },
      },
      {
        name: 'SIDECARSET_VERSION_ALT',
        valueFrom: {
          fieldRef: {
            apiVersion: 'v1',
            fieldPath: "metadata.annotations['versionalt.sidecarset.kruise.io/hot-2']",
          },
        },
      },
    ]);
    const a = p.metadata?.annotations ?? {};
    assert.equal(a['kruise.io/sidecarset-working-hotupgrade-container'], '{"hot":"hot-1"}');
    assert.deepEqual(
      [
        a['version.sidecarset.kruise.io/hot-1'],
        a['versionalt.sidecarset.kruise.io/hot-1'],
        a['version.sidecarset.kruise.io/hot-2'],
        a['versionalt.sidecarset.kruise.io/hot-2'],
      ],
      ['1', '0', '0', '1'],
    );
  });

  it('a HotUpgrade sidecar without hotUpgradeEmptyImage is refused', async () => {
    await assert.rejects(
      createSidecarSet('hot-no-empty', {
        selector: { matchLabels: { feature: 'hot-no-empty' } },
        containers: [{ name: 'hot', image: 'busybox:1.36', upgradeStrategy: { upgradeType: 'HotUpgrade' } }],
      }),
      (err: unknown) => {
        const status = statusOf(err);
        assert.equal(status.code, 422);
        assert.match(
          status.message ?? '',
          /spec\.containers\[0\]\.upgradeStrategy\.hotUpgradeEmptyImage: Required value/,
        );
        return true;
      },
    );
  });

  it('resourcesPolicy: the sidecar gets resources computed from the matching app containers; a bad expression is refused', async () => {
    const ns = await env.namespace();
    const policy = (cpu: string) => ({
      targetContainersMode: 'sum',
      targetContainersNameRegex: '^app',
      resourcesExpr: { limits: { cpu, memory: 'memory*50%' }, requests: { cpu: 'max(cpu*50%, 50m)' } },
    });
    await createSidecarSet('resources', {
      selector: { matchLabels: { feature: 'resources' } },
      containers: [{ name: 'proxy', image: 'envoy:1', resourcesPolicy: policy('cpu*50%') }],
    });
    await injectedInto(ns, { feature: 'resources' }, 'proxy');
    const created = await env.core.createNamespacedPod({
      namespace: ns,
      body: pod(
        'with-resources',
        { feature: 'resources' },
        {
          containers: [
            {
              name: 'app',
              image: 'nginx:1.25',
              resources: { limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '100m' } },
            },
            {
              name: 'app-helper',
              image: 'nginx:1.25',
              resources: { limits: { cpu: '500m', memory: '512Mi' }, requests: { cpu: '100m' } },
            },
            { name: 'metrics', image: 'exporter:1', resources: { limits: { cpu: '4', memory: '4Gi' } } },
          ],
        },
      ),
    });
    const proxy = created.spec?.containers.find((c) => c.name === 'proxy');
    // Limits from 1.5 cores and 1.5 GiB (metrics does not match ^app), the cpu request from 200m; the apiserver
    // defaults the memory request the policy leaves out to the limit, as it does for any container.
    assert.deepEqual(plain(proxy?.resources), {
      limits: { cpu: '750m', memory: '768Mi' },
      requests: { cpu: '100m', memory: '768Mi' },
    });

    await assert.rejects(
      createSidecarSet('resources-bad', {
        selector: { matchLabels: { feature: 'resources-bad' } },
        containers: [{ name: 'proxy', image: 'envoy:1', resourcesPolicy: policy('cpu *') }],
      }),
      (err: unknown) => {
        const status = statusOf(err);
        assert.equal(status.code, 422);
        assert.match(
          status.message ?? '',
          /spec\[0\]\.resourcesPolicy\.resourcesExpr\.limits\.cpu: Invalid value: "cpu \*": invalid expression: parse error: syntax error at line 1, col 6/,
        );
        return true;
      },
    );
  });
});
