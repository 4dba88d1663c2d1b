// nats-core 3.4's RequestOne.cancel() builds `new RequestError("cancelled")` on every request, also after the
// reply resolved it (the reject is then a no-op): one Error with a captured stack per JetStream publish, KV read
// and direct get. It was 4–5 % of the watcher's CPU under a rollout (docs/performance.md). That error is only
// seen by a caller whose request is cancelled before any reply, which nats-core never does without an error of
// its own (a closing connection resolves pending requests with one), so one stackless instance stands for it;
// every other behaviour of cancel() is nats-core's own. Applied once, on import (connection.ts imports it).
import { RequestError } from '@nats-io/nats-core';
import { RequestOne } from '@nats-io/nats-core/internal';

const PATCHED = Symbol.for('kruise-ts.nats.cancelWithoutStack');

type Cancel = (this: RequestOne, err?: Error) => void;

/** The rejection of a request cancelled without an error; built once, without a stack. */
export const REQUEST_CANCELLED: RequestError = (() => {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new RequestError('cancelled');
  } finally {
    Error.stackTraceLimit = limit;
  }
})();

export function cheapRequestCancel(proto: { cancel: Cancel } & { [PATCHED]?: true }): void {
  if (proto[PATCHED]) return;
  const original = proto.cancel;
  proto.cancel = function cancel(this: RequestOne, err?: Error): void {
    original.call(this, err ?? REQUEST_CANCELLED);
  };
  proto[PATCHED] = true;
}

cheapRequestCancel(RequestOne.prototype as unknown as { cancel: Cancel });

/** Whether the patch is in place (tests). */
export function requestCancelIsCheap(): boolean {
  return (RequestOne.prototype as unknown as { [PATCHED]?: true })[PATCHED] === true;
}
