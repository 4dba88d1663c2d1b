// The nats-core request patch (src/nats-request-cost.ts): a resolved request's cancel() no longer builds an
// error, a cancel with an error still rejects with that error, and the process's stack limit is left as it was.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RequestError } from '@nats-io/nats-core';
import { RequestOne } from '@nats-io/nats-core/internal';
import '../../src/connection.ts';
import { REQUEST_CANCELLED, requestCancelIsCheap } from '../../src/nats-request-cost.ts';

type Mux = ConstructorParameters<typeof RequestOne>[0];

function request(): { r: RequestOne; cancelled: number } {
  const state = { cancelled: 0 };
  const mux = { cancel: () => state.cancelled++ } as unknown as Mux;
  const r = new RequestOne(mux, 'subject', { timeout: 60_000 }, false);
  return {
    r,
    get cancelled() {
      return state.cancelled;
    },
  };
}

test('connecting the bus patches the RequestOne the transport uses', () => {
  assert.equal(requestCancelIsCheap(), true);
});

test('cancel() without an error rejects with the one stackless RequestError and keeps the stack limit', async () => {
  const limit = Error.stackTraceLimit;
  const t = request();
  t.r.cancel();
  const err = await t.r.deferred.catch((e: unknown) => e);
  assert.equal(err, REQUEST_CANCELLED);
  assert.ok(err instanceof RequestError);
  assert.equal((err as Error).message, 'cancelled');
  assert.doesNotMatch((err as Error).stack ?? '', /\n\s+at /);
  assert.equal(Error.stackTraceLimit, limit);
  assert.equal(t.cancelled, 1, 'the mux still forgets the request');
});

test('cancel(err) rejects with that error, with its stack', async () => {
  const t = request();
  const cause = new Error('timed out');
  t.r.cancel(cause);
  assert.equal(await t.r.deferred.catch((e: unknown) => e), cause);
  assert.match(cause.stack ?? '', /\n\s+at /);
});

test('a resolved request stays resolved after the cancel its resolver makes', async () => {
  const t = request();
  const msg = { subject: 'reply' } as Parameters<RequestOne['resolver']>[1];
  t.r.resolver(null, msg);
  assert.equal(await t.r.deferred, msg);
  assert.equal(t.cancelled, 1);
});
