// Events go through a token bucket of their own (as Kruise's recorder has its own client): a burst of Events
// neither waits behind the controller's writes nor makes them wait. Fake clock; nothing is sent.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FakeClock, KubeClient } from '../../src/index.ts';
import type { IncomingResponse, OutgoingRequest } from '../../src/kube/request.ts';
import { offlineCluster } from '../../src/testing/index.ts';

class RecordingClient extends KubeClient {
  readonly sent: string[] = [];
  protected override async send(req: OutgoingRequest): Promise<IncomingResponse> {
    this.sent.push(`${req.method} ${req.url.pathname}`);
    return { status: 200, headers: {}, body: {} };
  }
}

test('a client with its own rate limit shares the connection but not the token bucket', async () => {
  const clock = new FakeClock();
  const kube = new RecordingClient({ cluster: offlineCluster(), qps: 1, burst: 2, clock });
  const events = kube.withOwnRateLimit();
  // Two events spend a whole bucket's worth of tokens: the controller's own bucket is untouched.
  await events.request({ method: 'POST', path: '/api/v1/namespaces/ns/events', body: {} });
  await events.request({ method: 'POST', path: '/api/v1/namespaces/ns/events', body: {} });
  await kube.request({ method: 'POST', path: '/api/v1/namespaces/ns/pods', body: {} });
  await kube.request({ method: 'POST', path: '/api/v1/namespaces/ns/pods', body: {} });
  assert.equal(kube.rateLimiter.stats().reservations, 2);
  assert.equal(kube.rateLimiter.stats().waited, 0);
  // Both went out through the same client (its HTTP exchange), in order.
  assert.deepEqual(kube.sent, [
    'POST /api/v1/namespaces/ns/events',
    'POST /api/v1/namespaces/ns/events',
    'POST /api/v1/namespaces/ns/pods',
    'POST /api/v1/namespaces/ns/pods',
  ]);
});

test('a lane hands out its own typed handles, behind its own bucket', async () => {
  const clock = new FakeClock();
  const kube = new RecordingClient({ cluster: offlineCluster(), qps: 1, burst: 1, clock });
  const status = kube.withOwnRateLimit();
  const pods = { group: '', version: 'v1', plural: 'pods', namespaced: true };
  assert.equal(status.resource(pods), status.resource(pods), 'one handle per resource');
  assert.notEqual(status.resource(pods), kube.resource(pods), 'not the client’s handle');
  await status.resource(pods).get({ namespace: 'ns', name: 'a' });
  await kube.resource(pods).get({ namespace: 'ns', name: 'b' });
  // Each bucket held one token: neither call waited for the other's.
  assert.equal(kube.rateLimiter.stats().waited, 0);
  assert.deepEqual(kube.sent, ['GET /api/v1/namespaces/ns/pods/a', 'GET /api/v1/namespaces/ns/pods/b']);
});
