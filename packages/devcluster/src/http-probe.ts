// Minimal HTTP(S) GET for readiness probes (loopback only, optional client certificate).
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface TlsMaterial {
  ca: string;
  cert?: string;
  key?: string;
}

export function httpGet(
  url: string,
  tls?: TlsMaterial,
  timeoutMs = 5_000,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const request = u.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(
      u,
      { method: 'GET', timeout: timeoutMs, ...(tls ? { ca: tls.ca, cert: tls.cert, key: tls.key } : {}) },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', reject);
    req.end();
  });
}
