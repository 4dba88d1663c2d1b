// /mutate-pod with SidecarSet injection and the SidecarSet webhooks' additions, in-process (docs/behaviour/sidecarset.md#defaults, #injection):
// the pod patch the apiserver would apply, pinned injection revisions, namespace selectors through the
// cache (and the apiserver fallback), refusals, hash annotations, HotUpgrade slots and validation, conflict refusals.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ControllerRevision } from '@kruise-ts/core';
import {
  newSidecarSetRevision,
  type Pod,
  parseUpgradeSpecs,
  type SidecarSet,
  sidecarSetHashAnnotations,
} from '@kruise-ts/sidecarset';
import { createLogger } from '@kruise-ts/telemetry';
import fastJsonPatch from 'fast-json-patch';
import { servedKind } from '../../src/kinds.ts';
import type { SidecarSetSource } from '../../src/sidecarset/cache.ts';
import { podInjector } from '../../src/sidecarset/injector.ts';
import { admissionReview, testApp } from '../support/app.ts';

interface Review {
  response: { allowed: boolean; patch?: string; status?: { code: number; message: string } };
}

const state = {
  sidecarSets: [] as SidecarSet[],
  namespaces: new Map<string, Record<string, string>>([['default', { env: 'prod' }]]),
  apiserverNamespaces: new Map<string, Record<string, string>>(),
  revisions: [] as ControllerRevision[],
  synced: true,
};

const source: SidecarSetSource = {
  list: () => state.sidecarSets,
  namespaceLabels: (name) => state.namespaces.get(name),
  isSynced: () => state.synced,
};

let harness: Awaited<ReturnType<typeof testApp>>;
before(async () => {
  harness = await testApp({
    mutatePod: podInjector({
      sidecarSets: source,
      revisions: async () => state.revisions,
      readNamespaceLabels: async (name) => state.apiserverNamespaces.get(name),
      logger: createLogger({ name: 'test', level: 'silent' }),
      now: () => new Date('2026-07-01T12:00:00Z'),
      random: () => 0.5,
    }),
    validationContext: () => ({ sidecarSets: state.sidecarSets }),
  });
});
after(() => harness.app.fastify.close());

function sidecarSet(name: string, spec: Partial<SidecarSet['spec']>): SidecarSet {
  const s: SidecarSet = {
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'SidecarSet',
    metadata: { name, uid: `uid-${name}` },
    spec: {
      selector: { matchLabels: { app: 'nginx' } },
      containers: [{ name: `${name}-c`, image: 'busybox:1.36', podInjectPolicy: 'BeforeAppContainer' }],
      ...spec,
    },
  };
  s.metadata = { ...s.metadata, annotations: sidecarSetHashAnnotations(s) };
  return s;
}

const pod = (labels: Record<string, string> = { app: 'nginx' }, namespace?: string): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p', labels, ...(namespace ? { namespace } : {}) },
  spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }] },
});

async function admit(p: Pod, namespace = 'default'): Promise<{ review: Review; pod: Pod }> {
  const body = admissionReview('Pod', 'v1', 'CREATE', p, undefined, '');
  const request = body.request as Record<string, unknown>;
  request.namespace = namespace;
  request.resource = { group: '', version: 'v1', resource: 'pods' };
  const res = await harness.app.fastify.inject({ method: 'POST', url: '/mutate-pod', payload: body });
  assert.equal(res.statusCode, 200);
  const review = res.json() as Review;
  const ops = review.response.patch
    ? (JSON.parse(Buffer.from(review.response.patch, 'base64').toString()) as fastJsonPatch.Operation[])
    : [];
  return { review, pod: fastJsonPatch.applyPatch(structuredClone(p), ops).newDocument };
}

const names = (p: Pod) => p.spec.containers.map((c) => c.name);

describe('/mutate-pod SidecarSet injection', () => {
  it('injects a matching SidecarSet; a pod no SidecarSet matches gets no patch', async () => {
    state.sidecarSets = [sidecarSet('log', {})];
    const { pod: out } = await admit(pod());
    assert.deepEqual(names(out), ['log-c', 'nginx']);
    assert.equal(out.metadata.annotations?.['kruise.io/sidecarset-injected-list'], 'log');
    assert.equal(out.metadata.namespace, undefined, 'the namespace filled in for matching is not patched in');
    const { review } = await admit(pod({ app: 'other' }));
    assert.equal(review.response.allowed, true);
    assert.equal(review.response.patch, undefined);
  });

  const nsCases: { name: string; spec: Partial<SidecarSet['spec']>; ns: string; injected: boolean }[] = [
    {
      name: 'namespaceSelector matching the cached labels',
      spec: { namespaceSelector: { matchLabels: { env: 'prod' } } },
      ns: 'default',
      injected: true,
    },
    {
      name: 'namespaceSelector not matching',
      spec: { namespaceSelector: { matchLabels: { env: 'dev' } } },
      ns: 'default',
      injected: false,
    },
    {
      name: 'namespace unknown to the cache: read from the apiserver',
      spec: { namespaceSelector: { matchLabels: { env: 'new' } } },
      ns: 'fresh',
      injected: true,
    },
    {
      name: 'namespace that does not exist',
      spec: { namespaceSelector: { matchLabels: { env: 'prod' } } },
      ns: 'gone',
      injected: false,
    },
  ];
  for (const c of nsCases) {
    it(c.name, async () => {
      state.apiserverNamespaces.set('fresh', { env: 'new' });
      state.sidecarSets = [sidecarSet('scoped', c.spec)];
      const { pod: out } = await admit(pod(), c.ns);
      assert.equal(names(out).includes('scoped-c'), c.injected);
    });
  }

  it('paused injection is skipped; a canary replaces its base', async () => {
    const canary = sidecarSet('canary', {
      containers: [{ name: 'canary-c', image: 'x', podInjectPolicy: 'AfterAppContainer' }],
    });
    canary.metadata = {
      ...canary.metadata,
      annotations: {
        ...canary.metadata?.annotations,
        'apps.kruise.io/sidecarset-canary': 'true',
        'apps.kruise.io/sidecarset-base': 'base',
      },
    };
    state.sidecarSets = [
      sidecarSet('base', {}),
      canary,
      sidecarSet('paused', { injectionStrategy: { paused: true } }),
    ];
    const { pod: out } = await admit(pod());
    assert.deepEqual(names(out), ['nginx', 'canary-c']);
    assert.equal(out.metadata.annotations?.['kruise.io/sidecarset-injected-list'], 'canary');
  });

  it('a HotUpgrade sidecar is injected as two slots, the second on the empty image (docs/behaviour/sidecarset.md#hot-upgrade-injection)', async () => {
    state.sidecarSets = [
      sidecarSet('hot', {
        containers: [
          {
            name: 'hot-c',
            image: 'envoy:1',
            podInjectPolicy: 'AfterAppContainer',
            upgradeStrategy: { upgradeType: 'HotUpgrade', hotUpgradeEmptyImage: 'envoy:empty' },
          },
        ],
      }),
    ];
    const { pod: out } = await admit(pod());
    assert.deepEqual(
      out.spec.containers.map((c) => [c.name, c.image]),
      [
        ['nginx', pod().spec.containers[0]?.image],
        ['hot-c-1', 'envoy:1'],
        ['hot-c-2', 'envoy:empty'],
      ],
    );
    assert.deepEqual(
      out.spec.containers[1]?.env?.map((e) => e.name),
      ['IS_INJECTED', 'SIDECARSET_VERSION', 'SIDECARSET_VERSION_ALT'],
    );
    const a = out.metadata.annotations ?? {};
    assert.equal(a['kruise.io/sidecarset-working-hotupgrade-container'], '{"hot-c":"hot-c-1"}');
    assert.equal(a['version.sidecarset.kruise.io/hot-c-1'], '1');
    assert.equal(a['version.sidecarset.kruise.io/hot-c-2'], '0');
  });

  it('a pinned injection revision injects the recorded containers; a missing one refuses the pod', async () => {
    const old = sidecarSet('pinned', {
      containers: [{ name: 'pinned-c', image: 'busybox:1.35', podInjectPolicy: 'BeforeAppContainer' }],
    });
    const revision = newSidecarSetRevision(old, 'kruise-system', 1, 0);
    const current = sidecarSet('pinned', {
      injectionStrategy: { revision: { revisionName: revision.metadata.name ?? '', policy: 'Always' } },
    });
    state.sidecarSets = [current];
    state.revisions = [revision];
    const { pod: out } = await admit(pod());
    assert.equal(out.spec.containers[0]?.image, 'busybox:1.35');
    const spec = parseUpgradeSpecs(out.metadata.annotations?.['kruise.io/sidecarset-hash']).pinned;
    assert.equal(spec?.hash, old.metadata?.annotations?.['kruise.io/sidecarset-hash']);
    assert.equal(spec?.controllerRevision, revision.metadata.name);
    state.revisions = [];
    const { review } = await admit(pod());
    assert.equal(review.response.allowed, false);
    assert.equal(review.response.status?.code, 500);
    assert.match(review.response.status?.message ?? '', /injection revision .* not found/);
  });

  it('refuses pods while the cache is not synced, and pods with an unreadable hash annotation', async () => {
    state.sidecarSets = [sidecarSet('log', {})];
    state.synced = false;
    assert.equal((await admit(pod())).review.response.allowed, false);
    state.synced = true;
    const bad = pod();
    bad.metadata.annotations = { 'kruise.io/sidecarset-hash': '{' };
    const { review } = await admit(bad);
    assert.equal(review.response.allowed, false);
    assert.match(review.response.status?.message ?? '', /unmarshal failed/);
  });
});

describe('SidecarSet webhooks', () => {
  const kind = servedKind('SidecarSet')!;
  const body = (spec: Record<string, unknown>, name = 'ss') => ({
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'SidecarSet',
    metadata: { name },
    spec: {
      selector: { matchLabels: { app: 'x' } },
      containers: [{ name: 'c', image: 'busybox:1.36' }],
      ...spec,
    },
  });

  it('defaulting writes both hash annotations; an image change moves only the image hash', () => {
    const a = kind.defaults(body({}), 'v1beta1', {}) as SidecarSet;
    const b = kind.defaults(
      body({ containers: [{ name: 'c', image: 'busybox:1.37' }] }),
      'v1beta1',
      {},
    ) as SidecarSet;
    const ha = a.metadata?.annotations ?? {};
    const hb = b.metadata?.annotations ?? {};
    assert.match(ha['kruise.io/sidecarset-hash'] ?? '', /^[bcdfghjklmnpqrstvwxz2456789]{64}$/);
    assert.notEqual(ha['kruise.io/sidecarset-hash'], hb['kruise.io/sidecarset-hash']);
    assert.equal(
      ha['kruise.io/sidecarset-hash-without-image'],
      hb['kruise.io/sidecarset-hash-without-image'],
    );
    const v1alpha1 = kind.defaults(
      { ...body({}), apiVersion: 'apps.kruise.io/v1alpha1' },
      'v1alpha1',
      {},
    ) as SidecarSet;
    assert.equal(
      v1alpha1.metadata?.annotations?.['kruise.io/sidecarset-hash'],
      ha['kruise.io/sidecarset-hash'],
    );
  });

  it('HotUpgrade is accepted with an empty image, refused without one', async () => {
    const hot = (upgradeStrategy: Record<string, unknown>) =>
      kind.defaults(
        body({ containers: [{ name: 'c', image: 'busybox:1.36', upgradeStrategy }] }, 'hot'),
        'v1beta1',
        {},
      );
    const validate = async (obj: unknown) => {
      const res = await harness.app.fastify.inject({
        method: 'POST',
        url: kind.validatingPath,
        payload: admissionReview('SidecarSet', 'v1beta1', 'CREATE', obj),
      });
      return res.json() as Review & {
        response: { status?: { details?: { causes: { field: string }[] } } };
      };
    };
    state.sidecarSets = [];
    const ok = await validate(hot({ upgradeType: 'HotUpgrade', hotUpgradeEmptyImage: 'empty:1' }));
    assert.equal(ok.response.allowed, true, ok.response.status?.message);
    const review = await validate(hot({ upgradeType: 'HotUpgrade' }));
    assert.equal(review.response.allowed, false);
    assert.match(review.response.status?.message ?? '', /hotUpgradeEmptyImage is required for HotUpgrade/);
    assert.equal(
      review.response.status?.details?.causes[0]?.field,
      'spec.containers[0].upgradeStrategy.hotUpgradeEmptyImage',
    );
  });

  it('a container name another overlapping SidecarSet injects is refused (cross-SidecarSet conflict)', async () => {
    state.sidecarSets = [kind.defaults(body({}, 'first'), 'v1beta1', {}) as SidecarSet];
    const second = kind.defaults(body({}, 'second'), 'v1beta1', {});
    const res = await harness.app.fastify.inject({
      method: 'POST',
      url: kind.validatingPath,
      payload: admissionReview('SidecarSet', 'v1beta1', 'CREATE', second),
    });
    const review = res.json() as Review;
    assert.equal(review.response.allowed, false);
    assert.match(review.response.status?.message ?? '', /container c already exist in first/);
    // A disjoint selector does not conflict.
    const other = kind.defaults(body({ selector: { matchLabels: { app: 'y' } } }, 'third'), 'v1beta1', {});
    const ok = await harness.app.fastify.inject({
      method: 'POST',
      url: kind.validatingPath,
      payload: admissionReview('SidecarSet', 'v1beta1', 'CREATE', other),
    });
    assert.equal((ok.json() as Review).response.allowed, true);
  });
});
