// The reflector's list/watch state machine against a scripted source: no apiserver, no bus, real (short)
// timers. The e2e tests prove the same behaviour against the real apiserver and NATS.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createLogger, createMetricsRegistry } from '@kruise-ts/telemetry';
import { ApiStatusError, type ListPage, type ResourceSource } from '../../src/apiserver-stream.ts';
import { type WatchedResource, watchedResources } from '../../src/kinds.ts';
import { watcherMetrics } from '../../src/metrics.ts';
import type { ObjectChange } from '../../src/object-event.ts';
import type { ObjectSink } from '../../src/publisher.ts';
import { type KnownObject, Reflector } from '../../src/reflector.ts';
import type { KubeObject, WatchEvent } from '../../src/watch-events.ts';

const pods = watchedResources.find((r) => r.plural === 'pods')!;

function pod(name: string, uid: string, rv: number): KubeObject {
  return { metadata: { namespace: 'ns', name, uid, resourceVersion: String(rv) } };
}

/** `gapMs`: a pause before each event after the first, as a watch trickling events would. */
type WatchScript = { events: WatchEvent[]; end: 'close' | 'hang' | Error; gapMs?: number };

/** Answers lists and watches from scripts, recording what was asked. */
class ScriptedSource implements ResourceSource {
  lists: ((continueToken: string | undefined) => ListPage | Error)[] = [];
  watches: WatchScript[] = [];
  readonly calls: string[] = [];

  async listPage(_r: WatchedResource, options: { continueToken?: string }): Promise<ListPage> {
    this.calls.push(`list${options.continueToken ? ` continue=${options.continueToken}` : ''}`);
    const next = this.lists.shift();
    if (next === undefined) throw new Error('no list scripted');
    const page = next(options.continueToken);
    if (page instanceof Error) throw page;
    return page;
  }

  async *watch(
    _r: WatchedResource,
    options: { resourceVersion: string; signal: AbortSignal },
  ): AsyncGenerator<WatchEvent> {
    this.calls.push(`watch rv=${options.resourceVersion}`);
    const script = this.watches.shift() ?? { events: [], end: 'hang' };
    for (const [i, e] of script.events.entries()) {
      if (i > 0 && script.gapMs !== undefined) await new Promise((r) => setTimeout(r, script.gapMs));
      yield e;
    }
    if (script.end instanceof Error) throw script.end;
    if (script.end === 'hang') {
      await new Promise<void>((_, reject) => {
        const fail = () => reject(options.signal.reason);
        if (options.signal.aborted) fail();
        options.signal.addEventListener('abort', fail, { once: true });
      });
    }
  }
}

class RecordingSink implements ObjectSink {
  readonly changes: ObjectChange[] = [];
  push(_key: string, change: ObjectChange): void {
    this.changes.push(change);
  }
  hasCapacity(): boolean {
    return true;
  }
  async waitForCapacity(): Promise<void> {}
  async flush(): Promise<void> {}
  summary(): string[] {
    return this.changes.map((c) => `${c.type} ${c.object.metadata?.name}@${c.resourceVersion}`);
  }
}

function setup(
  options: { known?: Map<string, KnownObject>; stallTimeoutMs?: number; notInstalledRetryMs?: number } = {},
) {
  const source = new ScriptedSource();
  const sink = new RecordingSink();
  const registry = createMetricsRegistry({ processMetrics: false });
  const metrics = watcherMetrics(registry);
  const reflector = new Reflector({
    resource: pods,
    source,
    sink,
    logger: createLogger({ name: 'test', level: 'silent' }),
    metrics,
    ...(options.known ? { known: options.known } : {}),
    stallTimeoutMs: options.stallTimeoutMs ?? 10_000,
    watchTimeoutSeconds: 60,
    pageSize: 2,
    retry: { initialMs: 1, maxMs: 5 },
    notInstalledRetry: {
      initialMs: options.notInstalledRetryMs ?? 5,
      maxMs: options.notInstalledRetryMs ?? 20,
    },
  });
  const metric = async (name: string, labels: Record<string, string>) => {
    const m = (await registry.getMetricsAsJSON()).find((x) => x.name === name);
    const values = (m?.values ?? []) as { value: number; labels: Record<string, string | number> }[];
    return values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))?.value ?? 0;
  };
  return { source, sink, reflector, metric };
}

async function until(what: string, probe: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

const page = (items: KubeObject[], resourceVersion: string, continueToken?: string) => () => ({
  items,
  resourceVersion,
  ...(continueToken ? { continueToken } : {}),
});
const gone = () => new ApiStatusError(410, 'Expired', 'too old resource version');
const known = (entries: [string, string, number][]) =>
  new Map(
    entries.map(([name, uid, rv]) => [
      `ns/${name}`,
      {
        uid,
        resourceVersion: String(rv),
        json: new TextEncoder().encode(JSON.stringify(pod(name, uid, rv))),
      },
    ]),
  );

describe('Reflector', () => {
  test('lists every page, publishes each object, then watches from the list revision', async () => {
    const { source, sink, reflector } = setup();
    source.lists = [
      page([pod('a', 'ua', 3), pod('b', 'ub', 4)], '10', 'c1'),
      page([pod('c', 'uc', 5)], '10'),
    ];
    reflector.start();
    await until('watching', () => source.calls.includes('watch rv=10'));
    await reflector.stop();
    assert.deepEqual(source.calls, ['list', 'list continue=c1', 'watch rv=10']);
    assert.deepEqual(sink.summary(), ['ADDED a@3', 'ADDED b@4', 'ADDED c@5']);
    assert.equal(reflector.isReady(), true);
    assert.equal(sink.changes[0]?.object.kind, 'Pod', 'list items are published with their kind');
  });

  test('watch events are published in order and the watch resumes from the last revision, bookmarks included', async () => {
    const { source, sink, reflector, metric } = setup();
    source.lists = [page([], '10')];
    source.watches = [
      {
        events: [
          { type: 'ADDED', object: pod('a', 'ua', 11) },
          { type: 'MODIFIED', object: pod('a', 'ua', 12) },
          { type: 'BOOKMARK', object: { metadata: { resourceVersion: '15' } } },
        ],
        end: 'close',
      },
      { events: [{ type: 'DELETED', object: pod('a', 'ua', 16) }], end: 'close' },
    ];
    reflector.start();
    await until('third watch', () => source.calls.length === 4);
    await reflector.stop();
    assert.deepEqual(source.calls, ['list', 'watch rv=10', 'watch rv=15', 'watch rv=16']);
    assert.deepEqual(sink.summary(), ['ADDED a@11', 'MODIFIED a@12', 'DELETED a@16']);
    assert.equal(await metric('kruise_watcher_watch_restarts_total', { reason: 'closed' }), 2);
    assert.equal(reflector.status().objects, 0);
  });

  test('410 Gone relists and tombstones what vanished meanwhile, at the new list revision', async () => {
    const { source, sink, reflector, metric } = setup();
    source.lists = [
      page([pod('a', 'ua', 3), pod('b', 'ub', 4)], '10'),
      page([pod('a', 'ua', 3), pod('c', 'uc', 25)], '30'),
    ];
    source.watches = [{ events: [], end: gone() }];
    reflector.start();
    await until('watch after relist', () => source.calls.includes('watch rv=30'));
    await reflector.stop();
    assert.deepEqual(source.calls, ['list', 'watch rv=10', 'list', 'watch rv=30']);
    assert.deepEqual(sink.summary(), ['ADDED a@3', 'ADDED b@4', 'ADDED c@25', 'TOMBSTONE b@30']);
    assert.equal(
      sink.changes.at(-1)?.object.metadata?.resourceVersion,
      '4',
      'the tombstone carries the last state',
    );
    assert.equal(await metric('kruise_watcher_relists_total', { reason: 'gone' }), 1);
  });

  test('an expired continue token restarts the list from the first page', async () => {
    const { source, sink, reflector } = setup();
    source.lists = [
      page([pod('a', 'ua', 3)], '10', 'c1'),
      () => gone(),
      page([pod('a', 'ua', 3)], '20', 'c2'),
      page([pod('b', 'ub', 18)], '20'),
    ];
    reflector.start();
    await until('watching', () => source.calls.some((c) => c.startsWith('watch')));
    await reflector.stop();
    assert.deepEqual(source.calls, ['list', 'list continue=c1', 'list', 'list continue=c2', 'watch rv=20']);
    assert.deepEqual(sink.summary(), ['ADDED a@3', 'ADDED a@3', 'ADDED b@18']);
  });

  test('seeded from the bus: unchanged objects are not republished, deleted-while-down ones are tombstoned', async () => {
    const { source, sink, reflector } = setup({
      known: known([
        ['same', 'u1', 5],
        ['changed', 'u2', 6],
        ['deleted', 'u3', 7],
      ]),
    });
    source.lists = [page([pod('same', 'u1', 5), pod('changed', 'u2', 9), pod('new', 'u4', 12)], '20')];
    reflector.start();
    await until('watching', () => source.calls.includes('watch rv=20'));
    await reflector.stop();
    assert.deepEqual(sink.summary(), ['MODIFIED changed@9', 'ADDED new@12', 'TOMBSTONE deleted@20']);
  });

  test('a watch replaying what the list published does not publish it twice', async () => {
    const { source, sink, reflector } = setup();
    source.lists = [page([pod('a', 'ua', 3)], '3')];
    source.watches = [{ events: [{ type: 'ADDED', object: pod('a', 'ua', 3) }], end: 'hang' }];
    reflector.start();
    await until('watching', () => source.calls.includes('watch rv=3'));
    await new Promise((r) => setTimeout(r, 10));
    await reflector.stop();
    assert.deepEqual(sink.summary(), ['ADDED a@3']);
  });

  test('a silent watch is abandoned after the stall window and re-opened from the last revision', async () => {
    const { source, sink, reflector, metric } = setup({ stallTimeoutMs: 50 });
    source.lists = [page([], '10')];
    source.watches = [
      { events: [{ type: 'ADDED', object: pod('a', 'ua', 11) }], end: 'hang' },
      { events: [{ type: 'MODIFIED', object: pod('a', 'ua', 12) }], end: 'hang' },
    ];
    reflector.start();
    await until('a third watch', () => source.calls.length >= 4);
    await reflector.stop();
    assert.deepEqual(source.calls.slice(0, 4), ['list', 'watch rv=10', 'watch rv=11', 'watch rv=12']);
    assert.deepEqual(sink.summary(), ['ADDED a@11', 'MODIFIED a@12']);
    assert.ok((await metric('kruise_watcher_watch_stalls_total', {})) >= 2);
  });

  test('a watch whose events keep coming is not cut at the stall window, however long it lasts', async () => {
    const { source, sink, reflector, metric } = setup({ stallTimeoutMs: 60 });
    source.lists = [page([], '10')];
    // Six events 30 ms apart: 150 ms in all, longer than the window, never a gap as long as it.
    const events = [11, 12, 13, 14, 15, 16].map(
      (rv): WatchEvent => ({ type: 'MODIFIED', object: pod('a', 'ua', rv) }),
    );
    source.watches = [{ events, end: 'hang', gapMs: 30 }];
    reflector.start();
    await until('the watch after the stall', () => source.calls.length >= 3);
    await reflector.stop();
    assert.deepEqual(source.calls.slice(0, 3), ['list', 'watch rv=10', 'watch rv=16']);
    assert.equal(sink.summary().length, 6);
    assert.equal(await metric('kruise_watcher_watch_stalls_total', {}), 1);
  });

  test('404 (CRD not installed): ready meanwhile, retried with back-off, listed once served', async () => {
    const { source, sink, reflector, metric } = setup();
    const notFound = () => new ApiStatusError(404, 'NotFound', '404 page not found');
    source.lists = [notFound, notFound, page([pod('a', 'ua', 40)], '41')];
    reflector.start();
    await until('ready while not installed', () => reflector.isReady());
    assert.equal(reflector.status().installed, false);
    await until('listed once served', () => source.calls.includes('watch rv=41'));
    await reflector.stop();
    assert.deepEqual(source.calls, ['list', 'list', 'list', 'watch rv=41']);
    assert.deepEqual(sink.summary(), ['ADDED a@40']);
    assert.equal(reflector.status().installed, true);
    assert.equal(await metric('kruise_watcher_relists_total', { reason: 'installed' }), 2);
  });

  test('wake() cuts the not-installed back-off short', async () => {
    // A back-off far beyond the test's patience: only wake() can bring the second list in time.
    const { source, reflector } = setup({ notInstalledRetryMs: 60_000 });
    const notFound = () => new ApiStatusError(404, 'NotFound', 'not found');
    source.lists = [notFound, page([], '5')];
    reflector.start();
    await until('not installed', () => reflector.status().state === 'not-installed');
    reflector.wake();
    await until('listed', () => source.calls.includes('watch rv=5'), 1_000);
    await reflector.stop();
  });

  test('repeated watch errors (not 410) re-watch from the last revision, then fall back to a relist', async () => {
    const { source, reflector, metric } = setup();
    const boom = () => new ApiStatusError(500, 'InternalError', 'boom');
    source.lists = [page([], '10'), page([], '50')];
    source.watches = [
      { events: [], end: boom() },
      { events: [], end: boom() },
      { events: [], end: boom() },
    ];
    reflector.start();
    await until('watch after relist', () => source.calls.includes('watch rv=50'));
    await reflector.stop();
    assert.deepEqual(source.calls, [
      'list',
      'watch rv=10',
      'watch rv=10',
      'watch rv=10',
      'list',
      'watch rv=50',
    ]);
    assert.equal(await metric('kruise_watcher_relists_total', { reason: 'error' }), 1);
  });

  test('stop() ends a reflector blocked in a watch promptly', async () => {
    const { source, reflector } = setup();
    source.lists = [page([], '1')];
    reflector.start();
    await until('watching', () => source.calls.length === 2);
    const started = Date.now();
    await reflector.stop();
    assert.ok(Date.now() - started < 500);
    assert.equal(reflector.status().state, 'stopped');
  });
});
