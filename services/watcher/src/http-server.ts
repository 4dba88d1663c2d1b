// Plain-HTTP /healthz (the process is alive and its bus connection is not closed), /readyz (every resource
// listed and published) and /metrics (Prometheus text format).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BuildInfo, registerBuildInfo, versionDocument } from '@kruise-ts/runtime';
import type { Registry } from '@kruise-ts/telemetry';

// Not an ES import of node:http, whose namespace would load Node's bundled undici (~8 MiB resident; see
// packages/runtime/src/server/health-server.ts).
const { createServer } = process.getBuiltinModule('node:http');

export interface HttpServerOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  registry: Registry;
  /** Served on /version and as the `kruise_ts_build_info` gauge. */
  build?: BuildInfo;
  isLive(): boolean;
  isReady(): boolean;
  /** Extra detail on /readyz (e.g. per-resource state). */
  readyDetail?(): unknown;
}

export interface HttpServer {
  readonly port: number;
  close(): Promise<void>;
}

export async function startHttpServer(options: HttpServerOptions): Promise<HttpServer> {
  if (options.build !== undefined) registerBuildInfo(options.registry, options.build);
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const reply = (status: number, body: string, type = 'text/plain; charset=utf-8') => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply(405, 'method not allowed\n');
    switch (path) {
      case '/healthz':
      case '/livez':
        return options.isLive() ? reply(200, 'ok\n') : reply(503, 'unhealthy\n');
      case '/readyz': {
        const ready = options.isReady();
        const detail = options.readyDetail?.();
        if (detail === undefined) return reply(ready ? 200 : 503, ready ? 'ok\n' : 'not ready\n');
        return reply(ready ? 200 : 503, `${JSON.stringify({ ready, detail })}\n`, 'application/json');
      }
      case '/version':
        if (options.build === undefined) return reply(404, 'no build announced\n');
        return reply(200, versionDocument(options.build), 'application/json');
      case '/metrics':
        options.registry
          .metrics()
          .then((text) => reply(200, text, options.registry.contentType))
          .catch((err: unknown) => reply(500, `metrics failed: ${String(err)}\n`));
        return;
      default:
        return reply(404, 'not found\n');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
