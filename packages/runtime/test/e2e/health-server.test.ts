// The health/metrics server over real HTTP on loopback, and graceful shutdown of a real process on SIGTERM.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Registry } from 'prom-client';
import { FakeClock, startHealthServer, WorkQueue } from '../../src/index.ts';

async function get(url: string): Promise<{ status: number; body: string; type: string | null }> {
  const res = await fetch(url);
  return { status: res.status, body: await res.text(), type: res.headers.get('content-type') };
}

describe('startHealthServer', () => {
  test('serves /healthz, /livez, /readyz with named checks, and /metrics from the registry', async () => {
    const registry = new Registry();
    const queue = new WorkQueue({ name: 'probe', registry, clock: new FakeClock() });
    queue.add('ns/a');
    const server = await startHealthServer({ registry });
    try {
      assert.equal(server.host, '127.0.0.1');
      assert.ok(server.port > 0);
      assert.deepEqual(await get(`${server.url}/healthz`).then((r) => [r.status, r.body]), [200, 'ok']);
      assert.deepEqual(await get(`${server.url}/livez`).then((r) => [r.status, r.body]), [200, 'ok']);
      assert.deepEqual(await get(`${server.url}/readyz`).then((r) => [r.status, r.body]), [200, 'ok']);

      let synced = false;
      server.addReadinessCheck('cache-synced', () => {
        if (!synced) throw new Error('waiting for the stream head');
      });
      const failing = await get(`${server.url}/readyz`);
      assert.equal(failing.status, 500);
      assert.match(failing.body, /\[-\]cache-synced failed: waiting for the stream head/);
      assert.match(failing.body, /\[\+\]ping ok/);
      assert.match(failing.body, /readyz check failed\n$/);
      assert.equal((await get(`${server.url}/readyz/cache-synced`)).status, 500);
      assert.equal((await get(`${server.url}/readyz/ping`)).status, 200);
      assert.equal((await get(`${server.url}/readyz/unknown`)).status, 404);
      assert.equal((await get(`${server.url}/readyz?exclude=cache-synced`)).status, 200);
      assert.equal((await get(`${server.url}/healthz`)).status, 200, 'readiness does not affect liveness');

      synced = true;
      const verbose = await get(`${server.url}/readyz?verbose`);
      assert.equal(verbose.status, 200);
      assert.equal(verbose.body, '[+]ping ok\n[+]shutdown ok\n[+]cache-synced ok\nreadyz check passed\n');

      const metrics = await get(`${server.url}/metrics`);
      assert.equal(metrics.status, 200);
      assert.match(metrics.type ?? '', /text\/plain/);
      assert.match(metrics.body, /workqueue_depth\{name="probe"\} 1/);

      server.markShuttingDown();
      const stopping = await get(`${server.url}/readyz`);
      assert.equal(stopping.status, 500);
      assert.match(stopping.body, /\[-\]shutdown failed: process is shutting down/);
      assert.equal((await get(`${server.url}/nope`)).status, 404);
      assert.throws(() => server.addReadinessCheck('cache-synced', () => {}), /already registered/);
    } finally {
      await server.close();
    }
  });

  test('a settable port is used', async () => {
    const first = await startHealthServer();
    const port = first.port;
    await first.close();
    const second = await startHealthServer({ port });
    try {
      assert.equal(second.port, port);
    } finally {
      await second.close();
    }
  });

  test('serves the build on /version and as kruise_ts_build_info', async () => {
    const registry = new Registry();
    const build = { service: 'probe', version: '0.2.0', commit: 'deadbeef', contractVersion: 2 };
    const server = await startHealthServer({ registry, build });
    try {
      const version = await get(`${server.url}/version`);
      assert.equal(version.status, 200);
      assert.equal(version.type, 'application/json');
      assert.deepEqual(JSON.parse(version.body), build);
      assert.match(
        (await get(`${server.url}/metrics`)).body,
        /kruise_ts_build_info\{service="probe",version="0\.2\.0",commit="deadbeef"\} 1/,
      );
    } finally {
      await server.close();
    }
  });
});

describe('graceful shutdown of a real process', () => {
  test('SIGTERM: not ready at once, hooks in order within the deadline, exit code 0', async () => {
    const fixture = fileURLToPath(new URL('./fixtures/shutdown-service.ts', import.meta.url));
    const child = spawn(process.execPath, [fixture], { stdio: ['ignore', 'pipe', 'inherit'] });
    const lines: string[] = [];
    let buffer = '';
    const ready = new Promise<string>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const parts = buffer.split('\n');
        buffer = parts.pop() ?? '';
        for (const line of parts) {
          lines.push(line);
          if (line.startsWith('listening ')) resolve(line.slice('listening '.length));
        }
      });
    });
    const url = await ready;
    assert.equal((await get(`${url}/readyz`)).status, 200);
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    assert.equal(code, 0);
    assert.deepEqual(
      lines.filter((l) => l.startsWith('hook ')),
      ['hook not-ready', 'hook readyz-during-shutdown 500', 'hook drain', 'hook close-server'],
    );
  });
});
