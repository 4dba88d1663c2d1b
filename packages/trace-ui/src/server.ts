// The trace UI's HTTP server on 127.0.0.1: Zipkin Lens's assets under /zipkin/ (where its index.html's base points)
// and the Zipkin v2 query API Lens calls, answered from the local Jaeger's query API.
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { type JaegerTrace, toZipkinTrace, type ZipkinSpan } from './jaeger-to-zipkin.ts';
import { ensureLensAssets } from './lens-assets.ts';
import {
  jaegerSearchParams,
  matchesTraceQuery,
  newestTraces,
  parseTraceQuery,
  type ZipkinTraceQuery,
} from './zipkin-query.ts';

export interface TraceUiOptions {
  /** Base URL of Jaeger's query API, e.g. http://127.0.0.1:16686 */
  jaegerQueryUrl: string;
  /** A directory holding Lens's index.html; default: the cached pinned Lens, fetched when missing. */
  assetsDir?: string;
  /** Default: a free port. */
  port?: number;
  log?: (msg: string) => void;
}

export interface TraceUi {
  /** http://127.0.0.1:<port>/zipkin/ */
  url: string;
  /** The page of one trace. */
  traceUrl(traceId: string): string;
  stop(): Promise<void>;
}

/** What Lens reads at startup; the dependency graph needs Zipkin's aggregation job, which Jaeger has no match for. */
export const LENS_CONFIG = {
  environment: 'kruise-ts',
  queryLimit: 10,
  defaultLookback: 15 * 60 * 1000,
  searchEnabled: true,
  dependency: { enabled: false },
} as const;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.map': 'application/json',
};

class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string, options?: ErrorOptions) {
    super(message, options);
    this.status = status;
  }
}

async function jaegerJson<T>(jaegerQueryUrl: string, path: string, params?: URLSearchParams): Promise<T> {
  const url = new URL(path, jaegerQueryUrl);
  if (params !== undefined) url.search = params.toString();
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  } catch (err) {
    throw new HttpError(502, `cannot reach Jaeger at ${url.origin}`, { cause: err });
  }
  if (res.status === 404) throw new HttpError(404, `Jaeger: ${path} not found`);
  if (res.status !== 200) throw new HttpError(502, `Jaeger GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The Zipkin v2 query API over Jaeger; `path` is what follows /api/v2. */
async function zipkinApi(jaegerQueryUrl: string, path: string, params: URLSearchParams): Promise<unknown> {
  const jaeger = <T>(p: string, q?: URLSearchParams) => jaegerJson<{ data?: T | null }>(jaegerQueryUrl, p, q);
  const services = async () => ((await jaeger<string[]>('/api/services')).data ?? []).sort();
  if (path === '/services') return services();
  if (path === '/spans') {
    const service = params.get('serviceName');
    if (service === null || service === '') throw new HttpError(400, 'serviceName is required');
    const ops = await jaeger<string[]>(`/api/services/${encodeURIComponent(service)}/operations`);
    return (ops.data ?? []).sort();
  }
  // Jaeger keeps no per-service index of remote services; Lens then offers none to pick from.
  if (path === '/remoteServices' || path === '/autocompleteKeys' || path === '/autocompleteValues') return [];
  if (path === '/dependencies') return [];
  if (path === '/traces') {
    let q: ZipkinTraceQuery;
    try {
      q = parseTraceQuery(params, Date.now());
    } catch (err) {
      throw new HttpError(400, (err as Error).message, { cause: err });
    }
    // Jaeger searches one service at a time: with none given, search each.
    const names = q.serviceName === undefined ? await services() : [q.serviceName];
    const found: ZipkinSpan[][] = [];
    for (const name of names) {
      const got = await jaeger<JaegerTrace[]>('/api/traces', jaegerSearchParams(q, name));
      for (const t of got.data ?? []) {
        const spans = toZipkinTrace(t);
        if (matchesTraceQuery(spans, q)) found.push(spans);
      }
    }
    return newestTraces(found, q.limit);
  }
  const one = /^\/trace\/([0-9a-fA-F]{1,32})$/.exec(path);
  if (one?.[1] !== undefined) {
    const got = await jaeger<JaegerTrace[]>(`/api/traces/${one[1].toLowerCase()}`);
    const trace = got.data?.[0];
    if (trace === undefined) throw new HttpError(404, `trace ${one[1]} not found`);
    return toZipkinTrace(trace);
  }
  if (path === '/traceMany') {
    const ids = (params.get('traceIds') ?? '').split(',').filter((id) => /^[0-9a-fA-F]{1,32}$/.test(id));
    const traces: ZipkinSpan[][] = [];
    for (const id of ids) {
      try {
        const trace = (await jaeger<JaegerTrace[]>(`/api/traces/${id.toLowerCase()}`)).data?.[0];
        if (trace !== undefined) traces.push(toZipkinTrace(trace));
      } catch (err) {
        if (!(err instanceof HttpError && err.status === 404)) throw err;
      }
    }
    return traces;
  }
  throw new HttpError(404, `no such Zipkin API: /api/v2${path}`);
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

/** A file under `dir`, or undefined when the path is not one (or tries to leave `dir`). */
async function assetFile(dir: string, rel: string): Promise<string | undefined> {
  const file = normalize(join(dir, rel));
  if (!file.startsWith(dir + sep)) return undefined;
  try {
    return (await stat(file)).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

export async function startTraceUi(options: TraceUiOptions): Promise<TraceUi> {
  const log = options.log ?? ((msg: string) => console.error(msg));
  const assetsDir = normalize(options.assetsDir ?? (await ensureLensAssets(undefined, log)));
  const index = await readFile(join(assetsDir, 'index.html'));

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = decodeURIComponent(url.pathname);
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'GET only\n');
    if (path === '/' || path === '/zipkin') {
      res.writeHead(302, { location: '/zipkin/' });
      return res.end();
    }
    // Lens calls <base>/api/v2; Zipkin's own server answers at /api/v2 too.
    const api = /^(?:\/zipkin)?\/api\/v2(\/.*)$/.exec(path);
    if (api?.[1] !== undefined) {
      try {
        return send(
          res,
          200,
          'application/json',
          JSON.stringify(await zipkinApi(options.jaegerQueryUrl, api[1], url.searchParams)),
        );
      } catch (err) {
        const status = err instanceof HttpError ? err.status : 500;
        if (status >= 500) log(`trace-ui: ${path}: ${(err as Error).message}`);
        return send(res, status, 'text/plain', `${(err as Error).message}\n`);
      }
    }
    if (path === '/zipkin/config.json')
      return send(res, 200, 'application/json', JSON.stringify(LENS_CONFIG));
    if (path.startsWith('/zipkin/')) {
      const file = await assetFile(assetsDir, path.slice('/zipkin/'.length));
      if (file !== undefined) {
        const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
        return send(res, 200, type, await readFile(file));
      }
      // Lens routes in the browser (/zipkin/traces/<id>, /zipkin/dependency): every other page is its index.html.
      if (!path.startsWith('/zipkin/static/'))
        return send(res, 200, CONTENT_TYPES['.html'] ?? 'text/html', index);
    }
    return send(res, 404, 'text/plain', 'not found\n');
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log(`trace-ui: ${req.url}: ${(err as Error).message}`);
      if (!res.headersSent) send(res, 500, 'text/plain', 'internal error\n');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) => reject(new Error('trace UI cannot listen', { cause: err })));
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    url: `${base}/zipkin/`,
    traceUrl: (traceId) => `${base}/zipkin/traces/${traceId}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
