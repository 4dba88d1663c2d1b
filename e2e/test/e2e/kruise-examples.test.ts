// OpenKruise's own examples, applied with kubectl to the whole system as `npm start` runs it: the objects of
// Kruise's config/samples (apps_v1alpha1_cloneset.yaml, apps_v1alpha1_statefulset.yaml,
// apps_v1beta1_broadcastjob-*.yaml) and docs/tutorial/v1 (guestbook-sidecar.yaml, broadcastjob.yaml), with fewer
// replicas, plus an AdvancedCronJob as Kruise's docs write one (its config/samples entry is a placeholder). Each
// must be accepted unchanged and come out as Kruise makes it; what differs on purpose is listed in the README's
// "Known differences" with its reason.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Cluster, eventually, startCluster } from '@kruise-ts/devcluster';
import { type RunningSystem, startSystem } from '@kruise-ts/launcher';

let cluster: Cluster | undefined;
let system: RunningSystem | undefined;

before(async () => {
  cluster = await startCluster();
  system = await startSystem(cluster);
});
after(async () => {
  await system?.stop();
  await cluster?.stop();
});

const sys = () => system as RunningSystem;
const getJson = <T>(args: string[]): T => JSON.parse(sys().kubectl([...args, '-o', 'json'])) as T;

interface Obj {
  metadata: { name: string; uid: string; generation?: number; labels?: Record<string, string> };
  spec: Record<string, unknown>;
  status?: Record<string, unknown>;
}
interface PodList {
  items: {
    metadata: { name: string; uid: string; deletionTimestamp?: string; labels?: Record<string, string> };
    spec: { containers: { name: string; image: string }[]; volumes?: { name: string }[] };
    status?: { phase?: string };
  }[];
}
const livePods = (ns: string, selector: string) =>
  getJson<PodList>(['get', 'pods', '-n', ns, '-l', selector]).items.filter(
    (p) => p.metadata.deletionTimestamp === undefined,
  );

const wait = <T>(what: string, fn: () => T | undefined, timeoutMs = 90_000) =>
  eventually(what, async () => fn(), { timeoutMs, intervalMs: 500 });

describe('Kruise examples applied unchanged', () => {
  it('CloneSet (config/samples/apps_v1alpha1_cloneset.yaml): created, then an image update in place', async () => {
    sys().kubectl(
      ['apply', '-n', 'default', '-f', '-'],
      `
apiVersion: apps.kruise.io/v1alpha1
kind: CloneSet
metadata:
  labels:
    app: sample
  name: sample
spec:
  replicas: 3
  selector:
    matchLabels:
      app: sample
  template:
    metadata:
      labels:
        app: sample
    spec:
      containers:
      - name: main
        image: nginx:alpine
  updateStrategy:
    type: InPlaceIfPossible
    maxUnavailable: 2
`,
    );
    await wait('3 ready', () => {
      const cs = getJson<Obj>(['get', 'clonesets.v1alpha1.apps.kruise.io', 'sample', '-n', 'default']);
      return cs.status?.readyReplicas === 3 ? cs : undefined;
    });
    const before = new Map(livePods('default', 'app=sample').map((p) => [p.metadata.name, p.metadata.uid]));
    sys().kubectl([
      'patch',
      'clonesets.v1alpha1.apps.kruise.io',
      'sample',
      '-n',
      'default',
      '--type=merge',
      '-p',
      '{"spec":{"template":{"spec":{"containers":[{"name":"main","image":"nginx:1.25-alpine"}]}}}}',
    ]);
    const cs = await wait('3 updated and ready', () => {
      const c = getJson<Obj>(['get', 'clonesets.v1alpha1.apps.kruise.io', 'sample', '-n', 'default']);
      return c.status?.updatedReadyReplicas === 3 && c.status?.observedGeneration === 2 ? c : undefined;
    });
    const after = livePods('default', 'app=sample');
    assert.deepEqual(
      new Map(after.map((p) => [p.metadata.name, p.metadata.uid])),
      before,
      'the same pods, updated in place',
    );
    assert.ok(after.every((p) => p.spec.containers[0]?.image === 'nginx:1.25-alpine'));
    assert.equal(cs.status?.updateRevision, cs.status?.currentRevision);
  });

  it('Advanced StatefulSet (config/samples/apps_v1alpha1_statefulset.yaml): Parallel, in place, maxUnavailable 2', async () => {
    sys().kubectl(
      ['apply', '-n', 'default', '-f', '-'],
      `
apiVersion: apps.kruise.io/v1alpha1
kind: StatefulSet
metadata:
  name: sts-sample
spec:
  replicas: 4
  serviceName: fake-service
  selector:
    matchLabels:
      app: sts-sample
  template:
    metadata:
      labels:
        app: sts-sample
    spec:
      readinessGates:
        - conditionType: InPlaceUpdateReady
      containers:
        - name: main
          image: nginx:alpine
  podManagementPolicy: Parallel
  updateStrategy:
    type: RollingUpdate
    rollingUpdate:
      podUpdatePolicy: InPlaceIfPossible
      maxUnavailable: 2
`,
    );
    const kind = 'statefulsets.v1alpha1.apps.kruise.io';
    await wait('4 ready', () => {
      const s = getJson<Obj>(['get', kind, 'sts-sample', '-n', 'default']);
      return s.status?.readyReplicas === 4 ? s : undefined;
    });
    const names = livePods('default', 'app=sts-sample')
      .map((p) => p.metadata.name)
      .sort();
    assert.deepEqual(names, ['sts-sample-0', 'sts-sample-1', 'sts-sample-2', 'sts-sample-3']);
    const before = new Map(
      livePods('default', 'app=sts-sample').map((p) => [p.metadata.name, p.metadata.uid]),
    );
    sys().kubectl([
      'patch',
      kind,
      'sts-sample',
      '-n',
      'default',
      '--type=merge',
      '-p',
      '{"spec":{"template":{"spec":{"containers":[{"name":"main","image":"nginx:1.25-alpine"}]}}}}',
    ]);
    await wait('4 updated and ready', () => {
      const s = getJson<Obj>(['get', kind, 'sts-sample', '-n', 'default']);
      return s.status?.updatedReplicas === 4 &&
        s.status?.readyReplicas === 4 &&
        s.status?.observedGeneration === 2
        ? s
        : undefined;
    });
    assert.deepEqual(
      new Map(livePods('default', 'app=sts-sample').map((p) => [p.metadata.name, p.metadata.uid])),
      before,
      'the same pods, updated in place',
    );
    // The same object read at v1beta1 (Kruise's storage version), with the v1alpha1 fields where Kruise has them.
    const beta = getJson<Obj>(['get', 'statefulsets.v1beta1.apps.kruise.io', 'sts-sample', '-n', 'default']);
    assert.deepEqual((beta.spec.updateStrategy as { rollingUpdate: unknown }).rollingUpdate, {
      maxUnavailable: 2,
      partition: 0,
      podUpdatePolicy: 'InPlaceIfPossible',
      minReadySeconds: 0,
    });
  });

  it('SidecarSet (docs/tutorial/v1/guestbook-sidecar.yaml): injected with its volume into matching pods', async () => {
    sys().kubectl(
      ['apply', '-f', '-'],
      `
apiVersion: apps.kruise.io/v1alpha1
kind: SidecarSet
metadata:
  name: guestbook-sidecar
spec:
  selector:
    matchLabels:
      app.kubernetes.io/name: guestbook-with-sidecar
  containers:
    - name: guestbook-sidecar
      image: openkruise/guestbook:sidecar
      imagePullPolicy: Always
      ports:
        - name: sidecar-server
          containerPort: 4000
      volumeMounts:
        - name: log-volume
          mountPath: /var/log
  volumes:
    - name: log-volume
      emptyDir: {}
`,
    );
    sys().kubectl(
      ['apply', '-n', 'default', '-f', '-'],
      `
apiVersion: apps.kruise.io/v1alpha1
kind: CloneSet
metadata:
  name: guestbook-with-sidecar
spec:
  replicas: 2
  selector:
    matchLabels:
      app.kubernetes.io/name: guestbook-with-sidecar
  template:
    metadata:
      labels:
        app.kubernetes.io/name: guestbook-with-sidecar
    spec:
      containers:
      - name: guestbook
        image: openkruise/guestbook:v1
        ports:
        - name: http-server
          containerPort: 3000
`,
    );
    const pods = await wait('2 pods', () => {
      const p = livePods('default', 'app.kubernetes.io/name=guestbook-with-sidecar');
      return p.length === 2 ? p : undefined;
    });
    for (const p of pods) {
      assert.deepEqual(
        p.spec.containers.map((c) => c.name),
        ['guestbook-sidecar', 'guestbook'],
        'Kruise injects sidecars before the app containers (podInjectPolicy BeforeAppContainer)',
      );
      assert.ok(p.spec.volumes?.some((v) => v.name === 'log-volume'));
    }
    const ss = await wait('SidecarSet status counts the pods', () => {
      const s = getJson<Obj>(['get', 'sidecarsets.apps.kruise.io', 'guestbook-sidecar']);
      return s.status?.matchedPods === 2 && s.status?.updatedPods === 2 ? s : undefined;
    });
    assert.equal(ss.status?.observedGeneration, 1);
  });

  it('BroadcastJob (docs/tutorial/v1/broadcastjob.yaml and the v1beta1 samples): one pod per node, then done', async () => {
    sys().kubectl(
      ['apply', '-n', 'default', '-f', '-'],
      `
apiVersion: apps.kruise.io/v1alpha1
kind: BroadcastJob
metadata:
  name: download-image
spec:
  template:
    spec:
      containers:
        - name: guestbook
          image: openkruise/guestbook:v3
          command: ["echo",  "started"]
      restartPolicy: Never
  completionPolicy:
    type: Always
    ttlSecondsAfterFinished: 60
---
apiVersion: apps.kruise.io/v1beta1
kind: BroadcastJob
metadata:
  name: broadcastjob-never-complete
spec:
  template:
    spec:
      containers:
        - name: sleep
          image: busybox
          command: ["sleep",  "5"]
      restartPolicy: Never
  completionPolicy:
    type: Never
`,
    );
    const done = await wait('download-image complete', () => {
      const j = getJson<Obj>([
        'get',
        'broadcastjobs.v1alpha1.apps.kruise.io',
        'download-image',
        '-n',
        'default',
      ]);
      const conditions = (j.status?.conditions ?? []) as { type: string; status: string }[];
      return conditions.some((c) => c.type === 'Complete' && c.status === 'True') ? j : undefined;
    });
    assert.equal(done.status?.desired, 2, 'one pod per node (2 kwok nodes)');
    assert.equal(done.status?.succeeded, 2);
    assert.equal(done.status?.phase, 'completed');
    const never = await wait('the never-completing job ran its pods', () => {
      const j = getJson<Obj>([
        'get',
        'broadcastjobs.v1beta1.apps.kruise.io',
        'broadcastjob-never-complete',
        '-n',
        'default',
      ]);
      return j.status?.succeeded === 2 ? j : undefined;
    });
    assert.equal(never.status?.phase, 'running', 'completionPolicy Never keeps it running');
  });

  it('AdvancedCronJob (as in Kruise docs): accepted, its template type in status', async () => {
    sys().kubectl(
      ['apply', '-n', 'default', '-f', '-'],
      `
apiVersion: apps.kruise.io/v1alpha1
kind: AdvancedCronJob
metadata:
  name: acj-test
spec:
  schedule: "*/1 * * * *"
  template:
    broadcastJobTemplate:
      spec:
        completionPolicy:
          type: Always
          ttlSecondsAfterFinished: 30
        template:
          spec:
            containers:
              - name: pi
                image: perl
                command: ["perl",  "-Mbignum=bpi", "-wle", "print bpi(2000)"]
            restartPolicy: Never
`,
    );
    const acj = await wait('status.type set', () => {
      const a = getJson<Obj>(['get', 'advancedcronjobs.apps.kruise.io', 'acj-test', '-n', 'default']);
      return a.status?.type !== undefined ? a : undefined;
    });
    assert.equal(acj.status?.type, 'BroadcastJob');
    assert.equal(acj.spec.concurrencyPolicy, 'Allow', 'Kruise defaults');
    assert.equal(acj.spec.paused, false);
  });
});
