// The issue's walk-through on the real cluster: 5 replicas of nginx:1.22-alpine updated to nginx:1.23-alpine
// with partition 3, maxSurge 2, minReadySeconds 10 (ReCreate). Every pod state the apiserver shows is checked
// (watch + 250 ms ticks): never more than 5 + 2 pods, never fewer than 5 − 1 available (maxUnavailable is
// floor(20% of 5) once maxSurge is set, docs/behaviour/cloneset.md#int-or-percent). It ends with 2 updated / 3 old pods and Kruise's status
// counts (docs/behaviour/cloneset.md#rollout-example, #status). The same rollout is then found in Jaeger as one trace, from the watcher's publish of
// the spec change to the reconcile that saw the last updated pod available, with the waits as span events;
// and as RolloutProgress domain events on the bus.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  connectBus,
  decodeDomainEvent,
  eventFilterSubjects,
  RolloutPhase,
  type RolloutProgress,
  topology,
} from '@kruise-ts/bus';
import { eventually } from '@kruise-ts/devcluster';
import {
  cloneSetObject,
  createCloneSet,
  getCloneSet,
  imageOf,
  isActive,
  listPods,
  REVISION_HASH,
  setImage,
  waitForStatus,
} from './support/cloneset.ts';
import { Harness, LEASE_TTL_MS, PARTITIONS } from './support/harness.ts';
import { describeStrays, waitForRolloutTrace } from './support/jaeger.ts';
import { watchPodTimeline } from './support/pod-timeline.ts';
import { startSampler } from './support/sampler.ts';

const h = new Harness();
const V1 = 'nginx:1.22-alpine';
const V2 = 'nginx:1.23-alpine';
const progress: RolloutProgress[] = [];
let closeBus: (() => Promise<void>) | undefined;

before(async () => {
  await h.start();
  const bus = await connectBus({
    servers: h.cluster.natsUrl,
    topology: topology({ prefix: h.prefix, partitions: PARTITIONS, leaseTtlMs: LEASE_TTL_MS }),
    publisherId: 'walkthrough-test',
  });
  for (const subject of eventFilterSubjects(bus.topology, { types: ['RolloutProgress'] })) {
    bus.nc.subscribe(subject, {
      callback: (_err, msg) => {
        const decoded = decodeDomainEvent('RolloutProgress', msg.data);
        if (decoded.type === 'RolloutProgress') progress.push(decoded.event);
      },
    });
  }
  closeBus = () => bus.close();
});
after(async () => {
  await closeBus?.();
  await h.stop();
});

describe('walk-through: partition 3, maxSurge 2, minReadySeconds 10 (docs/behaviour/cloneset.md#rollout-example)', () => {
  let ns = '';
  let oldRevision = '';
  let newRevision = '';
  let updatedAt = 0;
  let finishedAt = 0;

  it('never more than 7 pods nor fewer than 4 available; ends 2 updated / 3 old with Kruise status counts', async () => {
    ns = await h.namespace('walk');
    await createCloneSet(
      h,
      cloneSetObject(ns, 'sample', {
        replicas: 5,
        image: V1,
        minReadySeconds: 10,
        rollingUpdate: { partition: 3, maxSurge: 2 },
      }),
    );
    const steady = await waitForStatus(
      h,
      ns,
      'sample',
      { replicas: 5, availableReplicas: 5, updatedAvailableReplicas: 5, converged: true },
      90_000,
    );
    oldRevision = steady.status?.currentRevision ?? '';
    const timeline = await watchPodTimeline(h, ns, 'sample', 10, 5);
    const sampler = startSampler(h, ns, 'sample', 10);
    updatedAt = Date.now();
    await setImage(h, ns, 'sample', V2);
    const done = await waitForStatus(
      h,
      ns,
      'sample',
      {
        replicas: 5,
        readyReplicas: 5,
        availableReplicas: 5,
        updatedReplicas: 2,
        updatedReadyReplicas: 2,
        updatedAvailableReplicas: 2,
        expectedUpdatedReplicas: 2,
      },
      120_000,
    );
    finishedAt = Date.now();
    // Nothing more happens: the partition holds the other three.
    await new Promise((r) => setTimeout(r, 3000));
    const points = await timeline.stop();
    const samples = await sampler.stop();
    newRevision = done.status?.updateRevision ?? '';

    const status = (await getCloneSet(h, ns, 'sample')).status;
    assert.deepEqual(
      {
        replicas: status?.replicas,
        readyReplicas: status?.readyReplicas,
        availableReplicas: status?.availableReplicas,
        updatedReplicas: status?.updatedReplicas,
        updatedReadyReplicas: status?.updatedReadyReplicas,
        updatedAvailableReplicas: status?.updatedAvailableReplicas,
        expectedUpdatedReplicas: status?.expectedUpdatedReplicas,
        observedGeneration: status?.observedGeneration,
        collisionCount: status?.collisionCount,
        labelSelector: status?.labelSelector,
        currentRevision: status?.currentRevision,
      },
      {
        replicas: 5,
        readyReplicas: 5,
        availableReplicas: 5,
        updatedReplicas: 2,
        updatedReadyReplicas: 2,
        updatedAvailableReplicas: 2,
        expectedUpdatedReplicas: 2,
        observedGeneration: 2,
        collisionCount: 0,
        labelSelector: 'app=sample',
        currentRevision: oldRevision,
      },
    );
    assert.notEqual(newRevision, oldRevision);
    const pods = (await listPods(h, ns, 'sample')).filter(isActive);
    assert.deepEqual(pods.map(imageOf).sort(), [V1, V1, V1, V2, V2]);
    assert.equal(pods.filter((p) => p.metadata?.labels?.[REVISION_HASH] === oldRevision).length, 3);
    assert.equal(pods.filter((p) => p.metadata?.labels?.[REVISION_HASH] === newRevision).length, 2);

    const during = points.filter((p) => p.at >= updatedAt);
    const mostPods = Math.max(...during.map((p) => p.active));
    const fewestAvailable = Math.min(...during.map((p) => p.available));
    for (const p of during) {
      assert.ok(p.active <= 7, `${p.active} pods at ${p.at - updatedAt} ms (${p.cause})`);
      assert.ok(p.available >= 4, `${p.available} available at ${p.at - updatedAt} ms (${p.cause})`);
    }
    for (const s of samples) {
      assert.ok(
        s.active <= 7 && s.available >= 4,
        `sample at ${s.at - updatedAt} ms: ${s.active}/${s.available}`,
      );
    }
    assert.ok(mostPods > 5, 'the rollout surged');
    console.log(
      `walk-through: ${finishedAt - updatedAt} ms from spec change to 2 updated pods available; ` +
        `${points.length} timeline states (${during.filter((p) => p.cause === 'event').length} watch events), ` +
        `${samples.length} samples; at most ${mostPods} pods, at least ${fewestAvailable} available`,
    );
  });

  it('is one trace in Jaeger from the spec change to the last updated pod available, with the waits on it', async () => {
    assert.ok(newRevision, 'the walk-through ran');
    const check = await waitForRolloutTrace(h.cluster.jaegerQueryUrl, ns, 'sample', 2);
    const { rollout, strays } = check;
    assert.equal(
      rollout.roots.length,
      1,
      `one root, got ${rollout.roots.map((r) => r.operation).join(', ')}`,
    );
    assert.equal(rollout.roots[0]?.service, 'watcher', 'rooted in the watcher publishing the spec change');
    for (const service of ['watcher', 'cloneset-controller', 'apiserver']) {
      assert.ok(rollout.services.has(service), `${service} spans in the trace`);
    }
    assert.equal(
      strays.length,
      0,
      `every generation-2 sync before completion is in the rollout trace: ${describeStrays(check)}`,
    );
    const waits = new Set(
      rollout.events
        .filter((e) => e.name === 'rollout.wait')
        .map((e) => String(e.fields['kruise.rollout.wait'])),
    );
    for (const reason of ['WaitingForMinReadySeconds', 'WaitingForReadiness']) {
      assert.ok(waits.has(reason), `wait ${reason} recorded (saw ${[...waits].join(', ')})`);
    }
    const attrs = rollout.syncSpans[0]?.tags ?? {};
    assert.equal(attrs['kruise.cloneset.namespace'], ns);
    assert.equal(attrs['kruise.cloneset.name'], 'sample');
    assert.equal(String(attrs['kruise.cloneset.generation']), '2');
    assert.ok(
      rollout.syncSpans.some((s) => s.tags['kruise.cloneset.revision'] === newRevision),
      'the update revision is on the spans',
    );
    console.log(
      `rollout trace ${rollout.traceId}: ${rollout.spanCount} spans, ${rollout.syncSpans.length} sync spans, ` +
        `services ${[...rollout.services].join(', ')}, waits ${[...waits].join(', ')}`,
    );
  });

  it('publishes RolloutProgress on every status change, ending COMPLETE at the partition', async () => {
    assert.ok(newRevision, 'the walk-through ran');
    const mine = await eventually(
      'RolloutProgress of generation 2 reaching COMPLETE',
      async () => {
        const list = progress.filter((e) => e.workload?.name === 'sample' && e.workload.namespace === ns);
        return list.some((e) => e.generation === 2 && e.phase === RolloutPhase.ROLLOUT_PHASE_COMPLETE)
          ? list
          : undefined;
      },
      { timeoutMs: 30_000 },
    );
    const gen2 = mine.filter((e) => e.generation === 2);
    const last = gen2.at(-1);
    assert.equal(last?.phase, RolloutPhase.ROLLOUT_PHASE_COMPLETE);
    assert.equal(last?.reason, 'PartitionReached');
    assert.equal(last?.updateRevision, newRevision);
    assert.equal(last?.currentRevision, oldRevision);
    assert.equal(last?.updatePartition, 3);
    assert.equal(last?.updatedReplicas, 2);
    assert.ok(
      gen2.some((e) => e.phase === RolloutPhase.ROLLOUT_PHASE_WAITING),
      'waiting phases reported on the way',
    );
    const ids = new Set(mine.map((e) => e.meta?.eventId));
    assert.equal(ids.size, mine.length, 'one event per status write');
    console.log(
      `RolloutProgress (gen 2): ${gen2.map((e) => `${RolloutPhase[e.phase]?.replace('ROLLOUT_PHASE_', '')}/${e.reason}`).join(' → ')}`,
    );
  });
});
