// Each apiserver call carries one abort signal: its timeout (shortened to the lease's remaining validity) or
// the partition's loss, whichever comes first; once the answer is in, neither the timer nor the listener on the
// partition's signal outlives the call. A client whose HTTP exchange waits on the signal (nothing is sent).
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { describe, it } from 'node:test';
import { FencedError, KubeClient } from '../../src/index.ts';
import type { IncomingResponse, OutgoingRequest } from '../../src/kube/request.ts';
import { runWithWriteGuard } from '../../src/kube/write-guard.ts';
import { offlineCluster } from '../../src/testing/index.ts';

/** Answers at once when `answer` is set, otherwise only ever rejects with the signal's reason. */
class HangingClient extends KubeClient {
  answer = false;
  protected override send(req: OutgoingRequest): Promise<IncomingResponse> {
    if (this.answer) return Promise.resolve({ status: 200, headers: {}, body: {} });
    return new Promise((_, reject) => {
      req.signal?.addEventListener('abort', () => reject(req.signal?.reason), { once: true });
    });
  }
}

const PATH = '/api/v1/namespaces/ns/configmaps';

function guardOf(controller: AbortController, remainingMs = 60_000) {
  return { fence: () => undefined, signal: controller.signal, remainingMs: () => remainingMs };
}

describe('request abort signal', () => {
  it('a call outliving its timeout is aborted with a TimeoutError', async () => {
    const client = new HangingClient({ cluster: offlineCluster(), qps: Infinity, requestTimeoutMs: 20 });
    await assert.rejects(client.request({ method: 'GET', path: `${PATH}/a` }), { name: 'TimeoutError' });
  });

  it('a write is cut short by the lease’s remaining validity', async () => {
    const client = new HangingClient({ cluster: offlineCluster(), qps: Infinity });
    const lease = new AbortController();
    const write = runWithWriteGuard(guardOf(lease, 20), () =>
      client.request({ method: 'POST', path: PATH, body: { metadata: { name: 'b' } } }),
    );
    await assert.rejects(write, { name: 'TimeoutError' });
  });

  it('losing the partition aborts a write in flight with the loss', async () => {
    const client = new HangingClient({ cluster: offlineCluster(), qps: Infinity });
    const lease = new AbortController();
    const write = runWithWriteGuard(guardOf(lease), () =>
      client.request({ method: 'POST', path: PATH, body: { metadata: { name: 'c' } } }),
    );
    setImmediate(() => lease.abort(new FencedError(3, 'lease lost')));
    await assert.rejects(write, /lease lost/);
  });

  it('an answered write leaves no listener on the partition’s signal', async () => {
    const client = new HangingClient({ cluster: offlineCluster(), qps: Infinity });
    client.answer = true;
    const lease = new AbortController();
    for (let i = 0; i < 5; i++) {
      await runWithWriteGuard(guardOf(lease), () =>
        client.request({ method: 'POST', path: PATH, body: { metadata: { name: `d${i}` } } }),
      );
    }
    assert.equal(getEventListeners(lease.signal, 'abort').length, 0);
  });
});
