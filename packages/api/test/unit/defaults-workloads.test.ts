// Defaulting of Advanced StatefulSet (docs/behaviour/advanced-statefulset.md#defaults), SidecarSet (docs/behaviour/sidecarset.md#defaults), BroadcastJob (docs/behaviour/broadcastjob.md#defaults) and
// AdvancedCronJob (docs/behaviour/advancedcronjob.md#defaults).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  defaultAdvancedCronJobV1alpha1,
  defaultAdvancedCronJobV1beta1,
  defaultBroadcastJobV1beta1,
  defaultSidecarSetV1alpha1,
  defaultSidecarSetV1beta1,
  defaultStatefulSetV1alpha1,
  defaultStatefulSetV1beta1,
} from '../../src/index.ts';

const pod = () => ({ spec: { containers: [{ name: 'main', image: 'busybox' }] } });

describe('Advanced StatefulSet defaults (SetDefaultsStatefulSet)', () => {
  const base = { selector: { matchLabels: { app: 'a' } }, template: pod() };

  test('v1beta1: OrderedReady, RollingUpdate {partition 0, maxUnavailable 1, ReCreate, minReadySeconds 0}, Retain/Retain, replicas 1, history 10', () => {
    const out = defaultStatefulSetV1beta1({ kind: 'StatefulSet', spec: structuredClone(base) });
    assert.equal(out.spec.podManagementPolicy, 'OrderedReady');
    assert.deepEqual(out.spec.updateStrategy, {
      type: 'RollingUpdate',
      rollingUpdate: { partition: 0, maxUnavailable: 1, podUpdatePolicy: 'ReCreate', minReadySeconds: 0 },
    });
    assert.deepEqual(out.spec.persistentVolumeClaimRetentionPolicy, {
      whenDeleted: 'Retain',
      whenScaled: 'Retain',
    });
    assert.equal(
      out.spec.volumeClaimUpdateStrategy,
      undefined,
      'StatefulSetAutoResizePVCGate is off by default',
    );
    assert.equal(out.spec.replicas, 1);
    assert.equal(out.spec.revisionHistoryLimit, 10);
    assert.equal(out.spec.template.spec?.containers[0]?.imagePullPolicy, 'Always');
  });

  test('v1beta1 with gates: AutoDeletePVC off leaves the policy nil, AutoResizePVC on defaults OnDelete', () => {
    const out = defaultStatefulSetV1beta1(
      { kind: 'StatefulSet', spec: structuredClone(base) },
      { features: { statefulSetAutoDeletePVC: false, statefulSetAutoResizePVC: true } },
    );
    assert.equal(out.spec.persistentVolumeClaimRetentionPolicy, undefined);
    assert.deepEqual(out.spec.volumeClaimUpdateStrategy, { type: 'OnDelete' });
  });

  test('a partial retention policy gets its empty field filled', () => {
    const out = defaultStatefulSetV1beta1({
      kind: 'StatefulSet',
      spec: { ...structuredClone(base), persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Delete' } },
    });
    assert.deepEqual(out.spec.persistentVolumeClaimRetentionPolicy, {
      whenDeleted: 'Delete',
      whenScaled: 'Retain',
    });
  });

  test('OnDelete keeps rollingUpdate nil', () => {
    const out = defaultStatefulSetV1beta1({
      kind: 'StatefulSet',
      spec: { ...structuredClone(base), updateStrategy: { type: 'OnDelete' } },
    });
    assert.deepEqual(out.spec.updateStrategy, { type: 'OnDelete' });
  });

  test('v1alpha1 gets the shared defaults and none of the v1beta1-only ones', () => {
    const out = defaultStatefulSetV1alpha1({ kind: 'StatefulSet', spec: structuredClone(base) });
    assert.equal(out.spec.podManagementPolicy, 'OrderedReady');
    assert.equal('persistentVolumeClaimRetentionPolicy' in out.spec, false);
  });
});

describe('SidecarSet defaults (SetDefaultsSidecarSetV1beta1)', () => {
  test('strategy, inject policies, upgrade type, share volume policy, k8s container defaults, history, patch policy', () => {
    const out = defaultSidecarSetV1beta1({
      kind: 'SidecarSet',
      metadata: { name: 's' },
      spec: {
        selector: { matchLabels: { app: 'nginx' } },
        initContainers: [{ name: 'init', image: 'busybox:1.36' }],
        containers: [
          {
            name: 'sidecar1',
            image: 'centos',
            ports: [{ containerPort: 80 }],
            transferEnv: [
              { envName: 'X', sourceContainerNameFrom: { fieldRef: { fieldPath: "metadata.labels['c']" } } },
            ],
            startupProbe: { exec: { command: ['true'] } },
          },
        ],
        volumes: [{ name: 'v', secret: { secretName: 's' } }],
        patchPodMetadata: [{ annotations: { a: 'b' } }],
        injectionStrategy: { revision: { revisionName: 'r' } },
      },
    });
    assert.deepEqual(out.spec.updateStrategy, { type: 'RollingUpdate', maxUnavailable: 1, partition: 0 });
    assert.equal(out.spec.initContainers?.[0]?.podInjectPolicy, 'AfterAppContainer');
    assert.equal(out.spec.initContainers?.[0]?.imagePullPolicy, 'IfNotPresent');
    const c = out.spec.containers?.[0];
    assert.equal(c?.podInjectPolicy, 'BeforeAppContainer');
    assert.deepEqual(c?.upgradeStrategy, { upgradeType: 'ColdUpgrade' });
    assert.deepEqual(c?.shareVolumePolicy, { type: 'disabled' });
    assert.equal(c?.shareVolumeDevicePolicy, undefined);
    assert.equal(c?.imagePullPolicy, 'Always', 'k8s tag rule: no tag means latest');
    assert.equal(c?.terminationMessagePath, '/dev/termination-log');
    assert.equal(c?.ports?.[0]?.protocol, 'TCP');
    assert.equal(c?.transferEnv?.[0]?.sourceContainerNameFrom?.fieldRef?.apiVersion, 'v1');
    assert.deepEqual(
      c?.startupProbe,
      { exec: { command: ['true'] } },
      'Kruise skips startup probes of sidecars',
    );
    assert.equal(out.spec.volumes?.[0]?.secret?.defaultMode, 420);
    assert.equal(out.spec.revisionHistoryLimit, 10);
    assert.equal(out.spec.patchPodMetadata?.[0]?.patchPolicy, 'Retain');
    assert.equal(out.spec.injectionStrategy?.revision?.policy, 'Always');
  });

  test('v1alpha1 gets the same defaults', () => {
    const out = defaultSidecarSetV1alpha1({
      kind: 'SidecarSet',
      spec: { namespace: 'ns', containers: [{ name: 'c', image: 'x:1' }] },
    });
    assert.equal(out.spec.containers?.[0]?.imagePullPolicy, 'IfNotPresent');
    assert.equal(out.spec.namespace, 'ns');
  });
});

describe('BroadcastJob defaults (SetDefaultsBroadcastJob)', () => {
  test('completionPolicy Always, parallelism MaxInt32, failurePolicy FailFast; restartPolicy defaults to Always; paused:false dropped', () => {
    const out = defaultBroadcastJobV1beta1({
      kind: 'BroadcastJob',
      spec: { template: pod(), paused: false },
    });
    assert.deepEqual(out.spec.completionPolicy, { type: 'Always' });
    assert.equal(out.spec.parallelism, 2147483647);
    assert.deepEqual(out.spec.failurePolicy, { type: 'FailFast' });
    assert.equal(out.spec.template.spec?.restartPolicy, 'Always');
    assert.equal('paused' in out.spec, false);
  });
});

describe('AdvancedCronJob defaults (SetDefaultsAdvancedCronJob)', () => {
  test('Allow, paused false, history 3/1, pod template defaults for job templates', () => {
    const out = defaultAdvancedCronJobV1alpha1({
      kind: 'AdvancedCronJob',
      spec: { schedule: '@hourly', template: { jobTemplate: { spec: { template: pod() } } } },
    });
    assert.equal(out.spec.concurrencyPolicy, 'Allow');
    assert.equal(out.spec.paused, false);
    assert.equal(out.spec.successfulJobsHistoryLimit, 3);
    assert.equal(out.spec.failedJobsHistoryLimit, 1);
    assert.equal(out.spec.template.jobTemplate?.spec?.template.spec?.restartPolicy, 'Always');
  });

  test('an ImageListPullJob template gets Replace and its pull policy defaults (only when completionPolicy.type was empty)', () => {
    const out = defaultAdvancedCronJobV1beta1({
      kind: 'AdvancedCronJob',
      spec: {
        schedule: '@hourly',
        template: { imageListPullJobTemplate: { spec: { images: ['nginx:1'], completionPolicy: {} } } },
      },
    });
    assert.equal(out.spec.concurrencyPolicy, 'Replace');
    assert.deepEqual(out.spec.template.imageListPullJobTemplate?.spec, {
      images: ['nginx:1'],
      completionPolicy: { type: 'Always' },
      pullPolicy: { timeoutSeconds: 600, backoffLimit: 3 },
      imagePullPolicy: 'IfNotPresent',
    });
    const typed = defaultAdvancedCronJobV1beta1({
      kind: 'AdvancedCronJob',
      spec: {
        schedule: '@hourly',
        template: {
          imageListPullJobTemplate: { spec: { images: ['nginx:1'], completionPolicy: { type: 'Never' } } },
        },
      },
    });
    assert.equal(typed.spec.template.imageListPullJobTemplate?.spec?.pullPolicy, undefined);
  });
});
