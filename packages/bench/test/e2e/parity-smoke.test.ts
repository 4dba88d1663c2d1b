// The parity check's kruise-ts side, so CI exercises it (fresh cluster, the whole system as `npm start` starts it,
// every scenario converging, the snapshots) without building Kruise. What it is compared with — the real
// manager's snapshots — comes from `npm run bench -- parity`.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { runParity } from '../../src/parity.ts';
import { parityScenarios } from '../../src/parity-scenarios.ts';

it('takes a snapshot after every parity step on kruise-ts, each step converged', {
  timeout: 420_000,
}, async () => {
  // All but the AdvancedCronJob's: its first run waits for the next minute (up to 60 s) on top of the ~90 s the
  // others take together; the controller's own e2e tests (services/advancedcronjob-controller) run it in CI.
  // parity-cloneset-preupdate is left out too: the slowest of the later four (~11 s), it took the file past 100 s.
  // parity-broadcastjob-policies (~18 s, its active deadline is 5 s) and parity-sidecarset-hotupgrade (~12 s) are
  // in: the file takes ~115 s with them.
  const skipped = new Set(['parity-advancedcronjob', 'parity-cloneset-preupdate']);
  const scenarios = parityScenarios().filter((s) => !skipped.has(s.namespace));
  const run = await runParity('kruise-ts', {
    scenarios,
    stepTimeoutMs: 120_000,
    log: (line) => console.log(line),
  });
  assert.deepEqual(run.failures, []);
  assert.equal(
    run.snapshots.size,
    scenarios.reduce((n, s) => n + s.steps.length, 0),
  );
  const rolled = run.snapshots.get('parity-cloneset · rolled in place');
  assert.ok(rolled !== undefined);
  // Three pods under one normalized name, two revisions, one PVC per pod.
  assert.equal(rolled.pods?.['web-<id>']?.length, 3);
  assert.equal(Object.keys(rolled.revisions ?? {}).length, 2);
  assert.equal(rolled.pvcs?.['data-web-<id>']?.length, 3);
  // With KRUISE_TS_KRUISE_POD_READY_GATE on (the parity check's setting), every pod a Kruise kind controls has
  // the KruisePodReady gate from the webhook and the condition True from its controller, as Kruise's do; only a
  // pod a markPodNotReady hook holds in PreparingDelete or PreparingUpdate has it False.
  for (const [name, snapshot] of run.snapshots) {
    for (const pods of Object.values(snapshot.pods ?? {})) {
      for (const pod of pods as {
        metadata?: { labels?: Record<string, string> };
        spec?: { readinessGates?: { conditionType: string }[] };
        status?: unknown;
      }[]) {
        const state = pod.metadata?.labels?.['lifecycle.apps.kruise.io/state'];
        const held = state === 'PreparingDelete' || state === 'PreparingUpdate';
        assert.ok(
          pod.spec?.readinessGates?.some((g) => g.conditionType === 'KruisePodReady'),
          `${name}: a pod without the KruisePodReady gate`,
        );
        const conditions = (pod.status as { conditions?: { type: string; status: string }[] } | undefined)
          ?.conditions;
        assert.equal(
          conditions?.find((c) => c.type === 'KruisePodReady')?.status,
          held ? 'False' : 'True',
          name,
        );
      }
    }
  }
});
