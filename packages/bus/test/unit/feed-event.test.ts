// What a delivered object event lets its receiver keep: the object cache holds each version's trace context for
// as long as it holds the version, so that context must not hold the event (and with it the object's bytes,
// which the cache drops once it parsed them).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { headers } from '@nats-io/transport-node';
import { ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { type ObjectEvent, objectEventCodec } from '../../src/index.ts';
import { FeedEvent } from '../../src/object-feed.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function delivered(): { feed: FeedEvent; bytes: WeakRef<Uint8Array> } {
  const h = headers();
  h.set('traceparent', '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
  const event: ObjectEvent = objectEventCodec.decode(
    objectEventCodec.encode({ namespace: 'ns', name: 'a', object: new Uint8Array(64 * 1024) }),
  );
  return {
    feed: new FeedEvent(event, 'subject', 1, false, { headers: h }),
    bytes: new WeakRef(event.object),
  };
}

describe('FeedEvent', () => {
  test('its trace context is read from the headers once, and is the same through the event and on its own', () => {
    const { feed } = delivered();
    const ctx = feed.trace.context;
    assert.equal(trace.getSpanContext(ctx)?.traceId, '4bf92f3577b34da6a3ce929d0e0e4736');
    assert.equal(feed.context, ctx);
    assert.equal(feed.trace.context, ctx);
  });

  test('a given context is kept as it is', () => {
    const event = objectEventCodec.decode(objectEventCodec.encode({ name: 'a' }));
    assert.equal(new FeedEvent(event, 'subject', 1, false, ROOT_CONTEXT).trace.context, ROOT_CONTEXT);
  });

  test('keeping its trace context does not keep the event or its bytes', async () => {
    const { trace: kept, bytes } = ((): { trace: FeedEvent['trace']; bytes: WeakRef<Uint8Array> } => {
      const d = delivered();
      return { trace: d.feed.trace, bytes: d.bytes };
    })();
    // A WeakRef's target stays alive until the turn that made it ends.
    await nextTurn();
    gc();
    // Not assert.equal: on failure its message would diff 64 KiB of bytes.
    assert.ok(bytes.deref() === undefined, 'the object bytes were collected');
    assert.ok(trace.getSpanContext(kept.context), 'the context is still there');
  });
});
