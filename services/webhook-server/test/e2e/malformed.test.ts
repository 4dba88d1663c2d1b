// Fuzzed AdmissionReview and ConversionReview bodies sent to the running server over HTTPS (300 of them): every
// answer is a 4xx or an in-band denial, the server neither crashes nor hangs, and admission through the
// apiserver still works afterwards.
import assert from 'node:assert/strict';
import { request } from 'node:https';
import { after, before, describe, it } from 'node:test';
import { decodeSecretData } from '@kruise-ts/certs';
import { servedKinds } from '../../src/kinds.ts';
import { type E2eEnv, startE2eEnv } from '../support/env.ts';
import { fixtures } from '../support/fixtures.ts';
import { malformedBodies } from '../support/fuzz.ts';

let env: E2eEnv;
let ca: string;
before(async () => {
  env = await startE2eEnv();
  const secret = await env.core.readNamespacedSecret({
    name: env.names.secret,
    namespace: env.names.certNamespace,
  });
  ca = decodeSecretData(secret.data)['ca-bundle.pem']!;
});
after(() => env?.cleanup());

function post(path: string, payload: string, contentType: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: env.webhook.port,
        path,
        method: 'POST',
        ca,
        headers: { 'content-type': contentType, 'content-length': Buffer.byteLength(payload, 'latin1') },
        timeout: 5_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${path}: no answer within 5 s`)));
    req.on('error', reject);
    req.end(payload, 'latin1');
  });
}

describe('malformed review bodies over HTTPS', () => {
  it('300 fuzzed bodies: 4xx or a denial each, within 5 s each', async () => {
    const paths = [
      '/convert',
      '/mutate-pod',
      ...servedKinds.flatMap((k) => [k.mutatingPath, k.validatingPath]),
    ];
    let i = 0;
    const codes = new Map<number, number>();
    for (const body of malformedBodies(300, 42)) {
      const path = paths[i++ % paths.length]!;
      const res = await post(path, body.payload, body.contentType);
      codes.set(res.status, (codes.get(res.status) ?? 0) + 1);
      assert.ok(
        res.status >= 200 && res.status < 500,
        `${path}: ${res.status} for ${body.payload.slice(0, 120)}`,
      );
      if (res.status === 200)
        assert.ok((JSON.parse(res.body) as { response?: unknown }).response, `${path}: empty 200`);
    }
    assert.ok((codes.get(400) ?? 0) > 50, `mostly 400s: ${JSON.stringify([...codes])}`);
    const health = await fetch(`http://127.0.0.1:${env.webhook.healthPort}/readyz`);
    assert.equal(health.status, 200);
  });

  it('admission through the apiserver still works afterwards', async () => {
    const ns = await env.namespace();
    const f = fixtures[0]!;
    const created = (await env.custom.createNamespacedCustomObject({
      group: 'apps.kruise.io',
      version: 'v1beta1',
      namespace: ns,
      plural: f.plural,
      body: f.valid('after-fuzz', 'v1beta1'),
    })) as { spec: { updateStrategy?: { type?: string } } };
    assert.equal(created.spec.updateStrategy?.type, 'RollingUpdate');
  });
});
