// /mutate-pod with KRUISE_TS_CONTAINER_LAUNCH_PRIORITY, in-process: the barrier env after the KruisePodReady gate
// (no bus) and after SidecarSet injection (bus), so injected sidecars take part in the order; generateName pods
// get their name in the patch; a priority that is not an integer is a 500 naming its field; off changes nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  CONTAINER_LAUNCH_PRIORITY_ANNOTATION,
  CONTAINER_LAUNCH_PRIORITY_ENV,
  containerLaunchPriority,
  launchBarrierEnv,
} from '@kruise-ts/core';
import { type Pod, type SidecarSet, sidecarSetHashAnnotations } from '@kruise-ts/sidecarset';
import { createLogger } from '@kruise-ts/telemetry';
import fastJsonPatch from 'fast-json-patch';
import { podReadinessGateMutator } from '../../src/admission/pod.ts';
import type { SidecarSetSource } from '../../src/sidecarset/cache.ts';
import { podInjector } from '../../src/sidecarset/injector.ts';
import { admissionReview, testApp } from '../support/app.ts';

interface Review {
  response: {
    allowed: boolean;
    patch?: string;
    status?: { code: number; reason: string; message: string };
  };
}

type Harness = Awaited<ReturnType<typeof testApp>>;

const warnings: Record<string, unknown>[] = [];
const logger = createLogger({
  name: 'test',
  level: 'warn',
  destination: { write: (line: string) => void warnings.push(JSON.parse(line) as Record<string, unknown>) },
});

let sidecarSets: SidecarSet[] = [];
const source: SidecarSetSource = {
  list: () => sidecarSets,
  namespaceLabels: () => ({}),
  isSynced: () => true,
};

const harnesses: Record<'noBus' | 'noBusOff' | 'bus' | 'busOff', Harness> = {} as never;
before(async () => {
  const injector = (containerLaunchPriority: boolean) =>
    podInjector({
      sidecarSets: source,
      revisions: async () => [],
      readNamespaceLabels: async () => ({}),
      logger,
      containerLaunchPriority,
      now: () => new Date('2026-07-01T12:00:00Z'),
      random: () => 0,
    });
  harnesses.noBus = await testApp({
    mutatePod: podReadinessGateMutator('none', { containerLaunchPriority: true, logger, random: () => 0 }),
  });
  harnesses.noBusOff = await testApp({ mutatePod: podReadinessGateMutator('none') });
  harnesses.bus = await testApp({ mutatePod: injector(true) });
  harnesses.busOff = await testApp({ mutatePod: injector(false) });
});
after(async () => {
  for (const h of Object.values(harnesses)) await h.app.fastify.close();
});

function sidecarSet(
  name: string,
  policy: 'BeforeAppContainer' | 'AfterAppContainer',
  priority?: string,
): SidecarSet {
  const s: SidecarSet = {
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'SidecarSet',
    metadata: { name, uid: `uid-${name}` },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      containers: [
        {
          name: `${name}-c`,
          image: 'busybox:1.36',
          podInjectPolicy: policy,
          ...(priority === undefined
            ? {}
            : { env: [{ name: CONTAINER_LAUNCH_PRIORITY_ENV, value: priority }] }),
        },
      ],
    },
  };
  s.metadata = { ...s.metadata, annotations: sidecarSetHashAnnotations(s) };
  return s;
}

const ordered = { [CONTAINER_LAUNCH_PRIORITY_ANNOTATION]: 'Ordered' };

function pod(containers: Pod['spec']['containers'], metadata: Partial<Pod['metadata']> = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', labels: { app: 'web' }, ...metadata },
    spec: { containers },
  };
}

async function admit(h: Harness, p: Pod): Promise<{ review: Review; pod: Pod }> {
  const body = admissionReview('Pod', 'v1', 'CREATE', p, undefined, '');
  const request = body.request as Record<string, unknown>;
  request.namespace = 'default';
  request.resource = { group: '', version: 'v1', resource: 'pods' };
  const res = await h.app.fastify.inject({ method: 'POST', url: '/mutate-pod', payload: body });
  assert.equal(res.statusCode, 200);
  const review = res.json() as Review;
  const ops = review.response.patch
    ? (JSON.parse(Buffer.from(review.response.patch, 'base64').toString()) as fastJsonPatch.Operation[])
    : [];
  return { review, pod: fastJsonPatch.applyPatch(structuredClone(p), ops).newDocument };
}

/** Container name → its barrier priority. */
const priorities = (p: Pod) =>
  Object.fromEntries(p.spec.containers.map((c) => [c.name, containerLaunchPriority(c)]));

describe('/mutate-pod container launch priority', () => {
  for (const via of ['noBus', 'bus'] as const) {
    it(`${via}: Ordered gives 0, -1 by index with the barrier env Kruise writes`, async () => {
      sidecarSets = [];
      const { pod: out } = await admit(
        harnesses[via],
        pod([{ name: 'a' }, { name: 'b' }], { annotations: ordered }),
      );
      assert.deepEqual(
        out.spec.containers.map((c) => c.env),
        [[launchBarrierEnv(0, 'p')], [launchBarrierEnv(-1, 'p')]],
      );
      assert.equal(out.metadata.namespace, undefined);
    });

    it(`${via}: KRUISE_CONTAINER_PRIORITY values that differ`, async () => {
      sidecarSets = [];
      const { pod: out } = await admit(
        harnesses[via],
        pod([
          { name: 'a', env: [{ name: CONTAINER_LAUNCH_PRIORITY_ENV, value: '1' }] },
          { name: 'b', env: [{ name: CONTAINER_LAUNCH_PRIORITY_ENV, value: '+10' }] },
          { name: 'c' },
        ]),
      );
      assert.deepEqual(priorities(out), { a: 1, b: 10, c: 0 });
    });

    it(`${via}: a generateName pod is named in the patch, and the barrier carries the name`, async () => {
      sidecarSets = [];
      const p = pod([{ name: 'a' }, { name: 'b' }], { annotations: ordered, generateName: 'web-' });
      delete (p.metadata as { name?: string }).name;
      const { review, pod: out } = await admit(harnesses[via], p);
      const ops = JSON.parse(Buffer.from(review.response.patch ?? '', 'base64').toString()) as unknown[];
      assert.ok(
        ops.some((op) => JSON.stringify(op) === '{"op":"add","path":"/metadata/name","value":"web-bbbbb"}'),
      );
      assert.equal(out.metadata.name, 'web-bbbbb');
      assert.deepEqual(out.spec.containers[1]?.env, [launchBarrierEnv(-1, 'web-bbbbb')]);
    });

    it(`${via}: a priority that is not an integer is a 500 naming the field`, async () => {
      sidecarSets = [];
      warnings.length = 0;
      const { review } = await admit(
        harnesses[via],
        pod([{ name: 'a' }, { name: 'b', env: [{ name: CONTAINER_LAUNCH_PRIORITY_ENV, value: '1.5' }] }]),
      );
      assert.equal(review.response.allowed, false);
      assert.equal(review.response.status?.code, 500);
      assert.equal(review.response.status?.reason, 'InternalError');
      assert.match(
        review.response.status?.message ?? '',
        /spec\.containers\[1\]\.env\[0\]\.value: "1\.5" is not an integer/,
      );
      assert.equal(warnings.length, 1);
      assert.equal(warnings[0]?.namespace, 'default');
      assert.equal(warnings[0]?.pod, 'p');
    });

    it(`${via}: one container, or priorities all equal: no patch`, async () => {
      sidecarSets = [];
      const one = await admit(harnesses[via], pod([{ name: 'a' }], { annotations: ordered }));
      assert.equal(one.review.response.patch, undefined);
      const equal = await admit(
        harnesses[via],
        pod([
          { name: 'a', env: [{ name: CONTAINER_LAUNCH_PRIORITY_ENV, value: '3' }] },
          { name: 'b', env: [{ name: CONTAINER_LAUNCH_PRIORITY_ENV, value: '3' }] },
        ]),
      );
      assert.equal(equal.review.response.patch, undefined);
    });
  }

  it('bus: Ordered counts a sidecar injected before the app containers first, one after them last', async () => {
    sidecarSets = [sidecarSet('before', 'BeforeAppContainer'), sidecarSet('after', 'AfterAppContainer')];
    const { pod: out } = await admit(
      harnesses.bus,
      pod([{ name: 'a' }, { name: 'b' }], { annotations: ordered }),
    );
    assert.deepEqual(
      out.spec.containers.map((c) => c.name),
      ['before-c', 'a', 'b', 'after-c'],
    );
    assert.deepEqual(priorities(out), { 'before-c': 0, a: -1, b: -2, 'after-c': -3 });
  });

  it('bus: a single app container with a sidecar is two containers, so Ordered applies', async () => {
    sidecarSets = [sidecarSet('log', 'BeforeAppContainer')];
    const { pod: out } = await admit(harnesses.bus, pod([{ name: 'app' }], { annotations: ordered }));
    assert.deepEqual(priorities(out), { 'log-c': 0, app: -1 });
  });

  it('bus: an injected sidecar’s KRUISE_CONTAINER_PRIORITY counts', async () => {
    sidecarSets = [sidecarSet('mesh', 'AfterAppContainer', '100')];
    const { pod: out } = await admit(harnesses.bus, pod([{ name: 'a' }, { name: 'b' }]));
    assert.deepEqual(priorities(out), { a: 0, b: 0, 'mesh-c': 100 });
    assert.equal(out.metadata.annotations?.['kruise.io/sidecarset-injected-list'], 'mesh');
  });

  it('bus: a sidecar’s bad priority is refused as the pod’s, with the sidecar’s index', async () => {
    sidecarSets = [sidecarSet('bad', 'BeforeAppContainer', 'ten')];
    const { review } = await admit(harnesses.bus, pod([{ name: 'a' }]));
    assert.equal(review.response.status?.code, 500);
    assert.match(
      review.response.status?.message ?? '',
      /spec\.containers\[0\]\.env\[\d+\]\.value: "ten" is not an integer/,
    );
  });

  for (const via of ['noBusOff', 'busOff'] as const) {
    it(`${via}: the setting off leaves an Ordered pod and bad values alone`, async () => {
      sidecarSets = [];
      const ord = await admit(harnesses[via], pod([{ name: 'a' }, { name: 'b' }], { annotations: ordered }));
      assert.equal(ord.review.response.allowed, true);
      assert.equal(ord.review.response.patch, undefined);
      const bad = await admit(
        harnesses[via],
        pod([{ name: 'a', env: [{ name: CONTAINER_LAUNCH_PRIORITY_ENV, value: 'x' }] }, { name: 'b' }]),
      );
      assert.equal(bad.review.response.allowed, true);
      assert.equal(bad.review.response.patch, undefined);
    });
  }

  it('busOff: SidecarSet injection still happens without barriers', async () => {
    sidecarSets = [sidecarSet('log', 'BeforeAppContainer')];
    const { pod: out } = await admit(
      harnesses.busOff,
      pod([{ name: 'a' }, { name: 'b' }], { annotations: ordered }),
    );
    assert.deepEqual(priorities(out), { 'log-c': undefined, a: undefined, b: undefined });
  });
});
