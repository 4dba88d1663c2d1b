// Builders for the unit tests: a defaulted-looking SidecarSet and pods in the states the decisions read.
import type { Pod, SidecarSet } from '../src/index.ts';
import { SIDECARSET_HASH_ANNOTATION, SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION } from '../src/index.ts';

export const NOW = new Date('2026-07-01T12:00:00Z');

export function sidecarSet(name: string, spec: Partial<SidecarSet['spec']> = {}): SidecarSet {
  return {
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'SidecarSet',
    metadata: { name, uid: `uid-${name}`, generation: 1, annotations: {} },
    spec: {
      selector: { matchLabels: { app: 'nginx' } },
      containers: [{ name: 'sidecar1', image: 'busybox:1.36', podInjectPolicy: 'BeforeAppContainer' }],
      updateStrategy: { type: 'RollingUpdate', maxUnavailable: 1, partition: 0 },
      ...spec,
    },
  };
}

export function pod(
  name: string,
  overrides: Partial<Pod['spec']> = {},
  labels: Record<string, string> = { app: 'nginx' },
): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', labels: { ...labels }, annotations: {} },
    spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }], ...overrides },
  };
}

/** Strategy fixture of sidecarset_strategy_test.go: SidecarSet with hash "bbb" (without image `withoutImage`). */
export function strategySidecarSet(withoutImage = 'without-aaa'): SidecarSet {
  const s = sidecarSet('test-sidecarset', {
    selector: { matchLabels: { app: 'sidecar' } },
    containers: [{ name: 'test-sidecar', image: 'test-image:v2' }],
    updateStrategy: {},
    revisionHistoryLimit: 10,
  });
  s.metadata = {
    ...s.metadata,
    annotations: {
      [SIDECARSET_HASH_ANNOTATION]: 'bbb',
      [SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION]: withoutImage,
    },
  };
  return s;
}

const imageV1 =
  'docker-pullable://test-image@sha256:f7988fb6c02e0ce69257d9bd9cf37ae20a60f1df7563c3a2a6abe24160306b8d';
const imageV2 =
  'docker-pullable://test-image@sha256:a9286defaba7b3a519d585ba0e37d0b2cbee74ebfe590960b0b1d6a5e97d1e1d';

/** factoryPods(count, upgraded, upgradedAndReady): running, ready pods; the first `upgraded` at the new hash. */
export function strategyPods(count: number, upgraded: number, upgradedAndReady: number): Pod[] {
  const pods: Pod[] = [];
  const created = Date.parse('2026-07-01T00:00:00Z');
  for (let i = 0; i < count; i++) {
    const p: Pod = {
      metadata: {
        name: `pod-${i}`,
        namespace: 'default',
        uid: `uid-${i}`,
        labels: { app: 'sidecar' },
        creationTimestamp: new Date(created + i * 1000).toISOString(),
        annotations: {
          [SIDECARSET_HASH_ANNOTATION]: '{"test-sidecarset":{"hash":"aaa","sidecarList":["test-sidecar"]}}',
          [SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION]:
            '{"test-sidecarset":{"hash":"without-aaa","sidecarList":["test-sidecar"]}}',
          'kruise.io/sidecarset-injected-list': 'test-sidecarset',
        },
      },
      spec: {
        containers: [
          { name: 'nginx', image: 'nginx:1.15.1' },
          { name: 'test-sidecar', image: 'test-image:v1' },
        ],
      },
      status: {
        phase: 'Running',
        conditions: [{ type: 'Ready', status: 'True' }],
        containerStatuses: [
          { name: 'nginx', image: 'nginx:1.15.1', imageID: 'docker-pullable://nginx@sha256:aa', ready: true },
          { name: 'test-sidecar', image: 'test-image:v1', imageID: imageV1, ready: true },
        ],
      },
    };
    pods.push(p);
  }
  return pods.map((p, i) => {
    if (i >= upgraded) return p;
    const s = strategySidecarSet();
    const up = structuredClone(p);
    (up.spec.containers[1] as { image: string }).image = 'test-image:v2';
    const annotations = up.metadata.annotations as Record<string, string>;
    annotations[SIDECARSET_HASH_ANNOTATION] = JSON.stringify({
      'test-sidecarset': { hash: 'bbb', sidecarSetName: 'test-sidecarset', sidecarList: ['test-sidecar'] },
    });
    annotations['kruise.io/sidecarset-inplace-update-state'] = JSON.stringify({
      [s.metadata?.name ?? '']: {
        revision: 'bbb',
        updateTimestamp: NOW.toISOString(),
        lastContainerStatuses: { 'test-sidecar': { imageID: imageV1 } },
      },
    });
    if (i < upgradedAndReady) {
      const status = up.status?.containerStatuses?.[1] as { image: string; imageID: string };
      status.image = 'test-image:v2';
      status.imageID = imageV2;
    }
    return up;
  });
}

/** A deterministic shuffle (the Go tests shuffle randomly; order must not matter). */
export function shuffle<T>(items: readonly T[], seed = 7): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
