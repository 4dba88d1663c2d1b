// The benchmark's own apiserver access: JSON requests (counted, so the benchmark's requests can be subtracted
// from the apiserver's totals), the apiserver's /metrics text, and kubectl for applying manifests.
import { spawnSync } from 'node:child_process';
import { type RequestOptions, request } from 'node:https';
import { binaryPaths, requestJson } from '@kruise-ts/devcluster';
import { KubeConfig } from '@kubernetes/client-node';
import { parseMetrics, type Sample } from './prometheus.ts';

export class BenchKube {
  readonly kc = new KubeConfig();
  /** Requests this benchmark made (subtracted from apiserver_request_total). */
  requests = 0;

  readonly kubeconfigPath: string;

  constructor(kubeconfigPath: string) {
    this.kubeconfigPath = kubeconfigPath;
    this.kc.loadFromFile(kubeconfigPath);
  }

  async json(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: unknown }> {
    this.requests++;
    const contentType = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
    const res = await requestJson(this.kc, method, path, body, contentType);
    return res;
  }

  /** Like json, but a status outside 2xx is an error carrying the response. */
  async ok(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
    const res = await this.json(method, path, body);
    if (res.status < 200 || res.status >= 300) {
      const message = (res.body as { message?: string } | undefined)?.message ?? '';
      throw new Error(`${method} ${path}: HTTP ${res.status} ${message}`, { cause: res.body });
    }
    return res.body;
  }

  async metrics(): Promise<Sample[]> {
    this.requests++;
    const server = this.kc.getCurrentCluster()?.server;
    if (!server) throw new Error('kubeconfig has no current cluster');
    const url = new URL('/metrics', server);
    const options: RequestOptions = {
      hostname: url.hostname,
      port: url.port,
      path: url.pathname,
      timeout: 30_000,
    };
    await this.kc.applyToHTTPSOptions(options);
    const text = await new Promise<string>((resolve, reject) => {
      const req = request(options, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      });
      req.on('timeout', () => req.destroy(new Error('GET /metrics timed out')));
      req.on('error', (err) => reject(new Error('GET /metrics failed', { cause: err })));
      req.end();
    });
    return parseMetrics(text);
  }

  /** kubectl against the cluster; throws with its stderr. */
  kubectl(args: string[], input?: string): string {
    const r = spawnSync(binaryPaths().kubectl, ['--kubeconfig', this.kubeconfigPath, ...args], {
      input,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (r.status !== 0) throw new Error(`kubectl ${args.join(' ')} failed: ${r.stderr}`);
    return r.stdout;
  }
}

export async function fetchMetrics(url: string): Promise<Sample[]> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}`);
  return parseMetrics(await res.text());
}

/** The same within 5 s, or undefined when the endpoint does not answer: the figures that need it are left out. */
export async function tryFetchMetrics(url: string): Promise<Sample[] | undefined> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return res.ok ? parseMetrics(await res.text()) : undefined;
  } catch {
    return undefined;
  }
}
