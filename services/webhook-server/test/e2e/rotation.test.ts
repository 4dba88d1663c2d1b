// A forced CA rotation (cert-manager in its own process) while a client keeps creating objects through the
// apiserver: not one admission fails, every webhook server picks up the new certificate in place (over the bus,
// and by watching the Secret when it has no bus), and the old CA leaves the bundle after the overlap.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { connect as tlsConnect } from 'node:tls';
import { bundleFingerprints, certificateInfo, decodeSecretData, fingerprintSha256 } from '@kruise-ts/certs';
import { eventually } from '@kruise-ts/devcluster';
import { createLogger } from '@kruise-ts/telemetry';
import { PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import { startWebhookServer, type WebhookServer } from '../../src/server.ts';
import { settingsFromEnv } from '../../src/settings.ts';
import { type E2eEnv, startE2eEnv, statusOf } from '../support/env.ts';
import { fixtures } from '../support/fixtures.ts';

let env: E2eEnv;
let ns: string;
let busless: WebhookServer;
before(async () => {
  env = await startE2eEnv({ trustDelay: '2s', overlap: '8s' });
  ns = await env.namespace();
  busless = await startWebhookServer(
    settingsFromEnv({
      POD_NAMESPACE: env.names.certNamespace,
      KUBECONFIG: env.cluster.kubeconfigPath,
      WEBHOOK_PORT: '0',
      KRUISE_TS_HTTP_PORT: '0',
      CERT_POLL_SECONDS: '60',
    }),
    { logger: createLogger({ name: 'busless', level: 'warn' }), firstCertTimeoutMs: 30_000 },
  );
});
after(async () => {
  await busless?.stop();
  await env?.cleanup();
});

/** The fingerprint of the certificate a TLS server presents on a new connection. */
function presented(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({ host: '127.0.0.1', port, rejectUnauthorized: false }, () => {
      const cert = socket.getPeerX509Certificate();
      socket.end();
      if (cert === undefined) reject(new Error('no peer certificate'));
      else resolve(fingerprintSha256(cert.toString()));
    });
    socket.on('error', reject);
  });
}

describe('certificate rotation under load', () => {
  it('zero failed admissions across a forced CA rotation; servers reload in place', async (t) => {
    const secretOf = async () =>
      decodeSecretData(
        (await env.core.readNamespacedSecret({ name: env.names.secret, namespace: env.names.certNamespace }))
          .data,
      );
    const before = await secretOf();
    const oldCa = fingerprintSha256(before['ca-cert.pem']!);
    const oldServing = fingerprintSha256(before['tls.crt']!);
    assert.equal(await presented(env.webhook.port), oldServing);
    assert.equal(await presented(busless.port), oldServing);

    const f = fixtures[0]!;
    let created = 0;
    let denied = 0;
    const failures: string[] = [];
    let stop = false;
    const client = (async () => {
      // Bounded: at most 2,000 requests or 60 s, whichever comes first.
      const deadline = Date.now() + 60_000;
      for (let i = 0; i < 2000 && !stop && Date.now() < deadline; i++) {
        const body = f.valid(`rot-${i}`, i % 2 === 0 ? 'v1beta1' : 'v1alpha1');
        const invalid = i % 5 === 4;
        if (invalid) f.invalid.edit(body);
        try {
          await env.custom.createNamespacedCustomObject({
            group: 'apps.kruise.io',
            version: i % 2 === 0 ? 'v1beta1' : 'v1alpha1',
            namespace: ns,
            plural: f.plural,
            body,
            dryRun: i % 3 === 0 ? 'All' : undefined,
          });
          if (invalid) failures.push(`rot-${i}: an invalid object was admitted`);
          else created++;
        } catch (err) {
          const status = statusOf(err);
          if (invalid && status.code === 422 && /denied the request/.test(status.message ?? '')) denied++;
          else failures.push(`rot-${i}: ${status.code} ${status.message ?? String(err)}`);
        }
      }
    })();

    await new Promise((r) => setTimeout(r, 1000));
    await env.core.patchNamespacedSecret(
      {
        name: env.names.secret,
        namespace: env.names.certNamespace,
        body: { metadata: { annotations: { 'certs.kruise-ts.io/force-rotation': `e2e-${Date.now()}` } } },
      },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    const rotated = await eventually(
      'a serving certificate from the new CA',
      async () => {
        const data = await secretOf();
        return fingerprintSha256(data['ca-cert.pem']!) !== oldCa ? data : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    const newServing = fingerprintSha256(rotated['tls.crt']!);
    const newCa = fingerprintSha256(rotated['ca-cert.pem']!);
    await eventually(
      'the bus-notified server serves the new certificate',
      async () => (await presented(env.webhook.port)) === newServing,
      {
        timeoutMs: 10_000,
        intervalMs: 100,
      },
    );
    await eventually(
      'the Secret-watching server serves it too',
      async () => (await presented(busless.port)) === newServing,
      {
        timeoutMs: 10_000,
        intervalMs: 100,
      },
    );
    await eventually(
      'the old CA left the bundle',
      async () => bundleFingerprints((await secretOf())['ca-bundle.pem'] ?? '').join() === newCa,
      {
        timeoutMs: 20_000,
      },
    );
    // Keep admitting a little after the old CA is gone.
    await new Promise((r) => setTimeout(r, 2000));
    stop = true;
    await client;
    t.diagnostic(
      `${created} admitted, ${denied} invalid ones denied, ${failures.length} failures across the rotation`,
    );
    assert.deepEqual(failures, [], `${failures.length} failed admissions`);
    assert.ok(created > 20, `only ${created} objects admitted during the rotation`);
    assert.ok(denied > 5, `only ${denied} invalid objects denied during the rotation`);
    assert.equal(certificateInfo(rotated['tls.crt']!).dnsNames.includes('localhost'), true);
  });
});
