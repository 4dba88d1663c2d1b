import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ADVANCED_STATEFULSET, CLONESET } from '../../src/resource-ref.ts';
import { rolloutStatus } from '../../src/rollout/status-message.ts';
import type { Workload, WorkloadSpec, WorkloadStatus } from '../../src/workload.ts';

function cs(spec: WorkloadSpec, status: WorkloadStatus | undefined, generation = 2): Workload {
  return { metadata: { name: 'sample', generation }, spec, ...(status === undefined ? {} : { status }) };
}

const settled: WorkloadStatus = {
  observedGeneration: 2,
  replicas: 3,
  readyReplicas: 3,
  availableReplicas: 3,
  updatedReplicas: 3,
  updatedReadyReplicas: 3,
  updatedAvailableReplicas: 3,
  updateRevision: 'sample-7f8d9',
};

it('CloneSet: says what the rollout waits for, and done only when the updated pods are ready', () => {
  const cases: { name: string; w: Workload; message: string; done: boolean }[] = [
    {
      name: 'no status yet',
      w: cs({ replicas: 3 }, undefined),
      message: 'Waiting for CloneSet "sample" spec update to be observed...',
      done: false,
    },
    {
      name: 'generation not observed',
      w: cs({ replicas: 3 }, { ...settled, observedGeneration: 1 }),
      message: 'Waiting for CloneSet "sample" spec update to be observed...',
      done: false,
    },
    {
      name: 'old pods still ready: not done (kruise-tools would say done here)',
      w: cs({ replicas: 3 }, { ...settled, updatedReplicas: 1, updatedReadyReplicas: 0 }),
      message:
        'Waiting for CloneSet "sample" rollout to finish: 1 out of 3 new replicas have been updated...',
      done: false,
    },
    {
      name: 'paused',
      w: cs({ replicas: 3, updateStrategy: { paused: true } }, { ...settled, updatedReplicas: 0 }),
      message:
        'Waiting for CloneSet "sample" rollout to finish: 0 out of 3 new replicas have been updated... (rollout is paused)',
      done: false,
    },
    {
      name: 'surge pods pending termination',
      w: cs({ replicas: 3 }, { ...settled, replicas: 4 }),
      message: 'Waiting for CloneSet "sample" rollout to finish: 1 old replicas are pending termination...',
      done: false,
    },
    {
      name: 'updated but not ready',
      w: cs({ replicas: 3 }, { ...settled, updatedReadyReplicas: 2, readyReplicas: 2 }),
      message: 'Waiting for CloneSet "sample" rollout to finish: 2 of 3 updated replicas are ready...',
      done: false,
    },
    {
      name: 'minReadySeconds: updated pods ready, not yet available',
      w: cs(
        { replicas: 3, minReadySeconds: 5 },
        { ...settled, updatedAvailableReplicas: 2, availableReplicas: 2 },
      ),
      message: 'Waiting for CloneSet "sample" rollout to finish: 2 of 3 updated replicas are available...',
      done: false,
    },
    {
      name: 'partition: an old pod ready but not available',
      w: cs(
        { replicas: 3, updateStrategy: { partition: 1 } },
        {
          ...settled,
          updatedReplicas: 2,
          updatedReadyReplicas: 2,
          updatedAvailableReplicas: 2,
          availableReplicas: 2,
        },
      ),
      message: 'Waiting for 1 pods to be available...',
      done: false,
    },
    {
      name: 'an old pod not ready',
      w: cs({ replicas: 3 }, { ...settled, readyReplicas: 2 }),
      message: 'Waiting for 1 pods to be ready...',
      done: false,
    },
    {
      name: 'partition waiting',
      w: cs(
        { replicas: 5, updateStrategy: { partition: 2 } },
        { ...settled, replicas: 5, updatedReplicas: 1 },
      ),
      message: 'Waiting for partitioned roll out to finish: 1 out of 3 new pods have been updated...',
      done: false,
    },
    {
      name: 'partition as a percentage, reached',
      w: cs(
        { replicas: 4, updateStrategy: { partition: '50%' } },
        {
          ...settled,
          replicas: 4,
          readyReplicas: 4,
          availableReplicas: 4,
          updatedReplicas: 2,
          updatedReadyReplicas: 2,
        },
      ),
      message: 'partitioned roll out complete: 2 new pods have been updated...',
      done: true,
    },
    {
      name: 'complete',
      w: cs({ replicas: 3 }, settled),
      message: 'CloneSet "sample" rolling update complete 3 pods at revision sample-7f8d9...',
      done: true,
    },
  ];
  for (const c of cases)
    assert.deepEqual(rolloutStatus(CLONESET, c.w), { message: c.message, done: c.done }, c.name);
});

it('Advanced StatefulSet: partition and paused from rollingUpdate', () => {
  const w = cs(
    { replicas: 4, updateStrategy: { rollingUpdate: { partition: 1, paused: true } } },
    { ...settled, replicas: 4, readyReplicas: 4, updatedReplicas: 2 },
  );
  assert.deepEqual(rolloutStatus(ADVANCED_STATEFULSET, w), {
    message:
      'Waiting for partitioned roll out to finish: 2 out of 3 new pods have been updated... (rollout is paused)',
    done: false,
  });
  const done = cs({ replicas: 3 }, settled);
  assert.equal(
    rolloutStatus(ADVANCED_STATEFULSET, done).message,
    'Advanced StatefulSet "sample" rolling update complete 3 pods at revision sample-7f8d9...',
  );
});
