// Kruise feature gates as controller flags (docs/behaviour/cloneset.md#feature-gates), with a controller started with
// KRUISE_TS_FEATURE_GATES: CloneSetShortHash (the pod label holds only the hash) and CloneSetPartitionRollback
// (raising the partition rolls updated pods back to the current revision).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  cloneSetObject,
  createCloneSet,
  imageOf,
  isActive,
  listPods,
  patchCloneSet,
  REVISION_HASH,
  setImage,
  TEMPLATE_HASH,
  waitForStatus,
} from './support/cloneset.ts';
import { Harness } from './support/harness.ts';

const h = new Harness();

before(async () => {
  await h.start({ controller: false });
  await h.startController('gated', {
    KRUISE_TS_FEATURE_GATES: 'CloneSetShortHash=true,CloneSetPartitionRollback=true',
  }).url;
});
after(async () => {
  await h.stop();
});

describe('feature gates (docs/behaviour/cloneset.md#feature-gates)', () => {
  it('CloneSetShortHash: controller-revision-hash holds only the hash; status keeps the revision name', async () => {
    const ns = await h.namespace('short');
    await createCloneSet(h, cloneSetObject(ns, 'sh', { replicas: 2 }));
    const cs = await waitForStatus(h, ns, 'sh', {
      replicas: 2,
      readyReplicas: 2,
      updatedReplicas: 2,
      converged: true,
    });
    const revision = cs.status?.updateRevision ?? '';
    const hash = revision.slice('sh-'.length);
    for (const pod of (await listPods(h, ns, 'sh')).filter(isActive)) {
      assert.equal(pod.metadata?.labels?.[REVISION_HASH], hash);
      assert.equal(pod.metadata?.labels?.[TEMPLATE_HASH], hash);
    }
  });

  it('CloneSetPartitionRollback: raising the partition moves updated pods back to the current revision', async () => {
    const ns = await h.namespace('rollback');
    await createCloneSet(
      h,
      cloneSetObject(ns, 'pr', {
        replicas: 4,
        rollingUpdate: { partition: 2, podUpdatePolicy: 'InPlaceIfPossible' },
      }),
    );
    const v1 = await waitForStatus(h, ns, 'pr', { replicas: 4, readyReplicas: 4, converged: true });
    await setImage(h, ns, 'pr', 'nginx:1.23-alpine');
    await waitForStatus(h, ns, 'pr', { replicas: 4, updatedReplicas: 2, updatedReadyReplicas: 2 });
    await patchCloneSet(h, ns, 'pr', { spec: { updateStrategy: { rollingUpdate: { partition: 3 } } } });
    const back = await waitForStatus(h, ns, 'pr', {
      replicas: 4,
      updatedReplicas: 1,
      updatedReadyReplicas: 1,
      readyReplicas: 4,
      expectedUpdatedReplicas: 1,
    });
    assert.equal(back.status?.currentRevision, v1.status?.currentRevision);
    const images = (await listPods(h, ns, 'pr')).filter(isActive).map(imageOf).sort();
    assert.deepEqual(images, [
      'nginx:1.22-alpine',
      'nginx:1.22-alpine',
      'nginx:1.22-alpine',
      'nginx:1.23-alpine',
    ]);
  });
});
