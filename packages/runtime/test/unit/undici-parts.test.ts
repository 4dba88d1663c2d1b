import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Agent, requestThrough, sendBuffered } from '../../src/kube/undici-parts.ts';

describe('undici parts', () => {
  const server = createServer((req, res) => {
    if (req.url === '/chunked') {
      // Several writes, so the body reaches the client in more than one chunk; "ü" is split across two.
      const bytes = Buffer.from('{"text":"grüße"}');
      res.setHeader('content-type', 'application/json');
      res.write(bytes.subarray(0, 12));
      setTimeout(() => res.end(bytes.subarray(12)), 20);
      return;
    }
    if (req.url === '/slow') {
      setTimeout(() => res.end('{}'), 2_000).unref();
      return;
    }
    if (req.url === '/missing') {
      res.statusCode = 404;
      res.setHeader('x-multi', ['a', 'b']);
      res.end('404 page not found');
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ method: req.method, url: req.url, auth: req.headers.authorization ?? null }));
  });
  let base = '';
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    assert.ok(address !== null && typeof address === 'object');
    base = `http://127.0.0.1:${address.port}`;
  });
  after(() => server.close());

  it('sends the path and query of the URL through the agent, as undici.request(url, { dispatcher }) does', async () => {
    const agent = new Agent();
    try {
      const res = await requestThrough(agent, new URL(`${base}/api/v1/pods?labelSelector=a%3Db&limit=5`), {
        method: 'GET',
        headers: { authorization: 'Bearer t' },
      });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(await res.body.json(), {
        method: 'GET',
        url: '/api/v1/pods?labelSelector=a%3Db&limit=5',
        auth: 'Bearer t',
      });
    } finally {
      await agent.close();
    }
  });

  it('sendBuffered: the whole answer with its status and headers, a body sent, chunks joined as UTF-8', async () => {
    const agent = new Agent();
    try {
      const res = await sendBuffered(agent, new URL(`${base}/api/v1/pods?limit=5`), {
        method: 'POST',
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: '{"a":1}',
      });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'application/json');
      assert.deepEqual(JSON.parse(res.body), {
        method: 'POST',
        url: '/api/v1/pods?limit=5',
        auth: 'Bearer t',
      });
      const chunked = await sendBuffered(agent, new URL(`${base}/chunked`), { method: 'GET', headers: {} });
      assert.deepEqual(JSON.parse(chunked.body), { text: 'grüße' });
      const missing = await sendBuffered(agent, new URL(`${base}/missing`), { method: 'GET', headers: {} });
      assert.equal(missing.statusCode, 404);
      assert.equal(missing.body, '404 page not found');
      assert.deepEqual(missing.headers['x-multi'], ['a', 'b']);
    } finally {
      await agent.close();
    }
  });

  it('sendBuffered: an abort before or during the request rejects with the signal reason', async () => {
    const agent = new Agent();
    try {
      const early = new AbortController();
      early.abort(new Error('fenced before sending'));
      await assert.rejects(
        sendBuffered(agent, new URL(`${base}/slow`), { method: 'GET', headers: {}, signal: early.signal }),
        /fenced before sending/,
      );
      const late = new AbortController();
      const started = performance.now();
      const pending = sendBuffered(agent, new URL(`${base}/slow`), {
        method: 'GET',
        headers: {},
        signal: late.signal,
      });
      setTimeout(() => late.abort(new Error('lease lapsed')), 50);
      await assert.rejects(pending, /lease lapsed/);
      assert.ok(performance.now() - started < 1_500, 'rejected at the abort, not when the server answered');
      // The pool still works after an aborted request.
      const res = await sendBuffered(agent, new URL(`${base}/ok`), { method: 'GET', headers: {} });
      assert.equal(res.statusCode, 200);
    } finally {
      await agent.close();
    }
  });

  it("never loads undici's index (fetch, WebSocket, mocks, caches) with the apiserver client", () => {
    const client = fileURLToPath(new URL('../../src/kube/client.ts', import.meta.url));
    const script = `await import(${JSON.stringify(client)});
      const { createRequire } = await import('node:module');
      const cache = createRequire(import.meta.url).cache;
      console.log(JSON.stringify(Object.keys(cache).filter((k) => k.includes('undici'))));`;
    const loaded = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
    ) as string[];
    assert.ok(loaded.length > 0, 'the agent and request API are loaded');
    assert.deepEqual(
      loaded.filter((path) => /undici[\\/](index\.js|lib[\\/](web|mock|cache)[\\/])/.test(path)),
      [],
    );
  });
});
