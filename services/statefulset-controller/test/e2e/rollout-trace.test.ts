// An Advanced StatefulSet rollout is one trace (docs/adr/0009-rollout-trace-continuity.md,
// docs/behaviour/advanced-statefulset.md#tracing): an image update on the real cluster, read back from the
// cluster's Jaeger, is one trace rooted at the watcher's publish of the spec change, holding the
// statefulset-controller's `sync statefulset` spans and the apiserver's, with what the rollout waited for as
// `rollout.wait` events and `rollout complete`; `kubectl kruise rollout why asts/NAME` prints its critical path.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { describeStrays, STATEFULSET_ROLLOUT_SPANS, waitForRolloutTrace } from '@kruise-ts/devcluster';
import { Harness } from './support/harness.ts';

const h = new Harness();
before(() => h.start());
after(() => h.stop());

const kubectlKruise = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  '..',
  'packages',
  'kubectl-kruise',
  'bin',
  'kubectl-kruise',
);

function rolloutWhy(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      kubectlKruise,
      ['rollout', 'why', ...args, '--kubeconfig', h.cluster.kubeconfigPath],
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }, timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err === null ? 0 : typeof err.code === 'number' ? err.code : 1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe('Advanced StatefulSet rollout trace', () => {
  let ns = '';
  let newRevision = '';

  it('rolls an image update out over the three pods', async () => {
    ns = await h.namespace('asts-trace');
    await h.createSet(ns, 'web', {
      updateStrategy: {
        type: 'RollingUpdate',
        rollingUpdate: { partition: 0, maxUnavailable: 1, podUpdatePolicy: 'ReCreate', minReadySeconds: 1 },
      },
    });
    await h.waitForSet(
      ns,
      'web',
      '3 available',
      (s) => s.status?.availableReplicas === 3 && s.status.observedGeneration === 1,
    );
    await h.patchSet(ns, 'web', {
      spec: { template: { spec: { containers: [{ name: 'main', image: 'nginx:1.23-alpine' }] } } },
    });
    const done = await h.waitForSet(
      ns,
      'web',
      'generation 2 rolled out',
      (s) =>
        s.metadata?.generation === 2 &&
        s.status?.observedGeneration === 2 &&
        s.status.updatedReplicas === 3 &&
        s.status.availableReplicas === 3 &&
        s.status.currentRevision === s.status.updateRevision,
      120_000,
    );
    newRevision = done.status?.updateRevision ?? '';
    assert.notEqual(newRevision, '');
  });

  it('is one trace rooted at the watcher publish, with statefulset-controller and apiserver spans and the waits', async () => {
    assert.ok(newRevision, 'the rollout ran');
    const check = await waitForRolloutTrace(
      h.cluster.jaegerQueryUrl,
      ns,
      'web',
      2,
      90_000,
      STATEFULSET_ROLLOUT_SPANS,
      ['watcher', 'statefulset-controller', 'apiserver'],
    );
    const { rollout, strays } = check;
    assert.equal(
      rollout.roots.length,
      1,
      `one root, got ${rollout.roots.map((r) => `${r.service}/${r.operation}`).join(', ')}`,
    );
    assert.equal(rollout.roots[0]?.service, 'watcher', 'rooted in the watcher publishing the spec change');
    for (const service of ['watcher', 'statefulset-controller', 'apiserver']) {
      assert.ok(rollout.services.has(service), `${service} spans in the trace`);
    }
    assert.equal(
      strays.length,
      0,
      `every generation-2 sync before completion is in the rollout trace: ${describeStrays(check)}`,
    );
    const waits = rollout.events.filter((e) => e.name === 'rollout.wait');
    const reasons = new Set(waits.map((e) => String(e.fields['kruise.rollout.wait'])));
    // kwok makes pods Ready as they start: what the rollout waits for is OrderedReady and minReadySeconds.
    for (const reason of ['WaitingForOrderedPredecessor', 'WaitingForMinReadySeconds']) {
      assert.ok(reasons.has(reason), `wait ${reason} recorded (saw ${[...reasons].join(', ')})`);
    }
    const anonymous = waits.filter(
      (e) =>
        e.fields['kruise.rollout.wait'] !== 'WaitingForExpectations' &&
        String(e.fields['kruise.rollout.wait.sample'] ?? e.fields['k8s.pod.name'] ?? '') === '',
    );
    assert.deepEqual(
      anonymous.map((e) => e.fields),
      [],
      'every pod wait names its pods',
    );
    assert.equal(rollout.events.filter((e) => e.name === 'rollout complete').length, 1, 'completes once');
    const attrs = rollout.syncSpans[0]?.tags ?? {};
    assert.equal(attrs['kruise.statefulset.namespace'], ns);
    assert.equal(attrs['kruise.statefulset.name'], 'web');
    assert.equal(String(attrs['kruise.statefulset.generation']), '2');
    assert.ok(
      rollout.syncSpans.some((s) => s.tags['kruise.statefulset.revision'] === newRevision),
      'the update revision is on the spans',
    );
    console.log(
      `asts rollout trace ${rollout.traceId}: ${rollout.spanCount} spans, ${rollout.syncSpans.length} sync spans, ` +
        `services ${[...rollout.services].join(', ')}, waits ${[...reasons].join(', ')}`,
    );
  });

  it('kubectl kruise rollout why asts/web prints the critical path of that trace', async () => {
    assert.ok(newRevision, 'the rollout ran');
    const r = await rolloutWhy(['asts/web', '-n', ns, '--jaeger-url', h.cluster.jaegerQueryUrl]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, new RegExp(`^Advanced StatefulSet ${ns}/web generation 2: rollout complete in `));
    assert.match(r.stdout, /Critical path \(what the rollout waited on, in order\):/);
    assert.match(r.stdout, /web-\d\s+WaitingFor/);
    console.log(r.stdout);
    const json = await rolloutWhy([
      'asts/web',
      '-n',
      ns,
      '--jaeger-url',
      h.cluster.jaegerQueryUrl,
      '-o',
      'json',
    ]);
    assert.equal(json.code, 0, json.stderr);
    const analysis = JSON.parse(json.stdout) as { kind: string; complete: boolean; criticalPath: unknown[] };
    assert.equal(analysis.kind, 'Advanced StatefulSet');
    assert.equal(analysis.complete, true);
    assert.ok(analysis.criticalPath.length > 0);
  });
});
