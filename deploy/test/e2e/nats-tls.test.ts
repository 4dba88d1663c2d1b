// NATS over TLS as the chart renders it (nats.tls.enabled): a real nats-server with the chart's nats.conf and
// a server certificate from the project's own CA code (packages/certs), a service connecting with exactly the
// TLS settings its rendered Deployment gets (the CA file mounted from the Secret), and clients without them
// refused: one speaking plain NATS, one that does not trust the CA.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { type Bus, busCredentialsFromEnv, connectBus, ensureTopology, topology } from '@kruise-ts/bus';
import { createCertificateAuthority, issueServingCertificate } from '@kruise-ts/certs';
import { ensureBinaries, freePorts, type NatsCluster, startNatsCluster } from '@kruise-ts/devcluster';
import { connect } from '@nats-io/transport-node';
import {
  type KubeObject,
  type LocalPodPlan,
  localNatsConfig,
  localPod,
  renderedData,
  renderedWorkloads,
  template,
} from '../../src/index.ts';

const namespace = 'kruise-system';
const tlsSecret = 'nats-tls';
let dir: string;
let nats: NatsCluster;
let url: string;
let service: LocalPodPlan;
const open: Bus[] = [];

before(async () => {
  await ensureBinaries();
  dir = mkdtempSync(join(tmpdir(), 'kts-nats-tls-'));
  const ca = await createCertificateAuthority({ commonName: 'kruise-ts nats test CA' });
  const server = await issueServingCertificate(ca, { hosts: ['localhost', '127.0.0.1'] });
  const secret: KubeObject = {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: tlsSecret, namespace },
    stringData: { 'ca.crt': ca.certPem, 'tls.crt': server.certPem, 'tls.key': server.keyPem },
  };
  const rendered = template({
    namespace,
    set: {
      'nats.tls.enabled': 'true',
      'nats.tls.secretName': tlsSecret,
      'nats.bundled.replicas': '1',
      'nats.streamReplicas': '1',
    },
  });
  const data = renderedData([...rendered, secret]);
  const workloads = renderedWorkloads(rendered);
  const sts = workloads.find((w) => w.kind === 'StatefulSet');
  const deployment = workloads.find((w) => w.app === 'cloneset-controller');
  assert.ok(sts && deployment);

  const node = localPod(sts, 0, data, join(dir, 'nats'));
  const svc = localPod(deployment, 0, data, join(dir, 'cloneset-controller'));
  for (const plan of [node, svc]) {
    for (const d of plan.dirs) mkdirSync(d, { recursive: true });
    for (const f of plan.files) writeFileSync(f.path, f.content, { mode: 0o600 });
  }
  service = svc;
  assert.match(svc.env.KRUISE_TS_NATS_TLS_CA_FILE ?? '', /ca\.crt$/, 'the chart gives services the CA file');

  const configFile = node.args[node.args.indexOf('--config') + 1] as string;
  const conf = node.files.find((f) => f.path === configFile)?.content ?? '';
  assert.match(conf, /tls \{/, 'the chart renders a tls block');
  const [clientPort, monitorPort, clusterPort] = (await freePorts(3)) as [number, number, number];
  writeFileSync(
    configFile,
    localNatsConfig(conf, { clientPort, monitorPort, clusterPort, routePorts: [], mounts: node.mounts }),
  );
  url = `nats://127.0.0.1:${clientPort}`;
  nats = await startNatsCluster(dir, [
    {
      name: node.podName,
      configFile,
      env: node.env,
      clientUrl: url,
      monitorUrl: `http://127.0.0.1:${monitorPort}`,
    },
  ]);
});

after(async () => {
  await Promise.allSettled(open.map((b) => b.close()));
  await nats?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a service with the TLS settings its Deployment renders connects and declares the bus', async () => {
  const bus = await connectBus({
    servers: url,
    topology: topology({ partitions: 4, replicas: 1 }),
    publisherId: 'cloneset-controller/tls-test',
    requestTimeoutMs: 5_000,
    credentials: busCredentialsFromEnv(service.env),
  });
  open.push(bus);
  assert.equal(bus.nc.info?.tls_required, true, 'the server requires TLS');
  await ensureTopology(bus);
});

test('a plain-text client is refused', async () => {
  const port = Number(new URL(url).port);
  const reply = await new Promise<string>((resolve, reject) => {
    const socket = tcpConnect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no refusal within 10 s; got: ${text}`));
    }, 10_000);
    socket.on('data', (d) => {
      text += d.toString('utf8');
      // After INFO, speak plain NATS as a client without TLS would.
      if (text.startsWith('INFO') && text.includes('\r\n') && !text.includes('CONNECT-SENT')) {
        text += 'CONNECT-SENT\n';
        socket.write('CONNECT {"verbose":false,"user":"cloneset-controller","pass":"x"}\r\nPING\r\n');
      }
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(text);
    });
    socket.on('error', () => {});
  });
  assert.match(reply, /"tls_required":true/);
  assert.doesNotMatch(reply, /PONG/, 'no plain-text session');
});

test('a client that does not trust the CA is refused', async () => {
  // nats.js upgrades to TLS when the server requires it; without the chart's CA file it cannot verify the server.
  await assert.rejects(
    connect({ servers: url, user: 'cloneset-controller', pass: 'irrelevant', timeout: 5_000 }),
    (err: Error) => {
      assert.match(`${err.message} ${String(err.cause ?? '')}`, /certificate/i);
      return true;
    },
  );
});
