import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { statusError } from '../../src/apiserver-stream.ts';
import { parseWatchEvent, type WatchEvent, watchEventsFromChunks } from '../../src/watch-events.ts';

async function collect(chunks: (string | Uint8Array)[]): Promise<WatchEvent[]> {
  async function* gen() {
    yield* chunks;
  }
  const out: WatchEvent[] = [];
  for await (const e of watchEventsFromChunks(gen())) out.push(e);
  return out;
}

const added = '{"type":"ADDED","object":{"metadata":{"name":"a","resourceVersion":"5"}}}';
const bookmark = '{"type":"BOOKMARK","object":{"metadata":{"resourceVersion":"9"}}}';

describe('watch event stream', () => {
  test('one event per line, however the network chunks them', async () => {
    const text = `${added}\n${bookmark}\n`;
    for (const size of [1, 7, 64, text.length]) {
      const chunks: string[] = [];
      for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
      const events = await collect(chunks);
      assert.deepEqual(
        events.map((e) => [e.type, e.object.metadata?.resourceVersion]),
        [
          ['ADDED', '5'],
          ['BOOKMARK', '9'],
        ],
        `chunk size ${size}`,
      );
    }
  });

  test('multi-byte UTF-8 split across chunks decodes intact', async () => {
    const bytes = new TextEncoder().encode(
      '{"type":"ADDED","object":{"metadata":{"name":"a","labels":{"x":"名前"}}}}\n',
    );
    const cut = bytes.indexOf(0xe5) + 1; // inside the first character
    const [event] = await collect([bytes.slice(0, cut), bytes.slice(cut)]);
    assert.equal(event?.object.metadata?.labels?.x, '名前');
  });

  test('blank lines are skipped and a trailing partial event (a cut connection) is dropped', async () => {
    const events = await collect([`\n${added}\n\n`, '{"type":"MODIFIED","obj']);
    assert.equal(events.length, 1);
  });

  test('a line that is not a watch event is an error, not a silent skip', () => {
    assert.throws(() => parseWatchEvent('{"kind":"Status"}'), /not a watch event/);
    assert.throws(() => parseWatchEvent('{"type":"ADDED"'), /undecodable watch event/);
    assert.throws(() => parseWatchEvent('{"type":"WHATEVER","object":{}}'), /not a watch event/);
  });

  test('the object comes with its own text, managedFields cut from both', () => {
    const event = parseWatchEvent(
      '{"type":"MODIFIED","object":{"kind":"Pod","apiVersion":"v1","metadata":{"name":"a","managedFields":[{"manager":"m"}]}}}',
    );
    assert.equal(event.objectJson, '{"kind":"Pod","apiVersion":"v1","metadata":{"name":"a"}}');
    assert.deepEqual(event.object, JSON.parse(event.objectJson ?? ''));
  });

  test("a change is read up to its metadata's end; the rest travels as text", () => {
    const object =
      '{"kind":"Pod","apiVersion":"v1","metadata":{"name":"a","labels":{"x":"}\\"{"},"resourceVersion":"7"},"spec":{"nodeName":"n"},"status":{"phase":"Running"}}';
    for (const type of ['ADDED', 'MODIFIED', 'DELETED'] as const) {
      const event = parseWatchEvent(`{"type":"${type}","object":${object}}`);
      assert.equal(event.type, type);
      assert.equal(event.headOnly, true);
      assert.equal(event.objectJson, object);
      const whole = JSON.parse(object) as { kind: string; apiVersion: string; metadata: unknown };
      assert.deepEqual(event.object, {
        kind: whole.kind,
        apiVersion: whole.apiVersion,
        metadata: whole.metadata,
      });
    }
  });

  test("a change whose only metadata is nested (not the object's own) is parsed whole", () => {
    const text = '{"type":"ADDED","object":{"kind":"X","spec":{"template":{"metadata":{"name":"t"}}}}}';
    const event = parseWatchEvent(text);
    assert.equal(event.headOnly, undefined);
    assert.deepEqual(event.object, JSON.parse(text).object);
  });

  test('bookmarks and errors are parsed whole (a Status carries its code past its metadata)', () => {
    const error = parseWatchEvent(
      '{"type":"ERROR","object":{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","reason":"Expired","code":410}}',
    );
    assert.equal(error.headOnly, undefined);
    assert.equal(error.object.code, 410);
    assert.equal(parseWatchEvent(bookmark).headOnly, undefined);
  });

  test('an event in another field order parses without its own text', () => {
    const event = parseWatchEvent(
      '{"object":{"metadata":{"name":"a","resourceVersion":"5"}},"type":"ADDED"}',
    );
    assert.equal(event.type, 'ADDED');
    assert.equal(event.objectJson, undefined);
  });
});

describe('statusError', () => {
  test('an ERROR event Status keeps its code (410 Gone) and reason', () => {
    const err = statusError(
      500,
      { kind: 'Status', code: 410, reason: 'Expired', message: 'too old' },
      'watch x',
    );
    assert.equal(err.status, 410);
    assert.equal(err.reason, 'Expired');
    assert.match(err.message, /410 Expired too old/);
  });

  test('a plain-text body (404 page not found for an unserved group) keeps the HTTP status', () => {
    const err = statusError(404, '404 page not found\n', 'list /apis/apps.kruise.io/v1beta1/clonesets');
    assert.equal(err.status, 404);
    assert.match(err.message, /404 page not found/);
  });
});
