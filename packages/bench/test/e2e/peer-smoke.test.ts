// The peer benchmark's kruise-ts path at a tiny size, so CI exercises the code (fresh cluster, the whole system
// started as `npm start` starts it, the workload, the pod watcher, the figures) without building Kruise.
// Figures are printed, never asserted; only that every phase ran and the invariants held.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { runContender } from '../../src/peer.ts';
import { renderDetails, renderPeerTable } from '../../src/report.ts';

it('runs the peer workload on kruise-ts at 10 pods with the invariants held', {
  timeout: 180_000,
}, async () => {
  const run = await runContender('kruise-ts', {
    replicas: 10,
    kind: 'cloneset',
    qps: 50,
    burst: 100,
    phaseTimeoutMs: 60_000,
    idleMs: 1000,
    log: (line) => console.log(line),
  });
  console.log(renderPeerTable(run, undefined));
  console.log(renderDetails(run));
  assert.deepEqual(run.violations, []);
  assert.deepEqual(
    run.phases.map((p) => p.phase),
    ['scale-up', 'ReCreate roll', 'in-place roll', 'scale-down'],
  );
  assert.ok(run.phases.every((p) => Object.keys(p.cpu).includes('cloneset-controller')));
  assert.ok(
    run.phases.every((p) => (p.reconciles ?? 0) > 0),
    'the controller reconciled the workload in every phase',
  );
  assert.ok(Object.keys(run.peakRssMiB).includes('nats-server'));
});
