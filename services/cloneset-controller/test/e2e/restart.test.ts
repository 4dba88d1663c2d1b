// Crash safety: the controller is killed with SIGKILL half-way through a 100-pod ReCreate rollout and a new
// process (another member id, empty memory) takes over once the dead one's partition leases expire. Watching
// every pod state from the apiserver throughout: never more than 100 pods (no duplicate created while the new
// process's cache or expectations lag), never fewer than 90 available (maxUnavailable 10), every instance id
// belongs to exactly one pod ever, and the rollout ends with exactly 100 updated, ready pods.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { eventually } from '@kruise-ts/devcluster';
import {
  cloneSetObject,
  createCloneSet,
  getCloneSet,
  INSTANCE_ID,
  imageOf,
  isActive,
  isReady,
  listPods,
  setImage,
  waitForStatus,
} from './support/cloneset.ts';
import { Harness, LEASE_TTL_MS } from './support/harness.ts';
import { describeStrays, waitForRolloutTrace } from './support/jaeger.ts';
import { watchPodTimeline } from './support/pod-timeline.ts';

const h = new Harness();
let crash: { ns: string; killedAtUs: number } | undefined;
const REPLICAS = 100;
const MAX_UNAVAILABLE = 10;
const V2 = 'nginx:1.23-alpine';

before(async () => {
  await h.start();
});
after(async () => {
  await h.stop();
});

it('SIGKILL half-way through a 100-pod rollout: the restarted controller finishes it with no duplicate, lost or reused pod', async () => {
  const ns = await h.namespace('restart');
  const createdAt = Date.now();
  await createCloneSet(
    h,
    cloneSetObject(ns, 'big', { replicas: REPLICAS, rollingUpdate: { maxUnavailable: MAX_UNAVAILABLE } }),
  );
  await waitForStatus(
    h,
    ns,
    'big',
    { replicas: REPLICAS, readyReplicas: REPLICAS, availableReplicas: REPLICAS, converged: true },
    240_000,
  );
  const scaledUpMs = Date.now() - createdAt;
  const timeline = await watchPodTimeline(h, ns, 'big', 0, REPLICAS);
  const startedAt = Date.now();
  await setImage(h, ns, 'big', V2);

  // Half-way: kill -9 once about half the pods run the new image.
  const killedAtUpdated = await eventually(
    'half the pods updated',
    async () => {
      const updated = timeline.current().filter((p) => isActive(p) && imageOf(p) === V2).length;
      return updated >= REPLICAS / 2 ? updated : undefined;
    },
    { timeoutMs: 240_000, intervalMs: 20 },
  );
  const old = h.controller;
  assert.ok(old, 'the first controller runs');
  old.child.kill('SIGKILL');
  const killedAt = Date.now();
  crash = { ns, killedAtUs: killedAt * 1000 };
  await old.exited;
  const replacement = h.startController('ctrl-1');
  await replacement.url;
  const restartedAt = Date.now();

  const done = await waitForStatus(
    h,
    ns,
    'big',
    {
      replicas: REPLICAS,
      readyReplicas: REPLICAS,
      availableReplicas: REPLICAS,
      updatedReplicas: REPLICAS,
      updatedReadyReplicas: REPLICAS,
      converged: true,
    },
    300_000,
  );
  const finishedAt = Date.now();
  // Settle: nothing else may happen afterwards.
  await new Promise((r) => setTimeout(r, 3000));
  const points = await timeline.stop();

  const pods = (await listPods(h, ns, 'big')).filter(isActive);
  assert.equal(pods.length, REPLICAS, 'exactly 100 pods');
  assert.ok(
    pods.every((p) => imageOf(p) === V2 && isReady(p)),
    'all updated and ready',
  );
  assert.equal(new Set(pods.map((p) => p.metadata?.labels?.[INSTANCE_ID])).size, REPLICAS);

  // The pause the crash caused: the longest stretch without any pod change while the rollout ran.
  const events = points.filter((p) => p.cause === 'event' && p.at >= startedAt && p.at <= finishedAt);
  let stallMs = 0;
  for (let i = 1; i < events.length; i++) stallMs = Math.max(stallMs, events[i]!.at - events[i - 1]!.at);
  const mostPods = Math.max(...points.map((p) => p.active));
  const fewestAvailable = Math.min(...points.map((p) => p.available));
  assert.ok(mostPods <= REPLICAS, `never more than ${REPLICAS} pods (saw ${mostPods})`);
  assert.ok(
    fewestAvailable >= REPLICAS - MAX_UNAVAILABLE,
    `never fewer than ${REPLICAS - MAX_UNAVAILABLE} available (saw ${fewestAvailable})`,
  );
  const byInstance = new Map<string, string[]>();
  for (const [uid, pod] of timeline.seen) {
    // Named so that a failure says which pods, when (relative to the kill) and at which image.
    const described = `${pod.name} uid ${uid.slice(0, 8)} ${pod.image} seen ${pod.firstSeenAt - killedAt} ms after the kill`;
    byInstance.set(pod.instanceId, [...(byInstance.get(pod.instanceId) ?? []), described]);
  }
  const reused = [...byInstance]
    .filter(([, pods]) => pods.length > 1)
    .map(([id, pods]) => `${id === '' ? '(no instance id)' : id}: ${pods.join('; ')}`);
  assert.deepEqual(reused, [], 'no instance id was used by two pods');
  assert.equal(timeline.seen.size, 2 * REPLICAS, 'every old pod replaced exactly once: 200 pods ever');
  assert.equal(done.status?.observedGeneration, 2);

  const revisions = await h.apps.listNamespacedControllerRevision({ namespace: ns });
  assert.equal(revisions.items.length, 2);
  const cs = await getCloneSet(h, ns, 'big');
  assert.equal(cs.status?.currentRevision, cs.status?.updateRevision);
  console.log(
    `100-pod ReCreate rollout (maxUnavailable ${MAX_UNAVAILABLE}): scale-up 0→100 took ${scaledUpMs} ms; ` +
      `killed (SIGKILL) at ${killedAtUpdated}/100 updated, ${killedAt - startedAt} ms in; ` +
      `replacement ready ${restartedAt - killedAt} ms after the kill (lease TTL ${LEASE_TTL_MS} ms); ` +
      `rollout done ${finishedAt - startedAt} ms after the spec change (longest pause without pod changes ${stallMs} ms); ` +
      `${points.length} pod states checked, at most ${mostPods} pods, at least ${fewestAvailable} available, ` +
      `${timeline.seen.size} pods ever`,
  );
});

it('the rollout stays one trace across the crash: the replacement continues it from the bus', async () => {
  assert.ok(crash, 'the crash test ran');
  const check = await waitForRolloutTrace(h.cluster.jaegerQueryUrl, crash.ns, 'big', 2);
  const { rollout, strays, completedAtUs } = check;
  // SIGKILL loses the killed process's unexported spans, so spans whose parents died with it show as extra roots
  // (and the apiserver exports in batches, so its spans may still lack their parents); every controller span the
  // replacement starts hangs from the watcher's publish of the spec change.
  const [first, ...orphans] = [...rollout.roots].sort((a, b) => a.startUs - b.startUs);
  assert.equal(`${first?.service}/${first?.operation}`, 'watcher/watcher publish CloneSet');
  const lateOrphans = orphans.filter(
    (r) => r.service === 'cloneset-controller' && r.startUs > crash!.killedAtUs,
  );
  assert.deepEqual(
    lateOrphans.map((r) => `${r.service}/${r.operation}`),
    [],
    'after the kill no controller span starts outside the rollout trace',
  );
  const before = rollout.syncSpans.filter((s) => s.startUs < crash!.killedAtUs).length;
  const afterKill = rollout.syncSpans.filter((s) => s.startUs > crash!.killedAtUs).length;
  assert.ok(before > 0, 'the killed controller reconciled in the rollout trace');
  assert.ok(afterKill > 0, 'the replacement reconciled in the same trace');
  assert.equal(
    strays.length,
    0,
    `no generation-2 sync before completion outside it: ${describeStrays(check)}`,
  );
  console.log(
    `rollout trace ${rollout.traceId} across the crash: ${before} syncs before the kill, ${afterKill} after, ` +
      `${orphans.length} spans orphaned by the kill, ` +
      `completed ${Math.round((completedAtUs - crash.killedAtUs) / 1000)} ms after the kill`,
  );
});
