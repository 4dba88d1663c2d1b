// nats-core 3.4's RequestOne.cancel() builds `new RequestError("cancelled")` on every request, also after the
// reply resolved it (the reject is then a no-op): one Error with a captured stack per JetStream publish, KV read
// and direct get. It was 4–5 % of the watcher's CPU under a rollout (docs/performance.md). The error is only
// ever seen when a request is cancelled before its reply, so it is built here without a stack trace; every
// other behaviour of cancel() is nats-core's own. Applied once, on import (connection.ts imports it).
import { RequestOne } from '@nats-io/nats-core/internal';

const PATCHED = Symbol.for('kruise-ts.nats.cancelWithoutStack');

type Cancel = (this: RequestOne, err?: Error) => void;

export function cheapRequestCancel(proto: { cancel: Cancel } & { [PATCHED]?: true }): void {
  if (proto[PATCHED]) return;
  const original = proto.cancel;
  proto.cancel = function cancel(this: RequestOne, err?: Error): void {
    if (err !== undefined) {
      original.call(this, err);
      return;
    }
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      original.call(this);
    } finally {
      Error.stackTraceLimit = limit;
    }
  };
  proto[PATCHED] = true;
}

cheapRequestCancel(RequestOne.prototype as unknown as { cancel: Cancel });

/** Whether the patch is in place (tests). */
export function requestCancelIsCheap(): boolean {
  return (RequestOne.prototype as unknown as { [PATCHED]?: true })[PATCHED] === true;
}
