// Service processes of a chosen build beside a running system, and the Kruise-docs CloneSet walk-through the
// skew scenarios put each mix of builds through.
import assert from 'node:assert/strict';
import {
  type ClusterInfo,
  eventually,
  freePort,
  type ServiceProcess,
  startServiceProcess,
} from '@kruise-ts/devcluster';
import type { RunningSystem } from '@kruise-ts/launcher';
import { docsCloneSet } from '@kruise-ts/launcher/testing';
import { type Build, bothSpellings } from './baseline.ts';

export interface RunningBuild {
  service: string;
  build: Build;
  process: ServiceProcess;
  url: string;
}

/** Starts `service` from `build` with the system's shared settings (both spellings) and waits for /healthz. */
export async function runService(
  system: RunningSystem,
  service: string,
  build: Build,
  extra: Record<string, string> = {},
): Promise<RunningBuild> {
  const port = await freePort();
  const env = bothSpellings({
    ...system.sharedEnv,
    OTEL_SERVICE_NAME: service,
    KRUISE_TS_HTTP_HOST: '127.0.0.1',
    KRUISE_TS_HTTP_PORT: String(port),
    ...extra,
  });
  const process = startServiceProcess(service, env, { entry: build.entry(service), execPath: build.node });
  const url = `http://127.0.0.1:${port}`;
  await eventually(
    `${build.label} ${service} healthy`,
    async () => {
      process.assertRunning();
      return (await fetch(`${url}/healthz`).catch(() => undefined))?.ok === true;
    },
    { timeoutMs: 90_000, intervalMs: 300 },
  );
  return { service, build, process, url };
}

export interface PodRow {
  name: string;
  uid: string;
  phase: string;
  images: string[];
  /** Has a deletionTimestamp: on its way out, no longer one of the CloneSet's replicas. */
  terminating: boolean;
  /** metadata.creationTimestamp (seconds), for telling which build created a pod. */
  created: string;
  /** The controller-revision-hash label. */
  revision: string;
}

/** The pods of a namespace with one label value, as compact rows (one kubectl call, no full JSON); pods being
 * deleted only when asked for. */
export function pods(
  system: RunningSystem,
  namespace: string,
  app: string,
  includeTerminating = false,
): PodRow[] {
  const out = system.kubectl([
    'get',
    'pods',
    '-n',
    namespace,
    '-l',
    `app=${app}`,
    '-o',
    'jsonpath={range .items[*]}{.metadata.name} {.metadata.uid} {.status.phase} {range .spec.containers[*]}{.name}={.image},{end} {.metadata.deletionTimestamp} {.metadata.creationTimestamp} {.metadata.labels.controller-revision-hash}{"\\n"}{end}',
  ]);
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name = '', uid = '', phase = '', images = '', deleting = '', created = '', revision = ''] =
        line.split(' ');
      return {
        name,
        uid,
        phase,
        images: images.split(',').filter(Boolean).sort(),
        terminating: deleting !== '',
        created,
        revision,
      };
    })
    .filter((p) => includeTerminating || !p.terminating);
}

interface CloneSetStatus {
  metadata: { generation: number; resourceVersion: string };
  status?: {
    replicas?: number;
    readyReplicas?: number;
    updatedReplicas?: number;
    updatedReadyReplicas?: number;
    observedGeneration?: number;
  };
}

export function cloneSet(system: RunningSystem, namespace: string, name: string): CloneSetStatus {
  return JSON.parse(
    system.kubectl(['get', 'clonesets.v1beta1.apps.kruise.io', name, '-n', namespace, '-o', 'json']),
  ) as CloneSetStatus;
}

function sidecarSet(name: string, app: string): string {
  return `
apiVersion: apps.kruise.io/v1alpha1
kind: SidecarSet
metadata:
  name: ${name}
spec:
  selector:
    matchLabels:
      app: ${app}
  containers:
  - name: logger
    image: busybox:1.36
    command: ["sleep", "infinity"]
`;
}

export function setImage(system: RunningSystem, namespace: string, image: string): void {
  system.kubectl([
    'patch',
    'clonesets.v1alpha1.apps.kruise.io',
    'sample',
    '-n',
    namespace,
    '--type',
    'json',
    '-p',
    JSON.stringify([{ op: 'replace', path: '/spec/template/spec/containers/0/image', value: image }]),
  ]);
}

/**
 * The walk-through every mix of builds must pass: a SidecarSet injected into the docs CloneSet's 5 pods, an
 * image update rolled out, and a scale-in that deletes exactly the pod named in `scaleStrategy.podsToDelete`.
 */
export async function docsWalkThrough(system: RunningSystem, namespace: string): Promise<void> {
  const app = `${namespace}-sample`;
  system.kubectl(['create', 'namespace', namespace]);
  system.kubectl(['apply', '-f', '-'], sidecarSet(`${namespace}-logger`, app));
  await eventually(
    'the SidecarSet visible to injection',
    async () => {
      const out = system.kubectl(
        ['create', '--dry-run=server', '-o', 'json', '-f', '-'],
        JSON.stringify({
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { name: 'probe', namespace, labels: { app } },
          spec: { containers: [{ name: 'c', image: 'nginx:1.22-alpine' }] },
        }),
      );
      return (JSON.parse(out) as { spec: { containers: { name: string }[] } }).spec.containers.some(
        (c) => c.name === 'logger',
      );
    },
    { timeoutMs: 30_000, intervalMs: 500 },
  );

  system.kubectl(['apply', '-f', '-'], docsCloneSet({ namespace, app, replicas: 5 }));
  await eventually(
    '5 Running pods with the sidecar',
    async () => {
      const running = pods(system, namespace, app).filter((p) => p.phase === 'Running');
      return running.length === 5 && running.every((p) => p.images.includes('logger=busybox:1.36'));
    },
    { timeoutMs: 90_000, intervalMs: 500 },
  );

  setImage(system, namespace, 'nginx:1.23-alpine');
  await eventually(
    'the image update rolled out',
    async () => {
      const cs = cloneSet(system, namespace, 'sample');
      return cs.status?.observedGeneration === cs.metadata.generation && cs.status.updatedReadyReplicas === 5;
    },
    { timeoutMs: 120_000, intervalMs: 500 },
  );
  const updated = pods(system, namespace, app);
  assert.equal(updated.length, 5);
  for (const p of updated) {
    assert.deepEqual(p.images, ['logger=busybox:1.36', 'nginx=nginx:1.23-alpine'], p.name);
  }

  const victim = (updated[2] as PodRow).name;
  system.kubectl([
    'patch',
    'clonesets.v1alpha1.apps.kruise.io',
    'sample',
    '-n',
    namespace,
    '--type',
    'merge',
    '-p',
    JSON.stringify({ spec: { replicas: 4, scaleStrategy: { podsToDelete: [victim] } } }),
  ]);
  await eventually(
    `scaled in to 4 without ${victim}`,
    async () => {
      const left = pods(system, namespace, app);
      const cs = cloneSet(system, namespace, 'sample');
      return left.length === 4 && !left.some((p) => p.name === victim) && cs.status?.replicas === 4;
    },
    { timeoutMs: 60_000, intervalMs: 500 },
  );
  const kept = new Set(pods(system, namespace, app).map((p) => p.name));
  for (const p of updated) if (p.name !== victim) assert.ok(kept.has(p.name), `${p.name} kept`);
}

/** Connection names on the NATS server (nats-server's /connz), e.g. `watcher/0.2.0`. */
export async function natsConnectionNames(cluster: ClusterInfo): Promise<string[]> {
  const res = await fetch(new URL('/connz?limit=1024', cluster.natsMonitorUrl));
  const body = (await res.json()) as { connections?: { name?: string }[] };
  return (body.connections ?? []).map((c) => c.name ?? '');
}
