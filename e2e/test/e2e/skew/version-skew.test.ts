// Independent upgrade, proven: the previous build (e2e/skew-baseline.json, built from this repo's history)
// and the current one on one bus. (1) baseline cloneset-controller with the current watcher and the reverse,
// each through the docs CloneSet walk-through; (2) a 2-replica cloneset-controller upgraded from baseline to
// current in the middle of a 100-pod rollout; (3) a message two contract versions ahead refused loudly.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import {
  CONTRACT_VERSION,
  CONTRACT_VERSION_HEADER,
  connectBus,
  ObjectEventType,
  objectEventCodec,
  objectSubject,
  PUBLISHER_HEADER,
  topology,
} from '@kruise-ts/bus';
import { type Cluster, eventually, startCluster } from '@kruise-ts/devcluster';
import { type RunningSystem, startSystem } from '@kruise-ts/launcher';
import { docsCloneSet } from '@kruise-ts/launcher/testing';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { rolloutTrace } from '../support/jaeger.ts';
import { type Build, currentBuild, describe, ensureBaseline } from './support/baseline.ts';
import {
  cloneSet,
  docsWalkThrough,
  natsConnectionNames,
  type PodRow,
  pods,
  type RunningBuild,
  runService,
  setImage,
} from './support/scenario.ts';

let cluster: Cluster | undefined;
let system: RunningSystem | undefined;
let baseline: Build;
let current: Build;
const running = new Set<RunningBuild>();
// Every process the tests started, stopped ones too: their output explains a failure.
const started: RunningBuild[] = [];

const sys = () => system as RunningSystem;
const clu = () => cluster as Cluster;

async function start(service: string, build: Build): Promise<RunningBuild> {
  const r = await runService(sys(), service, build);
  running.add(r);
  started.push(r);
  return r;
}

async function stop(r: RunningBuild): Promise<void> {
  await r.process.stop();
  running.delete(r);
}

before(async () => {
  // An installation the baseline created: its object stream is on file storage, which the baseline declares and
  // insists on (builds since ADR 38 declare storage on create only; docs/adr/0039-object-stream-in-memory.md).
  process.env.KRUISE_TS_OBJECT_STORAGE = 'file';
  // Its lease TTL too: the baseline declares its 15 s default, and builds since ADR 44 adopt a stored TTL but
  // store 60 s on a new bus (docs/adr/0044-longer-lease-ttl-declared-on-create.md).
  process.env.KRUISE_TS_LEASE_TTL_MS = '15000';
  baseline = ensureBaseline((line) => console.log(line));
  current = currentBuild();
  cluster = await startCluster();
  // The watcher and cloneset-controller are the services whose builds the scenarios mix; the test runs them.
  system = await startSystem(cluster, { omit: ['watcher', 'cloneset-controller'] });
});

after(async () => {
  for (const r of [...running].reverse()) await stop(r);
  await system?.stop();
  await cluster?.stop();
});

function met(...parts: [Build, string][]): string {
  return `skew: ${parts.map(([b, s]) => describe(b, s)).join(' + ')}`;
}

it('baseline cloneset-controller with the current watcher, webhook and others: docs rollout, podsToDelete, SidecarSet', async () => {
  const watcher = await start('watcher', current);
  const controller = await start('cloneset-controller', baseline);
  console.log(met([baseline, 'cloneset-controller'], [current, 'watcher'], [current, 'webhook-server']));

  // The current build reports itself; the baseline does not know /version.
  const version = (await (await fetch(`${watcher.url}/version`)).json()) as Record<string, unknown>;
  assert.deepEqual(
    { service: version.service, version: version.version, contractVersion: version.contractVersion },
    { service: 'watcher', version: current.version('watcher'), contractVersion: CONTRACT_VERSION },
  );
  assert.match(String(version.commit), /^([0-9a-f]{7,64}|unknown)$/);
  const metrics = await (await fetch(`${watcher.url}/metrics`)).text();
  assert.match(metrics, /kruise_ts_build_info\{[^}]*service="watcher"[^}]*version="0\.2\.0"[^}]*\} 1/);
  assert.equal((await fetch(`${controller.url}/version`)).status, 404, 'the baseline has no /version');

  await docsWalkThrough(sys(), 'skew-a');

  const names = await natsConnectionNames(clu());
  assert.ok(names.includes(`watcher/${current.version('watcher')}`), `connection names: ${names}`);

  // What the current watcher published carries its build and the contract version.
  const bus = await connectBus({
    servers: clu().natsUrl,
    topology: topology({ partitions: 16 }),
    publisherId: 'skew-test',
  });
  try {
    const subject = objectSubject(bus.topology, {
      group: 'apps.kruise.io',
      kind: 'CloneSet',
      namespace: 'skew-a',
      name: 'sample',
    });
    const last = await bus.jsm.direct.getMessage(bus.topology.objects.stream, { last_by_subj: subject });
    assert.equal(last?.header.get(PUBLISHER_HEADER), `watcher/${current.version('watcher')}`);
    assert.equal(last?.header.get(CONTRACT_VERSION_HEADER), String(CONTRACT_VERSION));
  } finally {
    await bus.close();
  }
  await stop(controller);
  await stop(watcher);
});

it('current cloneset-controller with the baseline watcher: docs rollout, podsToDelete, SidecarSet', async () => {
  const watcher = await start('watcher', baseline);
  const controller = await start('cloneset-controller', current);
  console.log(met([current, 'cloneset-controller'], [baseline, 'watcher']));
  await docsWalkThrough(sys(), 'skew-b');
  const metrics = await (await fetch(`${controller.url}/metrics`)).text();
  assert.doesNotMatch(metrics, /kruise_ts_bus_contract_refused_total\{/, 'contract 1 messages are read');
  await stop(controller);
  await stop(watcher);
});

it('a 2-replica cloneset-controller upgraded from baseline to current mid-rollout of 100 pods: no duplicate or lost pod, none created twice, one trace', async () => {
  const ns = 'skew-roll';
  const app = 'roll';
  await start('watcher', current);
  const old = [await start('cloneset-controller', baseline), await start('cloneset-controller', baseline)];
  sys().kubectl(['create', 'namespace', ns]);
  sys().kubectl(['apply', '-f', '-'], docsCloneSet({ namespace: ns, app, replicas: 100 }));
  await eventually(
    '100 Running pods',
    async () => pods(sys(), ns, app).filter((p) => p.phase === 'Running').length === 100,
    { timeoutMs: 240_000, intervalMs: 1000 },
  );

  // Every pod ever seen, by uid, as it looked when first seen: a name under two uids is an instance id used twice.
  // With when each replica started and stopped, that says which build created a reused name.
  const firstSeen = new Map<string, Seen>();
  const timeline: string[] = [];
  const mark = (what: string) => timeline.push(`${new Date().toISOString()} ${what}`);
  let most = 0;
  let fewest = Number.POSITIVE_INFINITY;
  const sample = (): PodRow[] => {
    const listed = pods(sys(), ns, app, true);
    const now = listed.filter((p) => !p.terminating);
    for (const p of listed) {
      if (!firstSeen.has(p.uid)) firstSeen.set(p.uid, { ...p, seenAt: new Date().toISOString() });
    }
    most = Math.max(most, now.length);
    fewest = Math.min(fewest, now.length);
    return now;
  };
  sample();
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      sample();
      await new Promise((r) => setTimeout(r, 500));
    }
  })();

  try {
    setImage(sys(), ns, 'nginx:1.23-alpine');
    await eventually(
      'the rollout under way',
      async () => {
        // Until the controller observed generation 2, updatedReplicas still counts generation 1's pods.
        const cs = cloneSet(sys(), ns, 'sample');
        const updated = cs.status?.updatedReplicas ?? 0;
        return cs.status?.observedGeneration === cs.metadata.generation && updated >= 10 && updated < 100;
      },
      { timeoutMs: 120_000, intervalMs: 500 },
    );
    // Rolling upgrade, one replica at a time: the new one joins, then the old one hands its partitions off.
    for (const [i, replica] of old.entries()) {
      mark(`current replica ${i + 1} starting`);
      await start('cloneset-controller', current);
      mark(`current replica ${i + 1} healthy; stopping baseline replica ${i + 1}`);
      console.log(
        `${met([baseline, 'cloneset-controller'], [current, 'cloneset-controller'])} (replica ${i + 1} of 2 upgraded, ` +
          `${cloneSet(sys(), ns, 'sample').status?.updatedReplicas ?? 0}/100 updated)`,
      );
      await stop(replica);
      mark(`baseline replica ${i + 1} stopped`);
    }
    await eventually(
      'the rollout complete on the current build',
      async () => {
        const cs = cloneSet(sys(), ns, 'sample');
        return (
          cs.status?.observedGeneration === cs.metadata.generation && cs.status.updatedReadyReplicas === 100
        );
      },
      { timeoutMs: 300_000, intervalMs: 1000 },
    );
  } finally {
    sampling = false;
    await sampler;
  }
  const final = sample();
  assert.equal(final.length, 100, 'no pod lost or duplicated at the end');
  assert.ok(
    final.every((p) => p.images.includes('nginx=nginx:1.23-alpine')),
    'every pod updated',
  );
  // ReCreate with maxSurge 0 and maxUnavailable 20%: never more than 100 pods, never fewer than 80.
  assert.ok(most <= 100, `at most 100 pods at a time (saw ${most})`);
  assert.ok(fewest >= 80, `at least 80 pods at a time (saw ${fewest})`);
  const podsByName = Map.groupBy(firstSeen.values(), (p) => p.name);
  const reused = [...podsByName].filter(([, seen]) => seen.length > 1).map(([name]) => name);
  if (reused.length > 0) console.log(reusedReport(ns, reused, podsByName, timeline));
  const created = firstSeen.size;
  assert.equal(created, 200, 'each of the 100 pods replaced exactly once');
  // A name with two uids among exactly 200 pods is a fresh random id that repeats a replaced pod's (Kruise's ids
  // are drawn the same way, checked against live pods only; ~1 run in 3,000 here): the first uid must be an
  // old-revision pod and the second an updated one. Anything else is a pod created twice for one intent.
  const revisions = (name: string) =>
    [...(podsByName.get(name) ?? [])]
      .sort((a, b) => a.created.localeCompare(b.created))
      .map((p) => p.revision);
  const updateRevision = final[0]?.revision;
  for (const name of reused) {
    const [first, second, ...more] = revisions(name);
    assert.ok(
      more.length === 0 && first !== updateRevision && second === updateRevision,
      `instance id ${name} reused other than by a replaced pod's chance repeat: revisions ${revisions(name)}`,
    );
  }

  console.log(
    `skew rolling upgrade: ${created} pods created in all, ${fewest}..${most} replicas at a time, ` +
      `${podsByName.size} distinct instance ids`,
  );
  const trace = await rolloutTrace(clu().jaegerQueryUrl, ns, 'sample', 2, { timeoutMs: 120_000 });
  assert.equal(trace.roots.length, 1, `one trace root: ${JSON.stringify(trace.roots)}`);
  assert.ok(trace.services.has('cloneset-controller'), [...trace.services].join(','));
  console.log(
    `skew rolling upgrade: trace ${trace.traceId}, ${trace.spanCount} spans from ${[...trace.services]}`,
  );
});

type Seen = PodRow & { seenAt: string };

/** Which uid of a reused name came when, against the replicas' timeline and the SuccessfulCreate events. */
function reusedReport(
  ns: string,
  reused: readonly string[],
  podsByName: ReadonlyMap<string, readonly Seen[]>,
  timeline: readonly string[],
): string {
  let events = '';
  try {
    events = sys().kubectl([
      'get',
      'events',
      '-n',
      ns,
      '-o',
      'jsonpath={range .items[*]}{.firstTimestamp} {.reportingInstance} {.reason} {.message}{"\\n"}{end}',
    ]);
  } catch (err) {
    events = `events not read: ${String(err)}`;
  }
  const lines = ['reused instance ids:', ...timeline];
  for (const name of reused) {
    for (const p of podsByName.get(name) ?? []) {
      lines.push(`${name} uid ${p.uid} created ${p.created} revision ${p.revision} first seen ${p.seenAt}`);
    }
    lines.push(...events.split('\n').filter((l) => l.includes(name)));
    for (const r of started) {
      lines.push(
        ...r.process
          .output()
          .split('\n')
          .filter((l) => l.includes(name))
          .map((l) => `${r.build.label}: ${l}`),
      );
    }
  }
  return lines.join('\n');
}

it('a message two contract versions ahead is refused with the reason logged, and nothing is written for it', async () => {
  const controllers = [...running].filter((r) => r.service === 'cloneset-controller');
  assert.ok(controllers.length > 0 && controllers.every((r) => r.build === current));
  const ns = 'skew-b';
  const before = JSON.parse(
    sys().kubectl(['get', 'clonesets.v1beta1.apps.kruise.io', 'sample', '-n', ns, '-o', 'json']),
  ) as {
    metadata: { uid: string; resourceVersion: string; generation: number; labels?: Record<string, string> };
    spec: { replicas: number };
  };
  const podsBefore = pods(sys(), ns, `${ns}-sample`)
    .map((p) => p.name)
    .sort();

  // A future publisher's view of the CloneSet: more replicas, at contract CONTRACT_VERSION + 2.
  const ahead = CONTRACT_VERSION + 2;
  const object = { ...before, spec: { ...before.spec, replicas: 9 } };
  const bus = await connectBus({
    servers: clu().natsUrl,
    topology: topology({ partitions: 16 }),
    publisherId: 'skew-test/future',
  });
  try {
    const subject = objectSubject(bus.topology, {
      group: 'apps.kruise.io',
      kind: 'CloneSet',
      namespace: ns,
      name: 'sample',
    });
    const h = natsHeaders();
    h.set(CONTRACT_VERSION_HEADER, String(ahead));
    h.set(PUBLISHER_HEADER, 'cloneset-future/9.0.0');
    const resourceVersion = String(Number(before.metadata.resourceVersion) + 1);
    await bus.js.publish(
      subject,
      objectEventCodec.encode({
        kind: { group: 'apps.kruise.io', version: 'v1beta1', kind: 'CloneSet' },
        type: ObjectEventType.OBJECT_EVENT_TYPE_MODIFIED,
        namespace: ns,
        name: 'sample',
        uid: before.metadata.uid,
        resourceVersion,
        generation: before.metadata.generation + 1,
        labels: before.metadata.labels ?? {},
        object: new TextEncoder().encode(JSON.stringify(object)),
        publisherId: 'skew-test/future',
      }),
      { headers: h, msgID: `${before.metadata.uid}:${resourceVersion}:MODIFIED` },
    );
  } finally {
    await bus.close();
  }

  const refusal = new RegExp(
    `refused bus message for CloneSet ${ns}/sample: contract version ${ahead} is outside`,
  );
  const owner = await eventually(
    'the refusal logged by the replica owning the partition',
    async () => controllers.find((r) => refusal.test(r.process.output())),
    { timeoutMs: 30_000, intervalMs: 300 },
  );
  const metrics = await (await fetch(`${owner.url}/metrics`)).text();
  assert.match(
    metrics,
    new RegExp(
      `kruise_ts_bus_contract_refused_total\\{[^}]*subject_kind="CloneSet"[^}]*version="${ahead}"[^}]*\\} 1`,
    ),
  );

  // Nothing is written for it: no pod created, the CloneSet (status included) untouched, for a while.
  const deadline = Date.now() + 8_000;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1000));
    const names = pods(sys(), ns, `${ns}-sample`)
      .map((p) => p.name)
      .sort();
    assert.deepEqual(names, podsBefore, 'no pod created or deleted for the refused message');
    assert.equal(cloneSet(sys(), ns, 'sample').metadata.resourceVersion, before.metadata.resourceVersion);
  }

  // A readable change replaces the refused message, and the controller acts again.
  sys().kubectl(['scale', 'clonesets.v1beta1.apps.kruise.io', 'sample', '-n', ns, '--replicas', '5']);
  await eventually(
    'reconciling again after a readable message',
    async () => pods(sys(), ns, `${ns}-sample`).filter((p) => p.phase === 'Running').length === 5,
    { timeoutMs: 60_000, intervalMs: 500 },
  );
});
