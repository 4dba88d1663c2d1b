// A sidecar's resources from its resourcesPolicy (Kruise's pkg/webhook/pod/mutating/sidecarset_resources.go and
// sidecarset_resources_test.go): which containers count, how they aggregate, what the expressions give; pure.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { injectSidecars, policyResources, type SidecarSet } from '../../src/index.ts';
import type { Container, SidecarContainer } from '../../src/types.ts';
import { NOW, pod, sidecarSet } from '../fixtures.ts';

type Policy = NonNullable<SidecarContainer['resourcesPolicy']>;

const app = (
  name: string,
  limits?: Record<string, string>,
  requests?: Record<string, string>,
): Container => ({
  name,
  image: 'nginx:1.25',
  resources: { ...(limits ? { limits } : {}), ...(requests ? { requests } : {}) },
});

const sidecar = (policy: Partial<Policy>): SidecarContainer => ({
  name: 'proxy',
  image: 'envoy:1',
  podInjectPolicy: 'AfterAppContainer',
  resourcesPolicy: {
    targetContainersMode: 'sum',
    targetContainersNameRegex: '.*',
    resourcesExpr: {
      limits: { cpu: 'max(cpu*50%, 50m)', memory: 'memory*50%' },
      requests: { cpu: 'cpu*50%', memory: 'max(memory*25%, 64Mi)' },
    },
    ...policy,
  },
});

const setWith = (...containers: SidecarContainer[]): SidecarSet => sidecarSet('mesh', { containers });

describe('policyResources', () => {
  const twoApps = pod('p', {
    containers: [
      app('main', { cpu: '1', memory: '1Gi' }, { cpu: '500m', memory: '512Mi' }),
      app('helper', { cpu: '500m', memory: '512Mi' }, { cpu: '100m' }),
    ],
  });

  it('sum adds the target containers; max keeps the largest', () => {
    const s = sidecar({});
    assert.deepEqual(policyResources(s, twoApps, [setWith(s)]), {
      limits: { cpu: '750m', memory: '768Mi' },
      requests: { cpu: '300m', memory: '128Mi' },
    });
    const m = sidecar({ targetContainersMode: 'max' });
    assert.deepEqual(policyResources(m, twoApps, [setWith(m)]), {
      limits: { cpu: '500m', memory: '512Mi' },
      requests: { cpu: '250m', memory: '128Mi' },
    });
  });

  it('a target without a limit leaves the sidecar unlimited; a missing request counts as 0', () => {
    const s = sidecar({});
    const p = pod('p', {
      containers: [app('main', { cpu: '1' }), app('helper', { cpu: '1', memory: '1Gi' })],
    });
    assert.deepEqual(policyResources(s, p, [setWith(s)]), {
      limits: { cpu: '1' },
      requests: { cpu: '0', memory: '64Mi' },
    });
  });

  it('the regex picks containers, native sidecars among the init containers count, sidecars of the SidecarSets do not', () => {
    const s = sidecar({ targetContainersNameRegex: '^(main|log)' });
    const other = sidecarSet('other', { containers: [{ name: 'main-agent', image: 'agent:1' }] });
    const p = pod('p', {
      initContainers: [
        { ...app('log-shipper', { cpu: '200m', memory: '128Mi' }), restartPolicy: 'Always' },
        app('log-init', { cpu: '4', memory: '4Gi' }),
      ],
      containers: [app('main', { cpu: '1', memory: '1Gi' }), app('main-agent', { cpu: '8', memory: '8Gi' })],
    });
    assert.deepEqual(policyResources(s, p, [setWith(s), other]).limits, { cpu: '600m', memory: '576Mi' });
  });

  it("errors say what failed, in Kruise's words", () => {
    const none = sidecar({ targetContainersNameRegex: '^db$' });
    assert.throws(() => policyResources(none, twoApps, [setWith(none)]), {
      message: 'no containers match the regex pattern "^db$"',
    });
    const bad = sidecar({ resourcesExpr: { limits: { cpu: 'cpu - 2' } } });
    assert.throws(() => policyResources(bad, twoApps, [setWith(bad)]), {
      message:
        'failed to evaluate CPU limits expression: failed to parse expression "cpu - 2": calculation result is negative: -500m',
    });
  });

  it('a plain-number result is cores for cpu and bytes for memory', () => {
    const s = sidecar({ resourcesExpr: { requests: { cpu: '0.25', memory: '1048576' } } });
    assert.deepEqual(policyResources(s, twoApps, [setWith(s)]), {
      requests: { cpu: '250m', memory: '1048576' },
    });
  });
});

describe('injectSidecars with a resourcesPolicy', () => {
  it('the injected sidecar carries the computed resources and no policy', () => {
    const s = sidecar({});
    const injected = injectSidecars(
      pod('p', { containers: [app('nginx', { cpu: '2', memory: '2Gi' }, { cpu: '1', memory: '1Gi' })] }),
      [setWith(s)],
      NOW,
    );
    const proxy = injected?.spec.containers.find((c) => c.name === 'proxy') as Record<string, unknown>;
    assert.deepEqual(proxy.resources, {
      limits: { cpu: '1', memory: '1Gi' },
      requests: { cpu: '500m', memory: '256Mi' },
    });
    assert.equal('resourcesPolicy' in proxy, false);
  });
});
