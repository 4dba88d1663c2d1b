// Certificates are swapped in place: an open keep-alive connection keeps working after a reload, new
// connections get the new certificate, and the file source notices a changed tls.crt/tls.key.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { TLSSocket } from 'node:tls';
import { fingerprintSha256, issueServingCertificate, type KeyPair } from '@kruise-ts/certs';
import { eventually } from '@kruise-ts/devcluster';
import type { ServingPair } from '../../src/app.ts';
import { fileCertSource } from '../../src/cert-source.ts';
import { testApp } from '../support/app.ts';

let harness: Awaited<ReturnType<typeof testApp>>;
let ca: KeyPair;
let port: number;
before(async () => {
  harness = await testApp();
  ca = harness.ca;
  await harness.app.fastify.listen({ host: '127.0.0.1', port: 0 });
  port = (harness.app.fastify.server.address() as AddressInfo).port;
});
after(() => harness.app.fastify.close());

const seenSockets = new WeakMap<object, { id: number; fingerprint: string }>();

/** GET /healthz; which connection served it and the certificate that connection's handshake presented. */
function get(agent: Agent): Promise<{ fingerprint: string; socketId: number }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/healthz', agent, ca: ca.certPem }, (res) => {
      const socket = res.socket as TLSSocket;
      // Node hands out the peer certificate only on the request that performed the handshake.
      const cert = socket.getPeerX509Certificate();
      if (cert !== undefined && !seenSockets.has(socket)) {
        seenSockets.set(socket, { id: Math.random(), fingerprint: fingerprintSha256(cert.toString()) });
      }
      res.resume();
      res.on('end', () => {
        const known = seenSockets.get(socket);
        if (known === undefined) reject(new Error('no certificate seen on this connection'));
        else resolve({ fingerprint: known.fingerprint, socketId: known.id });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('in-place certificate reload', () => {
  it('keeps open connections and serves the new certificate to new ones', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const first = await get(agent);
    const next = await issueServingCertificate(ca, { hosts: ['127.0.0.1'] });
    harness.app.setCertificate(next);
    const again = await get(agent);
    assert.equal(again.socketId, first.socketId, 'the keep-alive connection survived the reload');
    assert.equal(
      again.fingerprint,
      first.fingerprint,
      'an open connection keeps the certificate it was opened with',
    );
    agent.destroy();
    const fresh = await get(new Agent({ keepAlive: false }));
    assert.equal(fresh.fingerprint, fingerprintSha256(next.certPem));
  });

  it('the file source reports a changed pair, and ignores a mismatched one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wh-certs-'));
    try {
      const a = await issueServingCertificate(ca, { hosts: ['127.0.0.1'] });
      const b = await issueServingCertificate(ca, { hosts: ['127.0.0.1'] });
      writeFileSync(join(dir, 'tls.crt'), a.certPem);
      writeFileSync(join(dir, 'tls.key'), a.keyPem);
      const seen: ServingPair[] = [];
      const errors: Error[] = [];
      const source = fileCertSource(
        { dir, pollMs: 200 },
        { onChange: (p) => seen.push(p), onError: (e) => errors.push(e) },
      );
      try {
        await eventually('first pair', async () => seen.length === 1, { timeoutMs: 5_000 });
        writeFileSync(join(dir, 'tls.key'), b.keyPem); // half-written update: key of b, cert of a
        await eventually('mismatch reported', async () => errors.length > 0, { timeoutMs: 5_000 });
        writeFileSync(join(dir, 'tls.crt'), b.certPem);
        await eventually('second pair', async () => seen.length === 2, { timeoutMs: 5_000 });
        assert.equal(seen[1]?.certPem, b.certPem);
        assert.equal(source.current()?.certPem, b.certPem);
      } finally {
        source.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
