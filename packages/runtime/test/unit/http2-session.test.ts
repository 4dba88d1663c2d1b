import assert from 'node:assert/strict';
import { createServer, type Http2Server, type ServerHttp2Session } from 'node:http2';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { KubeClient, TooManyRequestsError } from '../../src/index.ts';
import { Http2Origin } from '../../src/kube/http2-session.ts';

// A cleartext HTTP/2 server (the apiserver speaks it over TLS; the session code is the same either way).
function listen(server: Http2Server | TcpServer): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      assert.ok(address !== null && typeof address === 'object');
      resolve(address.port);
    });
  });
}

const noTls = { rejectUnauthorized: true };

describe('Http2Origin', () => {
  const sessions = new Set<ServerHttp2Session>();
  const cancelled: string[] = [];
  const server = createServer();
  server.on('session', (s) => {
    sessions.add(s);
    s.on('close', () => sessions.delete(s));
  });
  server.on('stream', (stream, headers) => {
    const path = String(headers[':path']);
    stream.on('close', () => {
      if (stream.rstCode !== 0) cancelled.push(path);
    });
    if (path === '/chunked') {
      // Several writes, so the body reaches the client in more than one chunk; "ü" is split across two.
      const bytes = Buffer.from('{"text":"grüße"}');
      stream.respond({ ':status': 200, 'content-type': 'application/json' });
      stream.write(bytes.subarray(0, 12));
      setTimeout(() => stream.end(bytes.subarray(12)), 20);
      return;
    }
    if (path === '/never') return; // no answer: the client gives up
    if (path === '/watch') {
      stream.respond({ ':status': 200 });
      stream.write('{"type":"ADDED"}\n');
      return; // stays open, as a watch does
    }
    if (path === '/api/v1/namespaces/ns/configmaps/busy') {
      stream.respond({ ':status': 429, 'content-type': 'application/json', 'retry-after': '7' });
      stream.end(JSON.stringify({ kind: 'Status', status: 'Failure', reason: 'TooManyRequests', code: 429 }));
      return;
    }
    if (path === '/missing') {
      stream.respond({ ':status': 404, 'x-multi': ['a', 'b'] });
      stream.end('404 page not found');
      return;
    }
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      body += chunk;
    });
    stream.on('end', () => {
      stream.respond({ ':status': 200, 'content-type': 'application/json' });
      stream.end(
        JSON.stringify({
          method: headers[':method'],
          path,
          auth: headers.authorization ?? null,
          body: body === '' ? null : body,
        }),
      );
    });
  });
  let base = '';
  before(async () => {
    base = `http://127.0.0.1:${await listen(server)}`;
  });
  after(() => {
    for (const s of sessions) s.destroy();
    server.close();
  });

  it('streams an answer: status, headers without pseudo-headers, the body as JSON', async () => {
    const origin = new Http2Origin(base, noTls);
    try {
      const res = await origin.request(new URL(`${base}/api/v1/pods?labelSelector=a%3Db&limit=5`), {
        method: 'GET',
        headers: { authorization: 'Bearer t' },
      });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'application/json');
      assert.equal(res.headers[':status'], undefined);
      assert.deepEqual(await res.body.json(), {
        method: 'GET',
        path: '/api/v1/pods?labelSelector=a%3Db&limit=5',
        auth: 'Bearer t',
        body: null,
      });
    } finally {
      await origin.close();
    }
  });

  it('reads a whole answer: a body sent, chunks joined as UTF-8, an error status with its headers', async () => {
    const origin = new Http2Origin(base, noTls);
    try {
      const res = await origin.requestBuffered(new URL(`${base}/api/v1/pods`), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"a":1}',
      });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(JSON.parse(res.body), {
        method: 'POST',
        path: '/api/v1/pods',
        auth: null,
        body: '{"a":1}',
      });
      const chunked = await origin.requestBuffered(new URL(`${base}/chunked`), {
        method: 'GET',
        headers: {},
      });
      assert.deepEqual(JSON.parse(chunked.body), { text: 'grüße' });
      const missing = await origin.requestBuffered(new URL(`${base}/missing`), {
        method: 'GET',
        headers: {},
      });
      assert.equal(missing.statusCode, 404);
      assert.equal(missing.body, '404 page not found');
      assert.equal(missing.headers['x-multi'], 'a, b'); // joined, as node:http does
    } finally {
      await origin.close();
    }
  });

  it("a client's failed call still reads its headers: a 429's Retry-After reaches the typed error", async () => {
    const kube = new KubeClient({
      cluster: { server: base, insecureSkipTlsVerify: false, namespace: 'ns', source: 'test' },
    });
    try {
      await assert.rejects(
        kube.request({ method: 'GET', path: '/api/v1/namespaces/ns/configmaps/busy' }),
        (err: unknown) => err instanceof TooManyRequestsError && err.retryAfterSeconds === 7,
      );
    } finally {
      await kube.close();
    }
  });

  it('carries concurrent requests on one session', async () => {
    const origin = new Http2Origin(base, noTls);
    try {
      const before = sessions.size;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          origin.requestBuffered(new URL(`${base}/p/${i}`), { method: 'GET', headers: {} }),
        ),
      );
      assert.deepEqual(
        answers.map((a) => (JSON.parse(a.body) as { path: string }).path),
        Array.from({ length: 20 }, (_, i) => `/p/${i}`),
      );
      assert.equal(sessions.size, before + 1);
    } finally {
      await origin.close();
    }
  });

  it('an abort rejects with its reason and cancels the stream; the session keeps serving', async () => {
    const origin = new Http2Origin(base, noTls);
    try {
      const controller = new AbortController();
      const pending = origin.requestBuffered(new URL(`${base}/never`), {
        method: 'GET',
        headers: {},
        signal: controller.signal,
      });
      setTimeout(() => controller.abort(new Error('gave up')), 50);
      await assert.rejects(pending, /gave up/);
      await assert.rejects(
        origin.requestBuffered(new URL(`${base}/x`), {
          method: 'GET',
          headers: {},
          signal: AbortSignal.abort('no'),
        }),
        (reason: unknown) => reason === 'no',
      );
      const res = await origin.requestBuffered(new URL(`${base}/after`), { method: 'GET', headers: {} });
      assert.equal(res.statusCode, 200);
      await waitUntil(() => cancelled.includes('/never'));
    } finally {
      await origin.close();
    }
  });

  it('a streamed body reads as it arrives; destroying it cancels the stream, not the session', async () => {
    const origin = new Http2Origin(base, noTls);
    try {
      const res = await origin.request(new URL(`${base}/watch`), { method: 'GET', headers: {} });
      for await (const chunk of res.body) {
        assert.equal(chunk.toString('utf8'), '{"type":"ADDED"}\n');
        break;
      }
      res.body.destroy();
      assert.equal(res.body.destroyed, true);
      await waitUntil(() => cancelled.includes('/watch'));
      const next = await origin.requestBuffered(new URL(`${base}/next`), { method: 'GET', headers: {} });
      assert.equal(next.statusCode, 200);
    } finally {
      await origin.close();
    }
  });

  it('close() ends a session with a stream still open (a watch), after its grace', async () => {
    const origin = new Http2Origin(base, noTls);
    const res = await origin.request(new URL(`${base}/watch`), { method: 'GET', headers: {} });
    assert.equal(res.statusCode, 200);
    const started = Date.now();
    await origin.close();
    assert.ok(Date.now() - started < 5_000);
    assert.equal(res.body.destroyed, true);
  });

  it('opens a new session after the server ended the last one', async () => {
    const origin = new Http2Origin(base, noTls);
    try {
      await origin.requestBuffered(new URL(`${base}/one`), { method: 'GET', headers: {} });
      for (const s of sessions) s.close();
      await waitUntil(() => sessions.size === 0);
      const res = await origin.requestBuffered(new URL(`${base}/two`), { method: 'GET', headers: {} });
      assert.equal(res.statusCode, 200);
    } finally {
      await origin.close();
    }
  });
});

describe('Http2Origin against a peer that never answers', () => {
  let connections = 0;
  const silent = createTcpServer((socket) => {
    connections++;
    socket.on('data', () => {}); // reads the preface, never says a word
  });
  let base = '';
  before(async () => {
    base = `http://127.0.0.1:${await listen(silent)}`;
  });
  after(() => silent.close());

  it('a request given up on probes the session; unanswered, it is dropped and the next request reconnects', async () => {
    const origin = new Http2Origin(base, noTls, { probeTimeoutMs: 200 });
    try {
      await assert.rejects(
        origin.requestBuffered(new URL(`${base}/a`), {
          method: 'GET',
          headers: {},
          signal: AbortSignal.timeout(100),
        }),
        { name: 'TimeoutError' },
      );
      assert.equal(connections, 1);
      await new Promise((r) => setTimeout(r, 400));
      await assert.rejects(
        origin.requestBuffered(new URL(`${base}/b`), {
          method: 'GET',
          headers: {},
          signal: AbortSignal.timeout(100),
        }),
        { name: 'TimeoutError' },
      );
      await waitUntil(() => connections === 2);
    } finally {
      await origin.close();
    }
  });
});

async function waitUntil(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached within 5 s');
    await new Promise((r) => setTimeout(r, 10));
  }
}
