import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createMetricsRegistry } from '@kruise-ts/telemetry';
import { Counter } from 'prom-client';
import { startHttpServer } from '../../src/http-server.ts';

describe('health and metrics server', () => {
  test('/healthz, /readyz (503 until ready, with detail) and /metrics', async () => {
    const registry = createMetricsRegistry({ processMetrics: false });
    new Counter({ name: 'kruise_watcher_test_total', help: 'a test counter', registers: [registry] }).inc(3);
    let ready = false;
    const server = await startHttpServer({
      host: '127.0.0.1',
      port: 0,
      registry,
      isLive: () => true,
      isReady: () => ready,
      readyDetail: () => [{ resource: 'pods.core', ready }],
    });
    const get = async (path: string) => {
      const res = await fetch(`http://127.0.0.1:${server.port}${path}`);
      return { status: res.status, body: await res.text() };
    };
    try {
      assert.deepEqual(await get('/healthz'), { status: 200, body: 'ok\n' });
      const notReady = await get('/readyz');
      assert.equal(notReady.status, 503);
      assert.deepEqual(JSON.parse(notReady.body), {
        ready: false,
        detail: [{ resource: 'pods.core', ready: false }],
      });
      ready = true;
      assert.equal((await get('/readyz')).status, 200);
      assert.match((await get('/metrics')).body, /kruise_watcher_test_total 3/);
      assert.equal((await get('/other')).status, 404);
    } finally {
      await server.close();
    }
  });

  test('/version and kruise_ts_build_info from the announced build', async () => {
    const registry = createMetricsRegistry({ processMetrics: false });
    const build = { service: 'watcher', version: '0.2.0', commit: 'abc1234', contractVersion: 2 };
    const server = await startHttpServer({
      host: '127.0.0.1',
      port: 0,
      registry,
      build,
      isLive: () => true,
      isReady: () => true,
    });
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/version`);
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), build);
      const metrics = await (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text();
      assert.match(metrics, /kruise_ts_build_info\{service="watcher",version="0\.2\.0",commit="abc1234"\} 1/);
    } finally {
      await server.close();
    }
  });
});
