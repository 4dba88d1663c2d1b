import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { setupTelemetry } from '../../src/index.ts';

// process.moduleLoadList is Node's list of the built-in modules loaded so far (not in @types/node).
const bundledUndiciLoaded = () =>
  (process as unknown as { moduleLoadList: string[] }).moduleLoadList.some((m) =>
    m.includes('internal/deps/undici'),
  );

test('the OTLP exporter posts spans over node:http without loading Node’s bundled undici', async () => {
  const received: { method?: string; url?: string; type?: string; bytes: number }[] = [];
  const { createServer } = process.getBuiltinModule('node:http');
  const server = createServer((req: IncomingMessage, res) => {
    let bytes = 0;
    req.on('data', (c: Buffer) => {
      bytes += c.length;
    });
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, type: req.headers['content-type'], bytes });
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const undiciBefore = bundledUndiciLoaded();
  const { port } = server.address() as AddressInfo;
  const telemetry = setupTelemetry({
    serviceName: 'svc',
    serviceVersion: '1.0.0',
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` },
  });
  try {
    telemetry.tracer().startSpan('work').end();
    await telemetry.forceFlush();
    assert.equal(received.length, 1);
    assert.equal(received[0]?.method, 'POST');
    assert.equal(received[0]?.url, '/v1/traces');
    assert.equal(received[0]?.type, 'application/x-protobuf');
    assert.ok((received[0]?.bytes ?? 0) > 0);
    // Only meaningful when nothing in this test process loaded it before.
    if (!undiciBefore) assert.equal(bundledUndiciLoaded(), false);
  } finally {
    await telemetry.shutdown();
    server.close();
  }
});
