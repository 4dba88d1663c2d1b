// The options every workload writer (StatefulSet, BroadcastJob, AdvancedCronJob) is built from in a reconcile.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ResourceVersionExpectations, ScaleExpectations } from '@kruise-ts/core';
import type { KubeClient } from '../../src/kube/client.ts';
import { workloadWriterOptions } from '../../src/service/workload-controller.ts';

describe('workloadWriterOptions', () => {
  it("keys the expectations by the request's namespace/name and keeps its fence", () => {
    const kube = {} as KubeClient;
    const scale = new ScaleExpectations();
    const versions = new ResourceVersionExpectations();
    const fence = () => {};
    assert.deepEqual(
      workloadWriterOptions({ kube, scale, versions }, { namespace: 'ns', name: 'w', fence }),
      {
        kube,
        key: 'ns/w',
        namespace: 'ns',
        fence,
        scale,
        versions,
      },
    );
  });
});
