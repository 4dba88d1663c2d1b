// The probe and metrics endpoint every service runs: /healthz and /livez (liveness), /readyz (readiness, with
// per-check paths /readyz/<name>), /metrics from the service's prom-client registry and /version (the build).
// Loopback by default.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { type BuildInfo, currentBuild, registerBuildInfo, versionDocument } from '../service/build-info.ts';
import { evaluateChecks, type HealthCheck } from './health-checks.ts';

// Not `import … from 'node:http'`: an ES module namespace of node:http reads every export, and its lazy
// WebSocket/CloseEvent/MessageEvent getters load Node's bundled undici, ~8 MiB resident in every service
// (docs/performance.md, "Idle memory"). The module object keeps them lazy.
const { createServer } = process.getBuiltinModule('node:http');

export interface HealthServerOptions {
  /** Interface to listen on; default 127.0.0.1 (pods set 0.0.0.0 explicitly for the kubelet's probes). */
  host?: string;
  /** Port; 0 (default) picks a free one, see `port` on the result. */
  port?: number;
  /** Served on /metrics; /metrics answers 404 without one. */
  registry?: Registry;
  /** How long one check may take before it counts as failed. Default 5 s. */
  checkTimeoutMs?: number;
  /** Served on /version and as `kruise_ts_build_info`; default the build the process announced. */
  build?: BuildInfo;
}

export interface HealthServer {
  readonly host: string;
  readonly port: number;
  /** `http://host:port` */
  readonly url: string;
  /** A readiness check (e.g. `cache-synced`, `partitions-leased`). */
  addReadinessCheck(name: string, check: HealthCheck): void;
  /** A liveness check: failing it gets the process restarted, so only for states it cannot leave by itself. */
  addLivenessCheck(name: string, check: HealthCheck): void;
  /** Makes /readyz fail with `[-]shutdown failed` so traffic and work stop arriving before the process stops. */
  markShuttingDown(): void;
  close(): Promise<void>;
}

function sendText(
  res: ServerResponse,
  status: number,
  body: string,
  contentType = 'text/plain; charset=utf-8',
) {
  res.writeHead(status, { 'content-type': contentType, 'x-content-type-options': 'nosniff' });
  res.end(body);
}

export async function startHealthServer(options: HealthServerOptions = {}): Promise<HealthServer> {
  const liveness = new Map<string, HealthCheck>([['ping', () => {}]]);
  const readiness = new Map<string, HealthCheck>([['ping', () => {}]]);
  let shuttingDown = false;
  readiness.set('shutdown', () => {
    if (shuttingDown) throw new Error('process is shutting down');
  });
  const build = options.build ?? currentBuild();
  if (build !== undefined && options.registry !== undefined) registerBuildInfo(options.registry, build);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://health');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, 'method not allowed\n');
      return;
    }
    const verbose = url.searchParams.has('verbose');
    const exclude = url.searchParams.getAll('exclude');
    const [, endpoint, single, ...extra] = url.pathname.split('/');
    if (endpoint === 'metrics' && single === undefined) {
      if (options.registry === undefined) {
        sendText(res, 404, 'no metrics registry\n');
        return;
      }
      sendText(res, 200, await options.registry.metrics(), options.registry.contentType);
      return;
    }
    if (endpoint === 'version' && single === undefined) {
      if (build === undefined) sendText(res, 404, 'no build announced\n');
      else sendText(res, 200, versionDocument(build), 'application/json');
      return;
    }
    const checks =
      endpoint === 'readyz'
        ? readiness
        : endpoint === 'healthz' || endpoint === 'livez'
          ? liveness
          : undefined;
    if (checks === undefined || extra.length > 0) {
      sendText(res, 404, 'not found\n');
      return;
    }
    let selected: ReadonlyMap<string, HealthCheck> = checks;
    if (single !== undefined && single !== '') {
      const check = checks.get(single);
      if (check === undefined) {
        sendText(res, 404, `no check named ${single}\n`);
        return;
      }
      selected = new Map([[single, check]]);
    }
    const report = await evaluateChecks(selected, {
      endpoint: endpoint as string,
      verbose,
      exclude,
      timeoutMs: options.checkTimeoutMs ?? 5000,
    });
    sendText(res, report.healthy ? 200 : 500, report.body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent)
        sendText(res, 500, `internal error: ${err instanceof Error ? err.message : String(err)}\n`);
      else res.destroy();
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const addCheck = (into: Map<string, HealthCheck>, kind: string) => (name: string, check: HealthCheck) => {
    if (into.has(name)) throw new Error(`${kind} check ${name} is already registered`);
    into.set(name, check);
  };
  return {
    host,
    port,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    addReadinessCheck: addCheck(readiness, 'readiness'),
    addLivenessCheck: addCheck(liveness, 'liveness'),
    markShuttingDown: () => {
      shuttingDown = true;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) =>
          err ? reject(new Error('closing the health server failed', { cause: err })) : resolve(),
        );
        // Probes use keep-alive; idle connections would otherwise hold close() open.
        server.closeIdleConnections();
      }),
  };
}
