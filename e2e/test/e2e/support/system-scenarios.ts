// The user's scenarios of the whole system, as the OpenKruise docs show them: shared by the system suite (every
// service its own process, system.test.ts) and the all-in-one suite (packages/all-in-one/test/e2e), so both
// modes prove the same behaviour. Each takes a running system (packages/launcher's startSystem).
import assert from 'node:assert/strict';
import { type Cluster, eventually } from '@kruise-ts/devcluster';
import type { RunningSystem } from '@kruise-ts/launcher';
import { docsCloneSet, patchCloneSet } from '@kruise-ts/launcher/testing';
import { rolloutTrace } from './jaeger.ts';

const sidecarSet = `
apiVersion: apps.kruise.io/v1alpha1
kind: SidecarSet
metadata:
  name: logger
spec:
  selector:
    matchLabels:
      app: sample
  containers:
  - name: logger
    image: busybox:1.36
    command: ["sleep", "infinity"]
`;

interface PodList {
  items: {
    metadata: { name: string; labels?: Record<string, string> };
    spec: { containers: { name: string; image: string }[] };
    status?: { phase?: string };
  }[];
}

interface CloneSetJson {
  apiVersion: string;
  metadata: { generation: number };
  status?: {
    readyReplicas?: number;
    updatedReadyReplicas?: number;
    observedGeneration?: number;
    updateRevision?: string;
  };
}

function running(s: RunningSystem): PodList['items'] {
  const pods = JSON.parse(
    s.kubectl(['get', 'pods', '-n', 'default', '-l', 'app=sample', '-o', 'json']),
  ) as PodList;
  return pods.items.filter((p) => p.status?.phase === 'Running');
}

/** How the rollout's trace names the processes: each service on its own, or one process for all of them. */
export interface TraceNames {
  /** The service the watcher's spans carry. */
  watcher: string;
  /** The service whose `sync cloneset` spans hold the rollout. */
  cloneSetController: string;
  /** Every service the trace must have spans of. */
  services: readonly string[];
  /** Instrumentation scopes (tracer names) it must have spans of, when services alone do not tell parts apart. */
  scopes?: readonly string[];
}

/** Every service as its own process (`npm start`). */
export const SPLIT_TRACE_NAMES: TraceNames = {
  watcher: 'watcher',
  cloneSetController: 'cloneset-controller',
  services: ['watcher', 'cloneset-controller', 'apiserver', 'webhook-server'],
};

/**
 * The docs CloneSet at v1alpha1 runs 3 pods; an image update rolls out with the SidecarSet injected, as one trace.
 */
export async function cloneSetRolloutWithSidecarSet(
  s: RunningSystem,
  c: Pick<Cluster, 'jaegerQueryUrl'>,
  names: TraceNames = SPLIT_TRACE_NAMES,
): Promise<void> {
  s.kubectl(['apply', '-f', '-'], docsCloneSet());
  await eventually('3 Running pods', async () => running(s).length === 3, { timeoutMs: 60_000 });
  const table = s.kubectl(['get', 'cloneset', 'sample', '-n', 'default']);
  assert.match(table, /NAME\s+DESIRED\s+UPDATED\s+UPDATED_READY\s+UPDATED_AVAILABLE\s+READY\s+TOTAL\s+AGE/);
  const v1alpha1 = JSON.parse(
    s.kubectl(['get', 'clonesets.v1alpha1.apps.kruise.io', 'sample', '-n', 'default', '-o', 'json']),
  ) as CloneSetJson;
  assert.equal(v1alpha1.apiVersion, 'apps.kruise.io/v1alpha1', 'served at v1alpha1 through conversion');

  s.kubectl(['apply', '-f', '-'], sidecarSet);
  // Injection reads SidecarSets from the bus: wait until the webhook server's cache has it (a dry-run pod).
  await eventually(
    'SidecarSet visible to injection',
    async () => {
      const out = s.kubectl(
        ['create', '--dry-run=server', '-o', 'json', '-f', '-'],
        JSON.stringify({
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { name: 'probe', namespace: 'default', labels: { app: 'sample' } },
          spec: { containers: [{ name: 'c', image: 'nginx:1.22-alpine' }] },
        }),
      );
      return (JSON.parse(out) as PodList['items'][number]).spec.containers.some((k) => k.name === 'logger');
    },
    { timeoutMs: 30_000, intervalMs: 500 },
  );

  patchCloneSet(s, [
    { op: 'replace', path: '/spec/template/spec/containers/0/image', value: 'nginx:1.23-alpine' },
  ]);
  const done = await eventually(
    'the rollout of generation 2 done',
    async () => {
      const cs = JSON.parse(
        s.kubectl(['get', 'clonesets.v1beta1.apps.kruise.io', 'sample', '-n', 'default', '-o', 'json']),
      ) as CloneSetJson;
      return cs.status?.observedGeneration === 2 && cs.status.updatedReadyReplicas === 3 ? cs : undefined;
    },
    { timeoutMs: 120_000, intervalMs: 500 },
  );
  const pods = running(s);
  assert.equal(pods.length, 3);
  for (const pod of pods) {
    const images = Object.fromEntries(pod.spec.containers.map((k) => [k.name, k.image]));
    assert.deepEqual(images, { nginx: 'nginx:1.23-alpine', logger: 'busybox:1.36' }, pod.metadata.name);
  }

  const trace = await rolloutTrace(c.jaegerQueryUrl, 'default', 'sample', 2, {
    service: names.cloneSetController,
  });
  assert.deepEqual(
    trace.roots.map((r) => `${r.service}/${r.operation}`),
    [`${names.watcher}/watcher publish CloneSet`],
    'one root: the watcher publishing the spec change',
  );
  for (const service of names.services) {
    assert.ok(
      trace.services.has(service),
      `${service} spans in the rollout trace (has ${[...trace.services]})`,
    );
  }
  for (const scope of names.scopes ?? []) {
    assert.ok(trace.scopes.has(scope), `${scope} spans in the rollout trace (has ${[...trace.scopes]})`);
  }
  console.log(
    `rollout of ${done.status?.updateRevision}: trace ${trace.traceId} with ${trace.spanCount} spans from ` +
      `${[...trace.services].join(', ')}`,
  );
}

// A BroadcastJob from the OpenKruise docs, at v1alpha1: defaulted by the webhook, one pod per node, completed.
const docsBroadcastJob = `
apiVersion: apps.kruise.io/v1alpha1
kind: BroadcastJob
metadata:
  name: download-image
  namespace: default
spec:
  template:
    spec:
      containers:
        - name: download-image
          image: nginx:1.23-alpine
          command: ["echo", "started"]
      restartPolicy: Never
  completionPolicy:
    type: Always
    ttlSecondsAfterFinished: 300
`;

/** The docs BroadcastJob at v1alpha1 runs once on every node and completes. */
export async function broadcastJobCompletes(s: RunningSystem): Promise<void> {
  s.kubectl(['apply', '-f', '-'], docsBroadcastJob);
  const job = await eventually(
    'the BroadcastJob completed',
    async () => {
      const got = JSON.parse(
        s.kubectl([
          'get',
          'broadcastjobs.v1alpha1.apps.kruise.io',
          'download-image',
          '-n',
          'default',
          '-o',
          'json',
        ]),
      ) as {
        spec: { failurePolicy?: { type?: string } };
        status?: { phase?: string; succeeded?: number; desired?: number };
      };
      return got.status?.phase === 'completed' ? got : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 500 },
  );
  assert.equal(job.status?.desired, 2, 'both kwok nodes');
  assert.equal(job.status?.succeeded, 2);
  assert.equal(job.spec.failurePolicy?.type, 'FailFast', 'defaulted by the webhook');
}

// An AdvancedCronJob at v1alpha1 with a fast schedule: defaulted and validated by the webhook, Jobs created by the
// controller, run by kube-controller-manager, completed by kwok and counted back into status.
const cronJob = `
apiVersion: apps.kruise.io/v1alpha1
kind: AdvancedCronJob
metadata:
  name: ticker
  namespace: default
spec:
  schedule: "@every 3s"
  template:
    jobTemplate:
      spec:
        template:
          spec:
            containers:
            - name: tick
              image: busybox:1.36
              command: ["echo", "tick"]
            restartPolicy: Never
`;

/** An AdvancedCronJob at v1alpha1 creates Jobs that complete, within its history limit. */
export async function advancedCronJobRuns(s: RunningSystem): Promise<void> {
  s.kubectl(['apply', '-f', '-'], cronJob);
  const acj = JSON.parse(
    s.kubectl(['get', 'advancedcronjobs.v1alpha1.apps.kruise.io', 'ticker', '-n', 'default', '-o', 'json']),
  ) as { spec: { concurrencyPolicy?: string; successfulJobsHistoryLimit?: number } };
  assert.equal(acj.spec.concurrencyPolicy, 'Allow', 'defaulted by the webhook');
  assert.equal(acj.spec.successfulJobsHistoryLimit, 3);
  const jobs = await eventually(
    'completed Jobs of the AdvancedCronJob',
    async () => {
      const list = JSON.parse(s.kubectl(['get', 'jobs', '-n', 'default', '-o', 'json'])) as {
        items: { metadata: { name: string }; status?: { succeeded?: number } }[];
      };
      const done = list.items.filter(
        (j) => j.metadata.name.startsWith('ticker-') && (j.status?.succeeded ?? 0) > 0,
      );
      return done.length >= 2 ? list.items : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 500 },
  );
  assert.ok(
    jobs.every((j) => /^ticker-\d+$/.test(j.metadata.name)),
    'named <acj>-<unix seconds>',
  );
  s.kubectl(['delete', 'advancedcronjobs.apps.kruise.io', 'ticker', '-n', 'default']);
}

// The Advanced StatefulSet of the OpenKruise docs, at v1alpha1, then scaled with `kubectl scale`.
const docsStatefulSet = `
apiVersion: apps.kruise.io/v1alpha1
kind: StatefulSet
metadata:
  name: sample
  namespace: default
spec:
  replicas: 3
  serviceName: fake-service
  selector:
    matchLabels:
      app: sample-sts
  template:
    metadata:
      labels:
        app: sample-sts
    spec:
      readinessGates:
      - conditionType: InPlaceUpdateReady
      containers:
      - name: main
        image: nginx:alpine
  podManagementPolicy: Parallel
  updateStrategy:
    type: RollingUpdate
    rollingUpdate:
      podUpdatePolicy: InPlaceIfPossible
      maxUnavailable: 2
`;

/** The docs Advanced StatefulSet at v1alpha1 runs sample-0..2 and follows kubectl scale. */
export async function advancedStatefulSetScales(s: RunningSystem): Promise<void> {
  s.kubectl(['apply', '-f', '-'], docsStatefulSet);
  const names = () =>
    (
      JSON.parse(s.kubectl(['get', 'pods', '-n', 'default', '-l', 'app=sample-sts', '-o', 'json'])) as PodList
    ).items
      .filter((p) => p.status?.phase === 'Running')
      .map((p) => p.metadata.name)
      .sort();
  await eventually('sample-0..2 running', async () => names().join() === 'sample-0,sample-1,sample-2', {
    timeoutMs: 60_000,
    intervalMs: 500,
  });
  await eventually(
    'status: 3 ready (InPlaceUpdateReady set by the controller)',
    async () => {
      const set = JSON.parse(
        s.kubectl(['get', 'statefulsets.apps.kruise.io', 'sample', '-n', 'default', '-o', 'json']),
      ) as { status?: { readyReplicas?: number } };
      return set.status?.readyReplicas === 3;
    },
    { timeoutMs: 60_000, intervalMs: 500 },
  );
  s.kubectl(['scale', 'statefulsets.apps.kruise.io', 'sample', '-n', 'default', '--replicas=1']);
  await eventually('scaled in to sample-0', async () => names().join() === 'sample-0', {
    timeoutMs: 60_000,
    intervalMs: 500,
  });
}
