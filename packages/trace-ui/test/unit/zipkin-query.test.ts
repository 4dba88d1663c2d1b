// Zipkin trace searches as Jaeger searches, and Zipkin's filters on the translated captured rollout trace.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { type JaegerTrace, toZipkinTrace, type ZipkinSpan } from '../../src/jaeger-to-zipkin.ts';
import {
  DEFAULT_LIMIT,
  DEFAULT_LOOKBACK_MS,
  jaegerSearchParams,
  MAX_LIMIT,
  matchesTraceQuery,
  newestTraces,
  parseAnnotationQuery,
  parseTraceQuery,
  type ZipkinTraceQuery,
} from '../../src/zipkin-query.ts';

const NOW = 1_800_000_000_000;

describe('parseAnnotationQuery', () => {
  const cases: [string | undefined, ZipkinTraceQuery['annotationQuery']][] = [
    [undefined, []],
    ['error', [{ key: 'error' }]],
    [
      'kruise.cloneset.name=sample and rollout complete',
      [{ key: 'kruise.cloneset.name', value: 'sample' }, { key: 'rollout complete' }],
    ],
    [
      'a = b  and  c=',
      [
        { key: 'a', value: 'b' },
        { key: 'c', value: '' },
      ],
    ],
    ['url.full=http://x/?a=b', [{ key: 'url.full', value: 'http://x/?a=b' }]],
  ];
  for (const [q, want] of cases) it(JSON.stringify(q), () => assert.deepEqual(parseAnnotationQuery(q), want));
});

describe('parseTraceQuery', () => {
  const cases: [string, string, ZipkinTraceQuery | RegExp][] = [
    [
      'nothing: Zipkin defaults',
      '',
      { annotationQuery: [], endTs: NOW, lookback: DEFAULT_LOOKBACK_MS, limit: DEFAULT_LIMIT },
    ],
    [
      'what Lens sends for a search, "all" meaning any span name',
      'serviceName=watcher&spanName=all&minDuration=1000&endTs=1700000000000&lookback=900000&limit=20',
      {
        serviceName: 'watcher',
        annotationQuery: [],
        minDuration: 1000,
        endTs: 1700000000000,
        lookback: 900000,
        limit: 20,
      },
    ],
    [
      'a limit beyond one page is capped',
      'limit=100000',
      { annotationQuery: [], endTs: NOW, lookback: DEFAULT_LOOKBACK_MS, limit: MAX_LIMIT },
    ],
    ['a negative duration is refused', 'minDuration=-5', /minDuration must be a positive integer/],
    ['a non-number limit is refused', 'limit=ten', /limit must be a positive integer/],
  ];
  for (const [name, query, want] of cases) {
    it(name, () => {
      const params = new URLSearchParams(query);
      if (want instanceof RegExp) assert.throws(() => parseTraceQuery(params, NOW), want);
      else assert.deepEqual(parseTraceQuery(params, NOW), want);
    });
  }
});

describe('jaegerSearchParams', () => {
  it('maps names, tag terms (not error), durations in µs and the window in µs', () => {
    const q = parseTraceQuery(
      new URLSearchParams({
        serviceName: 'cloneset-controller',
        spanName: 'sync cloneset',
        annotationQuery: 'kruise.cloneset.name=sample and error=boom and rollout complete',
        minDuration: '500',
        maxDuration: '9000',
        endTs: '1700000000000',
        lookback: '60000',
        limit: '5',
      }),
      NOW,
    );
    assert.deepEqual(Object.fromEntries(jaegerSearchParams(q, 'cloneset-controller')), {
      service: 'cloneset-controller',
      operation: 'sync cloneset',
      tags: '{"kruise.cloneset.name":"sample"}',
      minDuration: '500us',
      maxDuration: '9000us',
      start: '1699999940000000',
      end: '1700000000000000',
      limit: '5',
    });
  });
});

describe('matchesTraceQuery on the captured rollout trace', () => {
  const fixture = JSON.parse(
    readFileSync(new URL('../fixtures/jaeger-rollout-trace.json', import.meta.url), 'utf8'),
  ) as { data: JaegerTrace[] };
  const spans = toZipkinTrace(fixture.data[0] as JaegerTrace);
  const q = (params: Record<string, string>) => parseTraceQuery(new URLSearchParams(params), NOW);
  const cases: [string, Record<string, string>, boolean][] = [
    ['no filter', {}, true],
    [
      'the rollout search of rollout why',
      {
        serviceName: 'cloneset-controller',
        spanName: 'sync cloneset',
        annotationQuery: 'kruise.cloneset.name=sample and kruise.cloneset.generation=2 and rollout complete',
      },
      true,
    ],
    ['another generation', { annotationQuery: 'kruise.cloneset.generation=3' }, false],
    ['an event by name only', { annotationQuery: 'rollout' }, false],
    ['a tag key alone', { annotationQuery: 'kruise.rollout.phase' }, true],
    ['no failed span in it', { annotationQuery: 'error' }, false],
    ['a span name of another service', { serviceName: 'watcher', spanName: 'sync cloneset' }, false],
    ['a remote service no span calls', { remoteServiceName: 'etcd' }, false],
  ];
  for (const [name, params, want] of cases) {
    it(name, () => assert.equal(matchesTraceQuery(spans, q(params)), want));
  }
});

describe('newestTraces', () => {
  const t = (id: string, ts: number): ZipkinSpan[] => [
    { traceId: id, id: '1', name: 'a', timestamp: ts, localEndpoint: { serviceName: 's' }, tags: {} },
  ];
  it('drops repeats, sorts newest first, and cuts at the limit', () => {
    const got = newestTraces([t('a', 1), t('b', 3), t('a', 1), t('c', 2), []], 2);
    assert.deepEqual(
      got.map((x) => x[0]?.traceId),
      ['b', 'c'],
    );
  });
});
