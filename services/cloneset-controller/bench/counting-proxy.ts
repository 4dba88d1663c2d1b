// A plain-HTTP proxy on 127.0.0.1 in front of the apiserver that counts every request by verb and resource.
// The runtime's KubeClient has no request counter (only spans), so the benchmark points the controller at this
// proxy (a kubeconfig whose server is http://127.0.0.1:<port>, no credentials) and the proxy forwards each
// request over TLS (client-node refuses http:// unless insecure-skip-tls-verify is set; there is no TLS to skip) with the admin client certificate of the real kubeconfig, streaming both ways.
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type RequestOptions, request } from 'node:https';
import { kubeRequestInfo, resourceLabel } from '@kruise-ts/runtime';
import type { KubeConfig } from '@kubernetes/client-node';

export interface CountingProxy {
  url: string;
  /** Requests seen so far, keyed `verb resource[/subresource]`. */
  counts: Map<string, number>;
  /** Writes a kubeconfig pointing at the proxy; returns its path. */
  writeKubeconfig(path: string): string;
  close(): Promise<void>;
}

export async function startCountingProxy(kc: KubeConfig): Promise<CountingProxy> {
  const server = kc.getCurrentCluster()?.server;
  if (!server) throw new Error('kubeconfig has no current cluster');
  const upstream = new URL(server);
  const counts = new Map<string, number>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = req.method ?? 'GET';
    const info = kubeRequestInfo(method, req.url ?? '/');
    const key = `${info.verb} ${info.resource === '' ? info.path : resourceLabel(info)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const headers = { ...req.headers };
    delete headers.host;
    delete headers.authorization;
    const options: RequestOptions = {
      method,
      hostname: upstream.hostname,
      port: upstream.port,
      path: req.url ?? '/',
      headers,
    };
    await kc.applyToHTTPSOptions(options);
    const up = request(options, (upRes) => {
      res.writeHead(upRes.statusCode ?? 502, upRes.headers);
      upRes.pipe(res);
    });
    up.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(err));
    });
    req.pipe(up);
  };

  const http: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(502);
      res.end(String(err));
    });
  });
  http.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');
  const url = `http://127.0.0.1:${address.port}`;

  return {
    url,
    counts,
    writeKubeconfig(path: string): string {
      const config = {
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [{ name: 'bench-proxy', cluster: { server: url, 'insecure-skip-tls-verify': true } }],
        users: [{ name: 'bench', user: {} }],
        contexts: [{ name: 'bench-proxy', context: { cluster: 'bench-proxy', user: 'bench' } }],
        'current-context': 'bench-proxy',
      };
      writeFileSync(path, JSON.stringify(config));
      return path;
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/** counts now minus counts before, only the keys that changed. */
export function countsSince(now: Map<string, number>, before: Map<string, number>): Map<string, number> {
  const diff = new Map<string, number>();
  for (const [k, v] of now) {
    const d = v - (before.get(k) ?? 0);
    if (d > 0) diff.set(k, d);
  }
  return diff;
}
