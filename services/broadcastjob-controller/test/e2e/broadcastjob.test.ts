// BroadcastJob on the real cluster (docs/behaviour/broadcastjob.md#controller): one pod per fitting node pinned by node affinity,
// parallelism, nodeSelector narrowing what is desired, paused, completion with Kruise's status and condition,
// completionPolicy Never, activeDeadlineSeconds and ttlSecondsAfterFinished. The devcluster's two kwok nodes run
// the pods and complete them a second after they start.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually } from '@kruise-ts/devcluster';
import type { V1Pod } from '@kubernetes/client-node';
import { type BroadcastJob, Harness } from './support/harness.ts';

const h = new Harness();
before(() => h.start());
after(() => h.stop());

const NODES = ['kwok-node-0', 'kwok-node-1'];

const condition = (job: BroadcastJob, type: string) => job.status?.conditions?.find((c) => c.type === type);
const pinnedNode = (pod: V1Pod) =>
  pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms?.[0]
    ?.matchFields?.[0]?.values?.[0];
const isActive = (pod: V1Pod) =>
  pod.metadata?.deletionTimestamp === undefined &&
  pod.status?.phase !== 'Succeeded' &&
  pod.status?.phase !== 'Failed';

describe('BroadcastJob', () => {
  it('runs one pod on every node, pinned by node affinity, and completes with Kruise status', async () => {
    const ns = await h.namespace('all');
    const created = await h.createJob(ns, 'hello');
    const job = await h.waitForJob(ns, 'hello', 'completed', (j) => j.status?.phase === 'completed');
    assert.equal(job.status?.desired, 2);
    assert.equal(job.status?.succeeded, 2);
    assert.equal(job.status?.active, 0);
    assert.equal(job.status?.failed, 0);
    assert.ok(job.status?.startTime, 'startTime set');
    assert.ok(job.status?.completionTime, 'completionTime set');
    const complete = condition(job, 'Complete');
    assert.equal(complete?.status, 'True');
    assert.equal(complete?.reason, 'Complete');
    assert.equal(complete?.message, 'Job completed, 2 pods succeeded, 0 pods failed');

    const pods = await h.pods(ns);
    assert.equal(pods.length, 2);
    assert.deepEqual(
      pods.map(pinnedNode).sort(),
      NODES,
      'one pod per node, pinned by matchFields metadata.name',
    );
    assert.deepEqual(pods.map((p) => p.spec?.nodeName).sort(), NODES, 'the scheduler bound each to its node');
    for (const pod of pods) {
      assert.match(pod.metadata?.name ?? '', /^hello-[a-z0-9]{5}$/);
      assert.equal(pod.metadata?.labels?.['broadcastjob-name'], 'hello');
      assert.equal(pod.metadata?.labels?.['broadcastjob-controller-uid'], created.metadata?.uid);
      const owner = pod.metadata?.ownerReferences?.[0];
      assert.deepEqual(
        [owner?.apiVersion, owner?.kind, owner?.name, owner?.uid, owner?.controller],
        ['apps.kruise.io/v1beta1', 'BroadcastJob', 'hello', created.metadata?.uid, true],
      );
      assert.equal(pod.status?.phase, 'Succeeded');
    }
    const events = await eventually('SuccessfulCreate and JobComplete events on the job', async () => {
      const list = (await h.core.listNamespacedEvent({ namespace: ns })).items.filter(
        (e) => e.involvedObject.kind === 'BroadcastJob' && e.involvedObject.name === 'hello',
      );
      const reasons = list.map((e) => e.reason);
      return reasons.filter((r) => r === 'SuccessfulCreate').length === 2 && reasons.includes('JobComplete')
        ? list
        : undefined;
    });
    assert.ok(events.every((e) => e.source?.component === 'broadcastjob-controller'));
  });

  it('parallelism 1 runs the nodes one after the other', async () => {
    const ns = await h.namespace('serial');
    let mostActive = 0;
    let watching = true;
    const sampler = (async () => {
      while (watching) {
        mostActive = Math.max(mostActive, (await h.pods(ns)).filter(isActive).length);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await h.createJob(ns, 'serial', { parallelism: 1 });
    const job = await h.waitForJob(ns, 'serial', 'completed', (j) => j.status?.phase === 'completed');
    watching = false;
    await sampler;
    assert.equal(job.status?.succeeded, 2);
    assert.equal(mostActive, 1, 'never two pods at once');
  });

  it('a nodeSelector makes only the matching node desired', async () => {
    const ns = await h.namespace('one');
    await h.createJob(ns, 'one', {
      template: {
        spec: {
          restartPolicy: 'Never',
          nodeSelector: { 'kubernetes.io/hostname': 'kwok-node-1' },
          containers: [{ name: 'job', image: 'busybox:1.36' }],
        },
      },
    });
    const job = await h.waitForJob(ns, 'one', 'completed', (j) => j.status?.phase === 'completed');
    assert.equal(job.status?.desired, 1);
    assert.deepEqual(
      (await h.pods(ns)).map((p) => p.spec?.nodeName),
      ['kwok-node-1'],
    );
  });

  it('paused creates no pods until resumed', async () => {
    const ns = await h.namespace('paused');
    await h.createJob(ns, 'held', { paused: true });
    const paused = await h.waitForJob(ns, 'held', 'paused', (j) => j.status?.phase === 'paused');
    assert.equal(paused.status?.desired, 2);
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal((await h.pods(ns)).length, 0, 'no pod while paused');
    await h.patchJob(ns, 'held', { spec: { paused: false } });
    const done = await h.waitForJob(ns, 'held', 'completed', (j) => j.status?.phase === 'completed');
    assert.equal(done.status?.succeeded, 2);
  });

  it('completionPolicy Never keeps running after every pod succeeded', async () => {
    const ns = await h.namespace('never');
    await h.createJob(ns, 'daemon', { completionPolicy: { type: 'Never' } });
    const job = await h.waitForJob(ns, 'daemon', '2 succeeded', (j) => j.status?.succeeded === 2);
    await new Promise((r) => setTimeout(r, 1500));
    const later = (await h.getJob(ns, 'daemon')) as BroadcastJob;
    assert.equal(later.status?.phase, 'running');
    assert.equal(condition(later, 'Complete'), undefined);
    assert.equal(job.status?.desired, 2);
  });

  it('activeDeadlineSeconds fails a job that cannot finish', async () => {
    const ns = await h.namespace('deadline');
    await h.createJob(ns, 'stuck', {
      completionPolicy: { type: 'Always', activeDeadlineSeconds: 2 },
      template: {
        spec: {
          restartPolicy: 'Never',
          // No node has it: nothing is desired, so the job can never complete by itself.
          nodeSelector: { 'kruise-ts.e2e/none': 'true' },
          containers: [{ name: 'job', image: 'busybox:1.36' }],
        },
      },
    });
    const job = await h.waitForJob(ns, 'stuck', 'failed', (j) => j.status?.phase === 'failed', 30_000);
    const failed = condition(job, 'Failed');
    assert.equal(failed?.status, 'True');
    assert.equal(failed?.message, `Job ${ns}/stuck was active longer than specified deadline`);
    assert.equal(job.status?.desired, 0);
    assert.ok(job.status?.completionTime);
  });

  it('ttlSecondsAfterFinished deletes the finished job', async () => {
    const ns = await h.namespace('ttl');
    await h.createJob(ns, 'brief', { completionPolicy: { type: 'Always', ttlSecondsAfterFinished: 1 } });
    await h.waitForJob(ns, 'brief', 'completed', (j) => j.status?.phase === 'completed');
    await eventually(
      'the job deleted after its TTL',
      async () => (await h.getJob(ns, 'brief')) === undefined,
      {
        timeoutMs: 30_000,
      },
    );
  });
  // The devcluster's kwok fails job pods carrying this annotation a second after they start.
  const failingTemplate = {
    metadata: { annotations: { 'kruise-ts.dev/job-outcome': 'failed' } },
    spec: { restartPolicy: 'Never', containers: [{ name: 'job', image: 'busybox:1.36' }] },
  };

  it('failurePolicy FailFast: a failed pod fails the job and no pod is created on the other node', async () => {
    const ns = await h.namespace('failfast');
    // One at a time, so the second node is still waiting when the first pod fails.
    await h.createJob(ns, 'fragile', {
      parallelism: 1,
      failurePolicy: { type: 'FailFast' },
      template: failingTemplate,
    });
    const job = await h.waitForJob(ns, 'fragile', 'failed', (j) => j.status?.phase === 'failed');
    assert.equal(
      condition(job, 'Failed')?.message,
      'failure policy is FailurePolicyTypeFailFast and failed pod is found',
    );
    assert.equal(job.status?.failed, 1);
    assert.equal(job.status?.active, 0);
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal((await h.pods(ns)).length, 1, 'nothing created after the failure');
  });

  it('failurePolicy Continue: failed pods are counted and the job still completes', async () => {
    const ns = await h.namespace('continue');
    await h.createJob(ns, 'tolerant', { failurePolicy: { type: 'Continue' }, template: failingTemplate });
    const job = await h.waitForJob(ns, 'tolerant', 'completed', (j) => j.status?.phase === 'completed');
    assert.equal(job.status?.failed, 2);
    assert.equal(job.status?.succeeded, 0);
    assert.equal(condition(job, 'Complete')?.message, 'Job completed, 0 pods succeeded, 2 pods failed');
  });

  it('failurePolicy Pause: a failed pod pauses the job, which creates nothing more', async () => {
    const ns = await h.namespace('pause');
    await h.createJob(ns, 'careful', {
      parallelism: 1,
      failurePolicy: { type: 'Pause' },
      template: failingTemplate,
    });
    const job = await h.waitForJob(
      ns,
      'careful',
      'paused with a failed pod',
      (j) => j.status?.phase === 'paused' && j.status.failed === 1,
    );
    assert.equal(condition(job, 'Failed'), undefined, 'paused, not failed');
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal((await h.pods(ns)).length, 1, 'the second node waits');
  });
});
