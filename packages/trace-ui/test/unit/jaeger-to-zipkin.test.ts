// The translation of a real rollout trace (captured from Jaeger after the docs CloneSet's image update; apiserver
// internals below its first span trimmed) and of the edge cases a capture does not hold.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import {
  annotationValue,
  type JaegerSpan,
  type JaegerTrace,
  parentSpanId,
  toZipkinSpan,
  toZipkinTrace,
  zipkinId,
  zipkinTags,
} from '../../src/jaeger-to-zipkin.ts';

const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/jaeger-rollout-trace.json', import.meta.url), 'utf8'),
) as { data: JaegerTrace[] };
const trace = fixture.data[0] as JaegerTrace;
const TRACE_ID = 'e68d2e4a5574aca21d09fd5d1777aebe';

describe('a captured rollout trace as Zipkin spans', () => {
  const spans = toZipkinTrace(trace);

  it('keeps every span, in start order, with one root: the watcher publishing the spec change', () => {
    assert.equal(spans.length, trace.spans.length);
    const ids = new Set(spans.map((s) => s.id));
    const roots = spans.filter((s) => s.parentId === undefined || !ids.has(s.parentId));
    assert.deepEqual(
      roots.map((s) => `${s.localEndpoint.serviceName}/${s.name}`),
      ['watcher/watcher publish CloneSet'],
    );
    assert.equal(spans[0], roots[0]);
    for (let i = 1; i < spans.length; i++) {
      assert.ok((spans[i]?.timestamp ?? 0) >= (spans[i - 1]?.timestamp ?? 0));
    }
  });

  it('names the services Jaeger knows the processes by', () => {
    assert.deepEqual([...new Set(spans.map((s) => s.localEndpoint.serviceName))].sort(), [
      'apiserver',
      'cloneset-controller',
      'revision-gc',
      'watcher',
      'webhook-server',
    ]);
  });

  it('carries Zipkin ids: a 32-digit trace id and 16-digit span ids, all lower-hex', () => {
    for (const s of spans) {
      assert.equal(s.traceId, TRACE_ID);
      assert.match(s.id, /^[0-9a-f]{16}$/);
      if (s.parentId !== undefined) assert.match(s.parentId, /^[0-9a-f]{16}$/);
    }
  });

  const byId = (id: string) => {
    const s = trace.spans.find((x) => x.spanID === id);
    assert.ok(s, id);
    return toZipkinSpan(s, trace.processes);
  };

  const cases = [
    {
      name: 'the watcher publish: a PRODUCER root with its tags as strings',
      id: '217c7cfbe29cb3e2',
      want: {
        traceId: TRACE_ID,
        id: '217c7cfbe29cb3e2',
        name: 'watcher publish CloneSet',
        timestamp: 1796141690989000,
        duration: 5873,
        kind: 'PRODUCER',
        localEndpoint: { serviceName: 'watcher' },
        tags: {
          'k8s.namespace.name': 'default',
          'k8s.object.name': 'sample',
          'k8s.object.resource_version': '268',
          'k8s.object.uid': '8a68aca6-4afd-4a94-96fc-2faa87f97158',
          'k8s.resource': 'clonesets.apps.kruise.io',
          'kruise.event.type': 'MODIFIED',
          'kruise.publish.outcome': 'stored',
          'kruise.publish.seq': '39',
          'messaging.destination.name': 'kruise.objects.CloneSet.apps_kruise_io.14.default.sample',
          'messaging.operation.type': 'publish',
          'messaging.system': 'nats',
          'otel.scope.name': '@kruise-ts/watcher',
        },
      },
    },
    {
      name: 'the completing sync: internal (no kind), its events as annotations, its link as a tag',
      id: '58f20ba629d9945d',
      want: {
        traceId: TRACE_ID,
        id: '58f20ba629d9945d',
        parentId: '217c7cfbe29cb3e2',
        name: 'sync cloneset',
        timestamp: 1796141691864000,
        duration: 14843,
        localEndpoint: { serviceName: 'cloneset-controller' },
        annotations: [
          { timestamp: 1796141691864320, value: 'update kruise.update.stop=nothing-to-update' },
          {
            timestamp: 1796141691878085,
            value:
              'status written kruise.status.available=3 kruise.status.ready=3 kruise.status.replicas=3 ' +
              'kruise.status.updated=3 kruise.status.updated_ready=3',
          },
          { timestamp: 1796141691878835, value: 'rollout complete kruise.rollout.duration_ms=886' },
        ],
        tags: {
          'kruise.cloneset.current_revision': 'sample-98c48dc65',
          'kruise.cloneset.generation': '2',
          'kruise.cloneset.name': 'sample',
          'kruise.cloneset.namespace': 'default',
          'kruise.cloneset.revision': 'sample-98c48dc65',
          'kruise.cloneset.updated_replicas': '3',
          'kruise.rollout.phase': 'RolloutComplete',
          'otel.scope.name': 'cloneset-controller',
          'otel.scope.version': '0.1.0',
          links: 'b8617a48d16f98e274ac8c3b0d363f51/d44c08255fc8eec3',
        },
      },
    },
    {
      name: "the webhook server's admission span: a SERVER child of the apiserver's call",
      id: '40351c1fbd5b9a0a',
      want: {
        traceId: TRACE_ID,
        id: '40351c1fbd5b9a0a',
        parentId: '163240a923d0432f',
        name: 'webhook /mutate-pod',
        timestamp: 1796141691788000,
        duration: 924,
        kind: 'SERVER',
        localEndpoint: { serviceName: 'webhook-server' },
        tags: {
          'http.response.status_code': '200',
          'http.route': '/mutate-pod',
          'otel.scope.name': '@kruise-ts/webhook-server',
        },
      },
    },
  ];
  for (const c of cases) {
    it(c.name, () => assert.deepEqual(byId(c.id), c.want));
  }
});

const span = (over: Partial<JaegerSpan>): JaegerSpan => ({
  traceID: 'abc',
  spanID: '1',
  operationName: 'op',
  startTime: 10,
  duration: 0,
  processID: 'p1',
  ...over,
});

describe('translation edge cases', () => {
  const idCases: [string, boolean, string][] = [
    ['1', false, '0000000000000001'],
    ['ABCDEF0123456789', false, 'abcdef0123456789'],
    ['abc', true, '0000000000000abc'],
    ['1e68d2e4a5574aca21d09fd5d1777aeb', true, '1e68d2e4a5574aca21d09fd5d1777aeb'],
    ['68d2e4a5574aca21d09fd5d1777aeb', true, '0068d2e4a5574aca21d09fd5d1777aeb'],
  ];
  for (const [hex, isTrace, want] of idCases) {
    it(`zipkinId(${hex}, ${isTrace}) = ${want}`, () => assert.equal(zipkinId(hex, isTrace), want));
  }

  const annotationCases: [string, JaegerSpan['logs'], string][] = [
    [
      'an event alone',
      [{ timestamp: 1, fields: [{ key: 'event', value: 'rollout complete' }] }],
      'rollout complete',
    ],
    [
      'an event with fields after it, whatever their order in the log',
      [
        {
          timestamp: 1,
          fields: [
            { key: 'n', value: 3 },
            { key: 'event', value: 'scale' },
          ],
        },
      ],
      'scale n=3',
    ],
    ['fields without an event', [{ timestamp: 1, fields: [{ key: 'a', value: true }] }], 'a=true'],
  ];
  for (const [name, logs, want] of annotationCases) {
    it(`annotation of ${name}`, () => assert.equal(annotationValue(logs?.[0]?.fields ?? []), want));
  }

  const tagCases: [string, JaegerSpan, Record<string, string>][] = [
    [
      'a failed span: error carries the status description',
      span({
        tags: [
          { key: 'error', type: 'bool', value: true },
          { key: 'otel.status_code', value: 'ERROR' },
          { key: 'otel.status_description', value: 'conflict' },
        ],
      }),
      { 'otel.status_code': 'ERROR', 'otel.status_description': 'conflict', error: 'conflict' },
    ],
    [
      'a failed span without a description',
      span({ tags: [{ key: 'error', value: true }] }),
      { error: 'true' },
    ],
    ['error=false is no error', span({ tags: [{ key: 'error', value: false }] }), {}],
    [
      'links to two other traces',
      span({
        references: [
          { refType: 'FOLLOWS_FROM', traceID: 'f1', spanID: 'a' },
          { refType: 'FOLLOWS_FROM', traceID: 'f2', spanID: 'b' },
          { refType: 'CHILD_OF', traceID: 'abc', spanID: 'c' },
        ],
      }),
      { links: '00000000000000f1/000000000000000a,00000000000000f2/000000000000000b' },
    ],
  ];
  for (const [name, s, want] of tagCases) {
    it(`tags of ${name}`, () => assert.deepEqual(zipkinTags(s), want));
  }

  const parentCases: [string, JaegerSpan['references'], string | undefined][] = [
    ['no references', null, undefined],
    [
      'CHILD_OF wins over FOLLOWS_FROM',
      [
        { refType: 'FOLLOWS_FROM', traceID: 'abc', spanID: '2' },
        { refType: 'CHILD_OF', traceID: 'abc', spanID: '3' },
      ],
      '0000000000000003',
    ],
    [
      'FOLLOWS_FROM in the same trace when alone',
      [{ refType: 'FOLLOWS_FROM', traceID: 'abc', spanID: '2' }],
      '0000000000000002',
    ],
    [
      'a reference into another trace is no parent',
      [{ refType: 'CHILD_OF', traceID: 'other', spanID: '2' }],
      undefined,
    ],
  ];
  for (const [name, references, want] of parentCases) {
    it(`parent with ${name}`, () => assert.equal(parentSpanId(span({ references })), want));
  }

  it('a zero duration is left out, a client span is CLIENT, peer.service is the remote endpoint', () => {
    const got = toZipkinSpan(
      span({
        tags: [
          { key: 'span.kind', value: 'client' },
          { key: 'peer.service', value: 'etcd' },
        ],
      }),
      {},
    );
    assert.deepEqual(got, {
      traceId: '0000000000000abc',
      id: '0000000000000001',
      name: 'op',
      timestamp: 10,
      kind: 'CLIENT',
      localEndpoint: { serviceName: 'unknown' },
      remoteEndpoint: { serviceName: 'etcd' },
      tags: { 'peer.service': 'etcd' },
    });
  });
});
