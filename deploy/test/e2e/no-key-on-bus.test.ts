// No private key travels on the bus: with the watcher mirroring the cluster and cert-manager issuing the webhook
// certificate into kruise-system/kruise-webhook-certs (the Secret the watcher used to mirror), no message of any
// stream holds the key, nor the Secret's data keys. A private cluster: the test owns kruise-system's Secret.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  type Cluster,
  eventually,
  type ServiceProcess,
  startCluster,
  startServiceProcess,
} from '@kruise-ts/devcluster';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';

const prefix = 'nokey';
let cluster: Cluster;
let core: CoreV1Api;
let nc: NatsConnection;
const processes: ServiceProcess[] = [];

before(async () => {
  cluster = await startCluster({ nodes: 1 });
  const kc = new KubeConfig();
  kc.loadFromFile(cluster.kubeconfigPath);
  core = kc.makeApiClient(CoreV1Api);
  await core.createNamespace({ body: { metadata: { name: 'kruise-system' } } });
  nc = await connect({ servers: cluster.natsUrl });
});

after(async () => {
  await Promise.allSettled(processes.map((p) => p.stop()));
  await nc?.close();
  await cluster?.stop();
});

/** Every message of every stream on the server, as text. */
async function everyMessage(): Promise<{ stream: string; subject: string; text: string }[]> {
  const jsm = await jetstreamManager(nc);
  const js = jetstream(nc);
  const found: { stream: string; subject: string; text: string }[] = [];
  for await (const info of jsm.streams.list()) {
    const total = info.state.messages;
    if (total === 0) continue;
    const consumer = await js.consumers.get(info.config.name);
    const messages = await consumer.fetch({ max_messages: total, expires: 5_000 });
    for await (const m of messages) {
      found.push({
        stream: info.config.name,
        subject: m.subject,
        text: Buffer.from(m.data).toString('latin1'),
      });
      if (m.info.pending === 0) break;
    }
  }
  return found;
}

test('after cert-manager issues, no stream holds the private key or the Secret data', async () => {
  // KRUISE_TS_KUBECONFIG wins over KUBECONFIG, and the test runner exports its shared cluster's: name this one.
  const common = { KRUISE_TS_KUBECONFIG: cluster.kubeconfigPath, KRUISE_TS_LOG_LEVEL: 'warn' };
  processes.push(
    startServiceProcess('watcher', {
      ...common,
      KRUISE_TS_NATS_URL: cluster.natsUrl,
      KRUISE_TS_BUS_PREFIX: prefix,
      KRUISE_TS_HTTP_PORT: '0',
    }),
  );
  processes.push(
    startServiceProcess('cert-manager', {
      ...common,
      KRUISE_TS_NATS_URL: cluster.natsUrl,
      KRUISE_TS_BUS_PREFIX: prefix,
      KRUISE_TS_HTTP_PORT: '0',
      POD_NAMESPACE: 'kruise-system',
    }),
  );
  const data = await eventually(
    'cert-manager wrote the webhook Secret',
    async () => {
      for (const p of processes) p.assertRunning();
      const secret = await core
        .readNamespacedSecret({ name: 'kruise-webhook-certs', namespace: 'kruise-system' })
        .catch(() => undefined);
      return secret?.data?.['tls.key'] && secret.data['ca-key.pem'] ? secret.data : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 500 },
  ).catch((err: unknown) => {
    throw new Error(`no Secret; cert-manager said:\n${processes[1]?.output().slice(-3000)}`, { cause: err });
  });
  // A marker written after the Secret: once the watcher mirrored it, it has seen the Secret's write too. The
  // CertificateRotated event comes after the Secret write and the CA injection, so wait for it as well.
  await core.createNamespace({ body: { metadata: { name: 'nokey-marker' } } });
  const messages = await eventually(
    'the watcher mirrored the marker and cert-manager announced the certificate',
    async () => {
      const all = await everyMessage();
      const marker = all.some((m) => m.subject.includes('nokey-marker'));
      const rotated = all.some((m) => m.subject.includes('.events.CertificateRotated.'));
      return marker && rotated ? all : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 500 },
  ).catch((err: unknown) => {
    throw new Error(
      `no marker or no CertificateRotated; cert-manager said:\n${processes[1]?.output().slice(-3000)}`,
      {
        cause: err,
      },
    );
  });
  const keyPem = Buffer.from(data['tls.key']!, 'base64').toString();
  const caKeyPem = Buffer.from(data['ca-key.pem']!, 'base64').toString();
  // A line from inside each PEM body, and each key as stored in the Secret (base64 of the PEM).
  const needles = [
    keyPem.split('\n')[2]!,
    caKeyPem.split('\n')[2]!,
    data['tls.key']!.slice(0, 64),
    data['ca-key.pem']!.slice(0, 64),
    // The Secret's key names (Kruise's layout and the external one).
    'tls.key',
    'ca.key',
    'ca-key.pem',
    '"key.pem"',
    'PRIVATE KEY',
  ];
  const leaks = messages.flatMap((m) =>
    needles.filter((n) => m.text.includes(n)).map((n) => `${m.stream} ${m.subject}: ${n.slice(0, 20)}…`),
  );
  assert.deepEqual(leaks, []);
});
