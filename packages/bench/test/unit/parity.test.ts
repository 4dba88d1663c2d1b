import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diffSnapshots, renderDifferences } from '../../src/parity-diff.ts';
import {
  eventReasons,
  INSTANCE_ID_LABEL,
  instanceIds,
  type Json,
  normalizeString,
  normalizeValue,
  scheduledRunIds,
  snapshotCategory,
  withoutClusterFields,
} from '../../src/parity-normalize.ts';
import { parityScenarios } from '../../src/parity-scenarios.ts';

const ctx = { ids: new Set(['x7k2p', 'ab3cd']) };

const pod = (id: string, image: string, extra: Record<string, Json> = {}): Json => ({
  kind: 'Pod',
  metadata: {
    name: `web-${id}`,
    uid: `0f8fad5b-d9cb-469f-a165-70867728${id === 'x7k2p' ? '950e' : '950f'}`,
    resourceVersion: id === 'x7k2p' ? '101' : '207',
    creationTimestamp: '2026-12-07T02:51:58Z',
    labels: { app: 'web', [INSTANCE_ID_LABEL]: id, 'controller-revision-hash': 'web-5d4c7b9f8' },
    ownerReferences: [{ kind: 'CloneSet', name: 'web', uid: '1b4e28ba-2fa1-11d2-883f-0016d3cca427' }],
  },
  spec: {
    containers: [{ name: 'main', image }],
    volumes: [{ name: 'data', persistentVolumeClaim: { claimName: `data-web-${id}` } }],
  },
  status: {
    podIP: id === 'x7k2p' ? '10.0.0.1' : '10.0.0.2',
    containerStatuses: [{ name: 'main', containerID: `kwok://main-${id}`, ready: true }],
  },
  ...extra,
});

describe('normalizeString', () => {
  const rows: [string, string][] = [
    ['2026-12-07T02:51:58Z', '<time>'],
    ['2026-12-07T02:51:58.123456+01:00', '<time>'],
    ['x7k2p', '<id>'],
    ['web-x7k2p', 'web-<id>'],
    ['data-web-x7k2p', 'data-web-<id>'],
    ['web-5d4c7b9f8', 'web-5d4c7b9f8'],
    ['kwok://main-0f8fad5b-d9cb-469f-a165-70867728950e', 'kwok://main-<uid>'],
    ['x7k2p-suffix', 'x7k2p-suffix'],
    // An id inside a name: the pod of a child whose own name ends in an id.
    ['hourly-x7k2p-ab3cd', 'hourly-<id>-<id>'],
    ['hourly-x7k2p-', 'hourly-<id>-'],
    ['hourly-x7k2px-ab3cd', 'hourly-x7k2px-<id>'],
  ];
  for (const [input, want] of rows)
    it(`${input} → ${want}`, () => assert.equal(normalizeString(input, ctx), want));
});

describe('normalizeValue', () => {
  it('sorts keys and reads a JSON annotation as its value, so field order and times do not count', () => {
    const a = normalizeValue({ b: 1, a: '{"z":1,"at":"2026-12-07T02:51:58Z"}' }, ctx);
    const b = normalizeValue({ a: '{"at":"2026-01-01T00:00:00Z","z":1}', b: 1 }, ctx);
    assert.deepEqual(a, b);
    assert.deepEqual(a, { a: { '<json>': { at: '<time>', z: 1 } }, b: 1 });
  });
  it('orders a list of conditions by type, whichever writer came first', () => {
    const conditions = [{ type: 'Ready' }, { type: 'InPlaceUpdateReady' }, { type: 'Initialized' }];
    assert.deepEqual(normalizeValue(conditions, ctx), [
      { type: 'InPlaceUpdateReady' },
      { type: 'Initialized' },
      { type: 'Ready' },
    ]);
    assert.deepEqual(normalizeValue(['b', 'a'], ctx), ['b', 'a']);
  });
  it('keeps a string that only looks like JSON', () => {
    assert.equal(normalizeValue('{not json', ctx), '{not json');
  });
});

describe('withoutClusterFields', () => {
  it('drops uid, resourceVersion, creation time, managedFields and a pod’s addresses and container ids', () => {
    const out = withoutClusterFields(pod('x7k2p', 'nginx')) as Record<string, Record<string, Json>>;
    assert.deepEqual(Object.keys(out.metadata ?? {}).sort(), ['labels', 'name', 'ownerReferences']);
    assert.deepEqual(out.status, { containerStatuses: [{ name: 'main', ready: true }] });
  });
  it('hides the resourceVersion a HotUpgrade slot’s version annotation records, not its "0" and "1"', () => {
    const annotations = {
      'version.sidecarset.kruise.io/proxy-1': '0',
      'versionalt.sidecarset.kruise.io/proxy-1': '4711',
      'version.sidecarset.kruise.io/proxy-2': '4711',
      'versionalt.sidecarset.kruise.io/proxy-2': '1',
      'version.sidecarset.kruise.io/other': '7',
      'example.com/count': '4711',
    };
    const out = withoutClusterFields({ kind: 'Pod', metadata: { name: 'p', annotations } });
    assert.deepEqual((out as { metadata: { annotations: Json } }).metadata.annotations, {
      'version.sidecarset.kruise.io/proxy-1': '0',
      'versionalt.sidecarset.kruise.io/proxy-1': '<resourceVersion>',
      'version.sidecarset.kruise.io/proxy-2': '<resourceVersion>',
      'versionalt.sidecarset.kruise.io/proxy-2': '1',
      'version.sidecarset.kruise.io/other': '<resourceVersion>',
      'example.com/count': '4711',
    });
  });
  it('leaves the status of other kinds alone', () => {
    const obj = { kind: 'CloneSet', metadata: { name: 'web' }, status: { podIP: 'kept' } };
    assert.deepEqual(withoutClusterFields(obj), obj);
  });
});

describe('snapshotCategory', () => {
  it('puts a CloneSet’s pods under one name, equal whatever their ids, uids and addresses', () => {
    const pods = [pod('x7k2p', 'nginx'), pod('ab3cd', 'nginx')];
    assert.deepEqual(instanceIds(pods), ctx.ids);
    const category = snapshotCategory(pods, ctx);
    assert.deepEqual(Object.keys(category), ['web-<id>']);
    assert.equal(category['web-<id>']?.length, 2);
    assert.deepEqual(category['web-<id>']?.[0], category['web-<id>']?.[1]);
  });
});

describe('instanceIds', () => {
  it('takes a generated name’s suffix as a random part too', () => {
    const pods: Json[] = [{ metadata: { name: 'hello-tz5kr', generateName: 'hello-' } }];
    const ids = instanceIds(pods);
    assert.deepEqual(ids, new Set(['tz5kr']));
    assert.equal(normalizeString('hello-tz5kr', { ids }), 'hello-<id>');
  });
  it('leaves an ordinal a controller chose after setting generateName (an Advanced StatefulSet’s pods)', () => {
    const pods: Json[] = [{ metadata: { name: 'db-2', generateName: 'db-' } }];
    assert.deepEqual(instanceIds(pods), new Set());
  });
});

describe('scheduledRunIds', () => {
  const child = (name: string, owner: Record<string, Json>): Json => ({
    kind: 'Job',
    metadata: { name, ownerReferences: [{ name: 'hourly', uid: 'u', ...owner }] },
  });
  it('takes the Unix time an AdvancedCronJob puts after its name in a child’s name', () => {
    const ids = scheduledRunIds([
      child('hourly-1765075860', { kind: 'AdvancedCronJob', controller: true }),
      child('hourly-x7k2p', { kind: 'AdvancedCronJob', controller: true }),
      child('other-1765075920', { kind: 'AdvancedCronJob', controller: true }),
      child('hourly-1765075980', { kind: 'CronJob', controller: true }),
      child('hourly-1765076040', { kind: 'AdvancedCronJob' }),
    ]);
    assert.deepEqual(ids, new Set(['1765075860']));
    const ctx = { ids };
    assert.equal(normalizeString('hourly-1765075860', ctx), 'hourly-<id>');
    assert.equal(
      normalizeString('hourly-1765075860-tz5kr', { ids: new Set([...ids, 'tz5kr']) }),
      'hourly-<id>-<id>',
    );
  });
});

describe('eventReasons', () => {
  it('keeps who, type and reason of a controller’s Events, not the cluster’s own', () => {
    const events: Json[] = [
      { involvedObject: { kind: 'CloneSet', name: 'web' }, type: 'Normal', reason: 'SuccessfulCreate' },
      { involvedObject: { kind: 'CloneSet', name: 'web' }, type: 'Normal', reason: 'SuccessfulCreate' },
      {
        involvedObject: { kind: 'Pod', name: 'web-x7k2p' },
        type: 'Normal',
        reason: 'Scheduled',
        source: { component: 'default-scheduler' },
      },
    ];
    assert.deepEqual(eventReasons(events, ctx), { 'CloneSet/web Normal SuccessfulCreate': [true] });
  });
});

describe('diffSnapshots', () => {
  it('finds nothing between equal snapshots', () => {
    const s = { pods: snapshotCategory([pod('x7k2p', 'nginx')], ctx) };
    assert.deepEqual(diffSnapshots(s, structuredClone(s)), []);
  });
  it('names each differing field with both values, a missing one as absent', () => {
    const kruise = { pods: { 'web-<id>': [{ metadata: { labels: { a: '1', 'x/y': 'k' } } }] } };
    const ours = { pods: { 'web-<id>': [{ metadata: { labels: { a: '2' } } }] } };
    assert.deepEqual(renderDifferences(diffSnapshots(kruise, ours)), [
      'pods/web-<id>[0].metadata.labels.a: Kruise "1" · kruise-ts "2"',
      'pods/web-<id>[0].metadata.labels["x/y"]: Kruise "k" · kruise-ts (absent)',
    ]);
  });
  it('counts objects one side has more of, and prints a difference every pod shares once', () => {
    const p = { spec: { image: 'a' } };
    const q = { spec: { image: 'b' } };
    const lines = renderDifferences(
      diffSnapshots({ pods: { 'web-<id>': [p, p, p] } }, { pods: { 'web-<id>': [q, q], other: [p] } }),
    );
    assert.deepEqual(lines, [
      'pods/other (objects): Kruise 0 · kruise-ts 1',
      'pods/web-<id> (objects): Kruise 3 · kruise-ts 2',
      'pods/web-<id>[0].spec.image: Kruise "a" · kruise-ts "b"',
    ]);
  });
});

describe('parityScenarios', () => {
  const scenarios = parityScenarios();
  const byNs = (ns: string) => {
    const s = scenarios.find((x) => x.namespace === ns);
    assert.ok(s !== undefined, ns);
    return s;
  };
  const pods = (state: string | undefined, extra: Record<string, string> = {}) => ({
    items: ['held-a', 'held-b'].map((name) => ({
      metadata: {
        name,
        labels: {
          app: 'held',
          ...(state === undefined ? {} : { 'lifecycle.apps.kruise.io/state': state }),
          ...extra,
        },
      },
    })),
  });
  const set = (status: Record<string, unknown>) => ({
    metadata: { generation: 2 },
    status: { observedGeneration: 2, ...status },
  });

  it('gives each scenario its own namespace, and every pod template a node', () => {
    const namespaces = scenarios.map((s) => s.namespace);
    assert.equal(new Set(namespaces).size, namespaces.length);
    for (const s of scenarios)
      for (const step of s.steps)
        for (const w of step.writes) {
          const spec = (w.body as { spec?: { template?: { spec?: { nodeName?: string } } } }).spec;
          const template = spec?.template?.spec;
          // A BroadcastJob runs a pod on every node.
          const broadcast = (w.body as { kind?: string }).kind === 'BroadcastJob';
          if (w.method === 'POST' && template !== undefined && !broadcast)
            assert.equal(template.nodeName, 'kwok-node-0', `${s.namespace} · ${step.name}`);
        }
  });

  it('parity-cloneset-preupdate: holds until both pods are PreparingUpdate, then takes the hook label off and back', () => {
    const [, held, released, back] = byNs('parity-cloneset-preupdate').steps;
    assert.ok(held !== undefined && released !== undefined && back !== undefined);
    assert.equal(held.done([set({}), pods('PreparingUpdate')]), true);
    assert.equal(held.done([set({}), pods('Normal')]), false);
    assert.equal(
      held.done([
        { metadata: { generation: 2 }, status: { observedGeneration: 1 } },
        pods('PreparingUpdate'),
      ]),
      false,
    );
    const off =
      released.writesFrom?.writes([pods('PreparingUpdate', { 'example.com/pre-update': 'true' })]) ?? [];
    assert.deepEqual(
      off.map((w) => [w.path, w.body]),
      ['held-a', 'held-b'].map((n) => [
        `/api/v1/namespaces/parity-cloneset-preupdate/pods/${n}`,
        { metadata: { labels: { 'example.com/pre-update': null } } },
      ]),
    );
    const on = back.writesFrom?.writes([pods('Updated')]) ?? [];
    assert.deepEqual(
      on.map((w) => w.body),
      [0, 1].map(() => ({ metadata: { labels: { 'example.com/pre-update': 'true' } } })),
    );
    const convergedAt2 = set({
      replicas: 2,
      readyReplicas: 2,
      availableReplicas: 2,
      updatedReplicas: 2,
      currentRevision: 'r2',
      updateRevision: 'r2',
    });
    assert.equal(released.done([convergedAt2, pods('Updated')]), true);
    assert.equal(released.done([convergedAt2, pods('Normal')]), false);
    assert.equal(back.done([convergedAt2, pods('Normal')]), true);
  });

  it('partitioned rolls wait for exactly the partition’s share of updated pods, at rest', () => {
    for (const ns of ['parity-cloneset-partition', 'parity-statefulset-reserve']) {
      const step = byNs(ns).steps.find((s) => s.name === 'rolled with partition 2');
      assert.ok(step !== undefined, ns);
      const app = ns === 'parity-cloneset-partition' ? 'web' : 'db';
      const four = { items: [0, 1, 2, 3].map((i) => ({ metadata: { name: `p${i}`, labels: { app } } })) };
      const status = (updated: number, current = 'r1') =>
        set({
          replicas: 4,
          readyReplicas: 4,
          availableReplicas: 4,
          updatedReplicas: updated,
          currentRevision: current,
          updateRevision: 'r2',
        });
      assert.equal(step.done([status(2), four]), true, ns);
      assert.equal(step.done([status(1), four]), false, ns);
      assert.equal(step.done([status(2, 'r2'), four]), false, ns);
      assert.equal(step.done([status(2), { items: four.items.slice(1) }]), false, ns);
    }
  });

  it('parity-sidecarset-upgrade: waits for the new sidecar image on both pods and the SidecarSet ready', () => {
    const [, rolled] = byNs('parity-sidecarset-upgrade').steps;
    assert.ok(rolled !== undefined);
    const sidecarSet = {
      metadata: { generation: 2 },
      status: { observedGeneration: 2, matchedPods: 2, updatedPods: 2, readyPods: 2 },
    };
    const cs = set({
      replicas: 2,
      readyReplicas: 2,
      availableReplicas: 2,
      updatedReplicas: 2,
      currentRevision: 'r',
      updateRevision: 'r',
    });
    const podsWith = (images: string[]) => ({
      items: images.map((image, i) => ({
        metadata: { name: `app-${i}`, labels: { app: 'upgraded-sidecar' } },
        spec: {
          containers: [
            { name: 'main', image: 'nginx:1.24-alpine' },
            { name: 'logger', image },
          ],
        },
      })),
    });
    assert.equal(rolled.done([sidecarSet, cs, podsWith(['busybox:1.37', 'busybox:1.37'])]), true);
    assert.equal(rolled.done([sidecarSet, cs, podsWith(['busybox:1.37', 'busybox:1.36'])]), false);
    assert.equal(
      rolled.done([
        { ...sidecarSet, status: { ...sidecarSet.status, observedGeneration: 1 } },
        cs,
        podsWith(['busybox:1.37', 'busybox:1.37']),
      ]),
      false,
    );
  });
  it('parity-sidecarset-hotupgrade: waits for the new image in the idle slot and the old slot reset, run by the kubelet', () => {
    const [injected, upgraded, back] = byNs('parity-sidecarset-hotupgrade').steps;
    assert.ok(injected !== undefined && upgraded !== undefined && back !== undefined);
    const ready = {
      metadata: { generation: 2 },
      status: { observedGeneration: 2, matchedPods: 2, updatedPods: 2, readyPods: 2, updatedReadyPods: 2 },
    };
    const cs = set({
      replicas: 2,
      readyReplicas: 2,
      availableReplicas: 2,
      updatedReplicas: 2,
      currentRevision: 'r',
      updateRevision: 'r',
    });
    const empty = 'openkruise/hotupgrade-sample:empty';
    const podsWith = (one: string, two: string, running = [one, two]) => ({
      items: [0, 1].map((i) => ({
        metadata: { name: `app-${i}`, labels: { app: 'hot-sidecar' } },
        spec: {
          containers: [
            { name: 'main', image: 'nginx:1.24-alpine' },
            { name: 'proxy-1', image: one },
            { name: 'proxy-2', image: two },
          ],
        },
        status: {
          containerStatuses: [
            { name: 'main', image: 'nginx:1.24-alpine' },
            { name: 'proxy-1', image: running[0] },
            { name: 'proxy-2', image: running[1] },
          ],
        },
      })),
    });
    assert.equal(injected.done([ready, cs, podsWith('busybox:1.36', empty)]), true);
    assert.equal(upgraded.done([ready, cs, podsWith(empty, 'busybox:1.37')]), true);
    // The old slot not reset yet, or reset but not yet restarted by the kubelet.
    assert.equal(upgraded.done([ready, cs, podsWith('busybox:1.36', 'busybox:1.37')]), false);
    assert.equal(
      upgraded.done([ready, cs, podsWith(empty, 'busybox:1.37', ['busybox:1.36', 'busybox:1.37'])]),
      false,
    );
    assert.equal(
      upgraded.done([
        { ...ready, status: { ...ready.status, updatedReadyPods: 1 } },
        cs,
        podsWith(empty, 'busybox:1.37'),
      ]),
      false,
    );
    assert.equal(back.done([ready, cs, podsWith('busybox:1.36', empty)]), true);
    assert.deepEqual(
      upgraded.writes.map(
        (w) => (w.body as { spec: { containers: { image: string }[] } }).spec.containers[0]?.image,
      ),
      ['busybox:1.37'],
    );
  });

  it('parity-broadcastjob-policies: each step waits for its jobs’ final state, the TTL’s job gone', () => {
    const scenario = byNs('parity-broadcastjob-policies');
    const [continued, failFast, deadline] = scenario.steps;
    assert.ok(continued !== undefined && failFast !== undefined && deadline !== undefined);
    const jobs = (...items: [string, string, number][]) => ({
      items: items.map(([name, phase, failed]) => ({ metadata: { name }, status: { phase, failed } })),
    });
    const podsOf = (counts: Record<string, number>) => ({
      items: Object.entries(counts).flatMap(([job, n]) =>
        Array.from({ length: n }, (_, i) => ({
          metadata: { name: `${job}-${i}`, labels: { 'broadcastjob-name': job } },
        })),
      ),
    });
    assert.equal(continued.done([jobs(['tolerant', 'completed', 2]), podsOf({ tolerant: 2 })]), true);
    assert.equal(continued.done([jobs(['tolerant', 'running', 1]), podsOf({ tolerant: 2 })]), false);
    assert.equal(failFast.done([jobs(['fragile', 'failed', 1]), podsOf({ fragile: 1 })]), true);
    assert.equal(failFast.done([jobs(['fragile', 'running', 0]), podsOf({ fragile: 1 })]), false);
    assert.equal(deadline.done([jobs(['stuck', 'failed', 1]), podsOf({})]), true);
    assert.equal(deadline.done([jobs(['stuck', 'failed', 1]), podsOf({ stuck: 1 })]), false);
    assert.equal(deadline.done([jobs(['stuck', 'failed', 1], ['brief', 'failed', 1]), podsOf({})]), false);
    assert.equal(deadline.done([jobs(['stuck', 'failed', 1]), podsOf({ brief: 1 })]), false);
    assert.equal(deadline.done([jobs(['stuck', 'running', 0]), podsOf({})]), false);
    // The fake kubelet fails the first two jobs' pods and keeps the deadline jobs' pods running; FailFast's job
    // has one node, the others go one pod at a time.
    const bodies = scenario.steps.flatMap((s) => s.writes.map((w) => w.body)) as {
      metadata: { name: string };
      spec: {
        parallelism?: number;
        template: { metadata: { annotations: Record<string, string> }; spec: { nodeSelector?: unknown } };
      };
    }[];
    assert.deepEqual(
      bodies.map((b) => [
        b.metadata.name,
        b.spec.parallelism ?? b.spec.template.spec.nodeSelector,
        b.spec.template.metadata.annotations['kruise-ts.dev/job-outcome'],
      ]),
      [
        ['tolerant', 1, 'failed'],
        ['fragile', { 'kubernetes.io/hostname': 'kwok-node-0' }, 'failed'],
        ['stuck', 1, 'running'],
        ['brief', 1, 'running'],
      ],
    );
  });
});
