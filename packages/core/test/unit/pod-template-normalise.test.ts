import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CORE_V1_LAYOUT, type GoStructLayouts } from '../../src/pod-template-layout.ts';
import {
  GoDecodeError,
  normaliseAsGoStruct,
  normalisePodTemplate,
} from '../../src/pod-template-normalise.ts';

const spec = (podSpec: unknown) => normalisePodTemplate({ spec: podSpec }).spec;
const container = (c: unknown) => normaliseAsGoStruct(c, {}, 'Container');

describe('normalisePodTemplate — Go struct round trip of the template (docs/behaviour/cloneset.md#revisions)', () => {
  it('writes metadata.creationTimestamp null and spec.containers null for an empty template', () => {
    assert.deepEqual(normalisePodTemplate({}), {
      metadata: { creationTimestamp: null },
      spec: { containers: null },
    });
    assert.deepEqual(normalisePodTemplate(undefined), normalisePodTemplate({}));
    assert.deepEqual(normalisePodTemplate(null), normalisePodTemplate({}));
  });
  it('omits an unset creationTimestamp from k8s.io/api v0.34 on (omitzero)', () => {
    assert.deepEqual(normalisePodTemplate({}, { apiMinor: 34 }), {
      metadata: {},
      spec: { containers: null },
    });
    assert.deepEqual(normalisePodTemplate({}, { apiMinor: 33 }).metadata, { creationTimestamp: null });
  });
  it('always writes resources: {} on containers (non-pointer struct)', () => {
    assert.deepEqual(container({ name: 'c' }), { name: 'c', resources: {} });
    assert.deepEqual(container({ name: 'c', resources: null }), { name: 'c', resources: {} });
  });
  it('always writes non-omitempty scalars, even unset', () => {
    assert.deepEqual(container({}), { name: '', resources: {} });
    assert.deepEqual(normaliseAsGoStruct({}, {}, 'ContainerPort'), { containerPort: 0 });
    assert.deepEqual(normaliseAsGoStruct({}, {}, 'PodAffinityTerm'), { topologyKey: '' });
  });
  it('drops empty omitempty fields: "", false, 0, [] and {}', () => {
    assert.deepEqual(
      container({ name: 'c', image: '', stdin: false, command: [], env: [], workingDir: '', ports: null }),
      { name: 'c', resources: {} },
    );
    assert.deepEqual(
      normalisePodTemplate({ metadata: { labels: {}, annotations: {}, generation: 0 } }).metadata,
      {
        creationTimestamp: null,
      },
    );
  });
  it('keeps pointers that are set, even to zero values or empty structs', () => {
    assert.deepEqual(container({ name: 'c', securityContext: {} }).securityContext, {});
    assert.deepEqual(spec({ securityContext: { runAsUser: 0, runAsNonRoot: false } }), {
      containers: null,
      securityContext: { runAsUser: 0, runAsNonRoot: false },
    });
    assert.deepEqual(spec({ automountServiceAccountToken: false, priority: 0 }), {
      automountServiceAccountToken: false,
      containers: null,
      priority: 0,
    });
  });
  it('writes null for unset non-omitempty pointers (grpc.service)', () => {
    assert.deepEqual(normaliseAsGoStruct({ port: 1 }, {}, 'GRPCAction'), { port: 1, service: null });
  });
  it('writes non-empty lists, keeps empty-but-present non-omitempty lists', () => {
    assert.deepEqual(spec({ containers: [] }), { containers: [] });
    assert.deepEqual(normaliseAsGoStruct({ nodeSelectorTerms: [] }, {}, 'NodeSelector'), {
      nodeSelectorTerms: [],
    });
  });
  it('drops unknown fields and matches field names case-sensitively', () => {
    assert.deepEqual(container({ name: 'c', Image: 'x', bogus: 1 }), { name: 'c', resources: {} });
  });
  it('promotes inline struct fields (Probe → ProbeHandler, Volume → VolumeSource, LocalObjectReference)', () => {
    assert.deepEqual(normaliseAsGoStruct({ exec: { command: ['x'] }, periodSeconds: 5 }, {}, 'Probe'), {
      exec: { command: ['x'] },
      periodSeconds: 5,
    });
    assert.deepEqual(normaliseAsGoStruct({ name: 'v', emptyDir: {} }, {}, 'Volume'), {
      name: 'v',
      emptyDir: {},
    });
    assert.deepEqual(normaliseAsGoStruct({ name: 'cm', key: 'k' }, {}, 'ConfigMapKeySelector'), {
      name: 'cm',
      key: 'k',
    });
  });
  it('turns null list and map elements into zero values', () => {
    assert.deepEqual(container({ name: 'c', env: [null], command: [null] }).env, [{ name: '' }]);
    assert.deepEqual(container({ name: 'c', command: [null, 'x'] }).command, ['', 'x']);
    assert.deepEqual(normalisePodTemplate({ metadata: { labels: { a: null } } }).metadata, {
      creationTimestamp: null,
      labels: { a: '' },
    });
  });
  it('canonicalises quantities, including zero-valued non-pointer divisors', () => {
    assert.deepEqual(
      container({
        name: 'c',
        resources: { limits: { cpu: '1000m', memory: '1024Mi' }, requests: { cpu: 0.25 } },
      }).resources,
      { limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '250m' } },
    );
    assert.deepEqual(normaliseAsGoStruct({ resource: 'limits.cpu' }, {}, 'ResourceFieldSelector'), {
      resource: 'limits.cpu',
      divisor: '0',
    });
  });
  it('keeps int-or-string ports as given; an unset port is the integer 0', () => {
    assert.deepEqual(normaliseAsGoStruct({ port: 'http' }, {}, 'HTTPGetAction'), { port: 'http' });
    assert.deepEqual(normaliseAsGoStruct({ port: 8080 }, {}, 'TCPSocketAction'), { port: 8080 });
    assert.deepEqual(normaliseAsGoStruct({}, {}, 'HTTPGetAction'), { port: 0 });
  });
  it('re-renders timestamps in UTC with whole seconds; the zero time becomes null', () => {
    const meta = (m: unknown) => normalisePodTemplate({ metadata: m }).metadata;
    assert.deepEqual(meta({ creationTimestamp: '2024-01-02T03:04:05.999+02:00' }), {
      creationTimestamp: '2024-01-02T01:04:05Z',
    });
    assert.deepEqual(meta({ creationTimestamp: '2024-03-01T23:30:00-01:00' }), {
      creationTimestamp: '2024-03-02T00:30:00Z',
    });
    assert.deepEqual(meta({ creationTimestamp: '0001-01-01T00:00:00Z' }), { creationTimestamp: null });
    assert.deepEqual(meta({ creationTimestamp: '0001-01-01T00:00:00.5Z' }), {
      creationTimestamp: '0001-01-01T00:00:00Z',
    });
    assert.deepEqual(meta({ deletionTimestamp: '2024-05-06T07:08:09Z' }), {
      creationTimestamp: null,
      deletionTimestamp: '2024-05-06T07:08:09Z',
    });
  });
  it('passes managedFields[].fieldsV1 through as raw JSON', () => {
    const m = normalisePodTemplate({
      metadata: { managedFields: [{ manager: 'k', fieldsV1: { 'f:a': {} } }] },
    }).metadata;
    assert.deepEqual(m, {
      creationTimestamp: null,
      managedFields: [{ manager: 'k', fieldsV1: { 'f:a': {} } }],
    });
  });
  it('drops fields newer than the chosen k8s.io/api version', () => {
    const c = {
      name: 'c',
      lifecycle: { stopSignal: 'SIGTERM' },
      restartPolicyRules: [{ action: 'Restart' }],
    };
    assert.deepEqual(container(c), { name: 'c', lifecycle: {}, resources: {} });
    assert.deepEqual(normaliseAsGoStruct(c, { apiMinor: 33 }, 'Container').lifecycle, {
      stopSignal: 'SIGTERM',
    });
    assert.deepEqual(normaliseAsGoStruct(c, { apiMinor: 34 }, 'Container').restartPolicyRules, [
      { action: 'Restart' },
    ]);
    assert.deepEqual(spec({ schedulingGroup: { podGroupName: 'g' } }), { containers: null });
    assert.deepEqual(
      normalisePodTemplate({ spec: { schedulingGroup: { podGroupName: 'g' } } }, { apiMinor: 36 }).spec,
      {
        containers: null,
        schedulingGroup: { podGroupName: 'g' },
      },
    );
  });
  it('accepts Date objects for timestamps (as @kubernetes/client-node delivers them)', () => {
    const m = normalisePodTemplate({
      metadata: { creationTimestamp: new Date('2024-01-02T03:04:05.678Z') },
    }).metadata;
    assert.deepEqual(m, { creationTimestamp: '2024-01-02T03:04:05Z' });
  });
  it('keeps a "__proto__" map key as a key', () => {
    const labels = JSON.parse('{"__proto__":"x","a":"b"}');
    const m = normalisePodTemplate({ metadata: { labels } }).metadata as Record<
      string,
      Record<string, string>
    >;
    assert.deepEqual(Object.keys(m.labels ?? {}), ['__proto__', 'a']);
  });
  it('normalises -0 in integer fields to 0', () => {
    assert.ok(Object.is(normaliseAsGoStruct({ containerPort: -0 }, {}, 'ContainerPort').containerPort, 0));
  });
});

describe('pod template layout table', () => {
  it('every struct and field notation is well formed and every referenced type exists', () => {
    for (const name of Object.keys(CORE_V1_LAYOUT)) {
      assert.doesNotThrow(() => normaliseAsGoStruct({}, { apiMinor: 36 }, name), name);
    }
  });
  it('covers the 113 structs reachable from core/v1 PodTemplateSpec and the 5 more of PersistentVolumeClaim', () => {
    assert.equal(Object.keys(CORE_V1_LAYOUT).length, 118);
  });
});

describe('normalisePodTemplate — inputs Go refuses to decode', () => {
  // Each of these makes Go's decoder fail (checked with the same Go program as the vectors).
  const cases: ReadonlyArray<readonly [string, unknown, string]> = [
    [
      'containerPort as string',
      { spec: { containers: [{ name: 'c', ports: [{ containerPort: '80' }] }] } },
      'PodTemplateSpec.spec.containers[0].ports[0].containerPort',
    ],
    [
      'invalid quantity',
      { spec: { containers: [{ name: 'c', resources: { limits: { cpu: '1.2.3' } } }] } },
      'PodTemplateSpec.spec.containers[0].resources.limits["cpu"]',
    ],
    ['labels not a map', { metadata: { labels: ['a'] } }, 'PodTemplateSpec.metadata.labels'],
    [
      'int32 overflow',
      { spec: { containers: [{ name: 'c', ports: [{ containerPort: 2147483648 }] }] } },
      'PodTemplateSpec.spec.containers[0].ports[0].containerPort',
    ],
    ['bool as string', { spec: { hostNetwork: 'true' } }, 'PodTemplateSpec.spec.hostNetwork'],
    [
      'bad time',
      { metadata: { creationTimestamp: 'yesterday' } },
      'PodTemplateSpec.metadata.creationTimestamp',
    ],
    ['fraction in an integer', { spec: { priority: 1.5 } }, 'PodTemplateSpec.spec.priority'],
    ['string where a struct is expected', { spec: 'x' }, 'PodTemplateSpec.spec'],
    ['object where a list is expected', { spec: { containers: {} } }, 'PodTemplateSpec.spec.containers'],
    [
      'impossible date',
      { metadata: { creationTimestamp: '2024-02-30T00:00:00Z' } },
      'PodTemplateSpec.metadata.creationTimestamp',
    ],
  ];
  for (const [name, template, path] of cases) {
    it(name, () => {
      assert.throws(
        () => normalisePodTemplate(template),
        (err: unknown) => err instanceof GoDecodeError && err.path === path,
      );
    });
  }
  it('keeps the quantity parse error as the cause', () => {
    try {
      normalisePodTemplate({ spec: { overhead: { cpu: 'lots' } } });
      assert.fail('expected an error');
    } catch (err) {
      assert.ok(err instanceof GoDecodeError);
      assert.ok(err.cause instanceof Error);
    }
  });
  it('rejects API versions outside the recorded layouts', () => {
    assert.throws(() => normalisePodTemplate({}, { apiMinor: 31 }), RangeError);
    assert.throws(() => normalisePodTemplate({}, { apiMinor: 37 }), RangeError);
  });
});

describe('normaliseAsGoStruct with another layout table', () => {
  // A struct of another API embedding core/v1 Container inline, as Kruise's SidecarContainer does.
  const layout: GoStructLayouts = {
    ...CORE_V1_LAYOUT,
    Wrapper: { $inline: 'Container', policy: 'Policy?', extra: '*Policy?', names: '[]string?' },
    Policy: { type: 'string?' },
  };
  it('decodes with the given table, the embedded struct’s fields first', () => {
    const out = normaliseAsGoStruct(
      { extra: null, name: 'c', unknown: 1, image: 'i' },
      { layout },
      'Wrapper',
    );
    assert.deepEqual(Object.keys(out), ['name', 'image', 'resources', 'policy']);
    assert.deepEqual(out, { name: 'c', image: 'i', resources: {}, policy: {} });
  });
  it('keeps the default table for callers that pass none', () => {
    assert.throws(() => normaliseAsGoStruct({}, {}, 'Wrapper'), /unknown type Wrapper/);
    assert.deepEqual(normaliseAsGoStruct({}, { layout }, 'Container'), container({}));
  });
  it('starts error paths at options.path', () => {
    assert.throws(
      () => normaliseAsGoStruct({ policy: { type: 1 } }, { layout, path: 'spec.items[2]' }, 'Wrapper'),
      (err: unknown) => err instanceof GoDecodeError && err.path === 'spec.items[2].policy.type',
    );
  });
  it('refuses a table whose field names a struct it lacks', () => {
    const broken: GoStructLayouts = { Broken: { inner: 'Missing' } };
    assert.throws(() => normaliseAsGoStruct({}, { layout: broken }, 'Broken'), /unknown type Missing/);
  });
});
