// etcd + kube-apiserver + kube-controller-manager + kube-scheduler + kwok, on loopback, in one directory.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCertificateAuthority, createSigningKey, issueCertificate } from '@kruise-ts/certs';
import { binaryPaths } from './binaries.ts';
import { httpGet, type TlsMaterial } from './http-probe.ts';
import { adminKubeconfig } from './kubeconfig.ts';
import { kwokConfigYaml } from './kwok-stages.ts';
import { freePorts } from './ports.ts';
import { type ManagedProcess, startProcess, waitUntil } from './process.ts';

export interface ControlPlane {
  apiserverUrl: string;
  kubeconfigPath: string;
  /** CA and admin client credentials, for clients that do not read kubeconfig files. */
  tls: Required<TlsMaterial>;
  processes: ManagedProcess[];
  /** etcd's client URL (fault tests compact it to force watchers to relist). */
  etcdUrl: string;
  /**
   * Fault tests: stops kube-apiserver (SIGTERM) and starts it again with the same flags and port, resolving
   * once it is ready; `downMs` keeps it down that long first.
   */
  restartApiserver(downMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export interface ControlPlaneOptions {
  /** host:port of an OTLP gRPC endpoint; when set the apiserver exports spans of traced requests. */
  otlpGrpcEndpoint?: string;
}

// kube-controller-manager controllers the tests rely on: ownerReference GC, namespace deletion, Jobs, and the
// PVC/PV protection finalizers (without them a deleted PVC never goes away).
const controllers = [
  'garbage-collector-controller',
  'namespace-controller',
  'job-controller',
  'ttl-after-finished-controller',
  'persistentvolumeclaim-protection-controller',
  'persistentvolume-protection-controller',
];

export async function startControlPlane(
  dir: string,
  options: ControlPlaneOptions = {},
): Promise<ControlPlane> {
  const bins = binaryPaths();
  const processes: ManagedProcess[] = [];
  const stop = async () => {
    // Reverse order: clients first, etcd last.
    for (const p of [...processes].reverse()) await p.stop();
  };
  try {
    const [etcdClient, etcdPeer, apiserverPort] = (await freePorts(3)) as [number, number, number];
    const pki = join(dir, 'pki');
    mkdirSync(pki, { recursive: true });
    const ca = await createCertificateAuthority({ commonName: 'kruise-ts-dev-ca' });
    const serving = await issueCertificate(ca, {
      commonName: 'kube-apiserver',
      hosts: [
        'localhost',
        'kubernetes',
        'kubernetes.default',
        'kubernetes.default.svc',
        '127.0.0.1',
        '10.0.0.1',
      ],
      usages: ['serverAuth'],
      validityMs: 3650 * 86_400_000,
    });
    const admin = await issueCertificate(ca, {
      commonName: 'admin',
      organizations: ['system:masters'],
      usages: ['clientAuth'],
      validityMs: 3650 * 86_400_000,
    });
    const sa = await createSigningKey();
    const file = (name: string, content: string) => {
      const path = join(pki, name);
      writeFileSync(path, content, { mode: 0o600 });
      return path;
    };
    const caFile = file('ca.crt', ca.certPem);
    const servingCert = file('apiserver.crt', serving.certPem);
    const servingKey = file('apiserver.key', serving.keyPem);
    const saKey = file('sa.key', sa.keyPem);
    const saPub = file('sa.pub', sa.publicKeyPem);
    const tls = { ca: ca.certPem, cert: admin.certPem, key: admin.keyPem };

    const etcd = startProcess(
      'etcd',
      bins.etcd,
      [
        `--data-dir=${join(dir, 'etcd')}`,
        `--listen-client-urls=http://127.0.0.1:${etcdClient}`,
        `--advertise-client-urls=http://127.0.0.1:${etcdClient}`,
        `--listen-peer-urls=http://127.0.0.1:${etcdPeer}`,
        `--initial-advertise-peer-urls=http://127.0.0.1:${etcdPeer}`,
        `--initial-cluster=default=http://127.0.0.1:${etcdPeer}`,
        '--listen-metrics-urls=',
        '--unsafe-no-fsync=true',
        '--quota-backend-bytes=8589934592',
      ],
      { dir },
    );
    processes.push(etcd);
    await waitUntil(
      'etcd /health',
      async () => (await httpGet(`http://127.0.0.1:${etcdClient}/health`)).status === 200,
      {
        timeoutMs: 30_000,
        proc: etcd,
      },
    );

    const apiserverArgs = [
      `--etcd-servers=http://127.0.0.1:${etcdClient}`,
      `--cert-dir=${pki}`,
      `--tls-cert-file=${servingCert}`,
      `--tls-private-key-file=${servingKey}`,
      `--client-ca-file=${caFile}`,
      `--secure-port=${apiserverPort}`,
      '--bind-address=127.0.0.1',
      '--advertise-address=127.0.0.1',
      '--service-cluster-ip-range=10.0.0.0/24',
      '--allow-privileged=true',
      '--authorization-mode=RBAC',
      '--disable-admission-plugins=ServiceAccount',
      `--service-account-issuer=https://127.0.0.1:${apiserverPort}/`,
      `--service-account-key-file=${saPub}`,
      `--service-account-signing-key-file=${saKey}`,
      // Less CPU on a 2-core machine; fairness queuing protects nothing in a single-tenant test cluster.
      '--enable-priority-and-fairness=false',
      '--profiling=false',
    ];
    if (options.otlpGrpcEndpoint) {
      // Sample only requests that arrive with a sampled W3C parent: our controllers' calls join their traces.
      const tracing = join(dir, 'apiserver-tracing.yaml');
      writeFileSync(
        tracing,
        `apiVersion: apiserver.config.k8s.io/v1\nkind: TracingConfiguration\nendpoint: ${options.otlpGrpcEndpoint}\nsamplingRatePerMillion: 0\n`,
      );
      apiserverArgs.push(`--tracing-config-file=${tracing}`);
    }
    const apiserverUrl = `https://127.0.0.1:${apiserverPort}`;
    const startApiserver = async () => {
      const apiserver = startProcess('kube-apiserver', bins.kubeApiserver, apiserverArgs, { dir });
      try {
        await waitUntil(
          'kube-apiserver /readyz',
          async () => (await httpGet(`${apiserverUrl}/readyz`, tls)).status === 200,
          {
            timeoutMs: 120_000,
            proc: apiserver,
            intervalMs: 500,
          },
        );
      } catch (err) {
        await apiserver.stop();
        throw err;
      }
      return apiserver;
    };
    let apiserver = startApiserver();
    // Stopped in order with the others even while it is starting; its slot is replaced on restart.
    processes.push(await apiserver);
    const apiserverSlot = processes.length - 1;
    const restartApiserver = async (downMs = 0) => {
      await (await apiserver).stop();
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      apiserver = startApiserver();
      processes[apiserverSlot] = await apiserver;
      // kube-controller-manager does not always recover from an apiserver restart after a compaction (seen: its
      // PVC protection stopped releasing deleted claims from the second restart on); a control plane restart
      // restarts it too. It is not ours under test, the controllers are.
      const kcm = processes[controllerManagerSlot];
      await kcm?.stop();
      processes[controllerManagerSlot] = startControllerManager();
    };

    const kubeconfigPath = join(dir, 'admin.kubeconfig');
    writeFileSync(kubeconfigPath, adminKubeconfig(apiserverUrl, ca.certPem, admin.certPem, admin.keyPem), {
      mode: 0o600,
    });

    const startControllerManager = () =>
      startProcess(
        'kube-controller-manager',
        bins.kubeControllerManager,
        [
          `--kubeconfig=${kubeconfigPath}`,
          '--leader-elect=false',
          '--secure-port=0',
          '--use-service-account-credentials=false',
          '--kube-api-qps=200',
          '--kube-api-burst=400',
          `--controllers=${controllers.join(',')}`,
        ],
        { dir },
      );
    processes.push(startControllerManager());
    const controllerManagerSlot = processes.length - 1;
    processes.push(
      startProcess(
        'kube-scheduler',
        bins.kubeScheduler,
        [
          `--kubeconfig=${kubeconfigPath}`,
          '--leader-elect=false',
          '--secure-port=0',
          '--kube-api-qps=200',
          '--kube-api-burst=400',
        ],
        { dir },
      ),
    );
    const kwokConfig = join(dir, 'kwok.yaml');
    writeFileSync(kwokConfig, kwokConfigYaml());
    processes.push(
      startProcess(
        'kwok',
        bins.kwok,
        [
          `--kubeconfig=${kubeconfigPath}`,
          `--config=${kwokConfig}`,
          '--manage-all-nodes=false',
          '--manage-nodes-with-annotation-selector=kwok.x-k8s.io/node=fake',
          '--node-lease-duration-seconds=40',
        ],
        { dir },
      ),
    );
    return {
      apiserverUrl,
      kubeconfigPath,
      tls,
      processes,
      etcdUrl: `http://127.0.0.1:${etcdClient}`,
      restartApiserver,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
