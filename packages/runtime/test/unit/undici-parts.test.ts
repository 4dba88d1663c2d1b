import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Agent, requestThrough } from '../../src/kube/undici-parts.ts';

describe('undici parts', () => {
  const server = createServer((req, res) => {
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
