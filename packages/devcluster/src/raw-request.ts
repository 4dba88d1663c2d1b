// A JSON request to the apiserver that bypasses client-node's model serialiser, which drops JSON-schema keys
// (`x-kubernetes-int-or-string`…) of CRDs it does not spell the same way. For tests that install CRDs.
import { type RequestOptions, request } from 'node:https';
import type { KubeConfig } from '@kubernetes/client-node';

export async function requestJson(
  kc: KubeConfig,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  contentType = 'application/json',
): Promise<{ status: number; body: unknown }> {
  const server = kc.getCurrentCluster()?.server;
  if (!server) throw new Error('kubeconfig has no current cluster');
  const url = new URL(path, server);
  const options: RequestOptions = {
    method,
    hostname: url.hostname,
    port: url.port,
    path: `${url.pathname}${url.search}`,
    headers: { 'content-type': contentType, accept: 'application/json' },
    timeout: 30_000,
  };
  await kc.applyToHTTPSOptions(options);
  return new Promise((resolve, reject) => {
    const req = request(options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
        } catch (err) {
          reject(new Error(`${method} ${path}: response is not JSON: ${text.slice(0, 200)}`, { cause: err }));
        }
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', (err) => reject(new Error(`${method} ${path} failed`, { cause: err })));
    if (body !== undefined) req.write(JSON.stringify(body));
    req.end();
  });
}
