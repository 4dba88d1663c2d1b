// Pod-template defaults Kruise injects (apis/apps/defaults/pod.go SetDefaultPodSpec + k8s SetDefaults_*), docs/behaviour/cloneset.md#defaults.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { defaultPodSpec, imageTag, type PodSpec } from '../../src/index.ts';

const withDefaults = (spec: PodSpec, alwaysPullAppContainers = true) => {
  const copy = structuredClone(spec);
  defaultPodSpec(copy, { alwaysPullAppContainers });
  return copy;
};

describe('pod spec defaults', () => {
  test('k8s SetDefaults_PodSpec and SetDefaults_Container on a minimal spec', () => {
    assert.deepEqual(withDefaults({ containers: [{ name: 'main', image: 'nginx:1.22-alpine' }] }), {
      containers: [
        {
          name: 'main',
          image: 'nginx:1.22-alpine',
          imagePullPolicy: 'Always',
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
        },
      ],
      dnsPolicy: 'ClusterFirst',
      restartPolicy: 'Always',
      securityContext: {},
      terminationGracePeriodSeconds: 30,
      schedulerName: 'default-scheduler',
    });
  });

  test('values already set are kept', () => {
    const spec: PodSpec = {
      containers: [
        {
          name: 'main',
          image: 'x',
          imagePullPolicy: 'Never',
          terminationMessagePolicy: 'FallbackToLogsOnError',
        },
      ],
      dnsPolicy: 'None',
      restartPolicy: 'Never',
      terminationGracePeriodSeconds: 0,
      schedulerName: 'other',
      securityContext: { runAsUser: 1 },
    };
    const out = withDefaults(spec);
    assert.equal(out.containers[0]?.imagePullPolicy, 'Never');
    assert.equal(out.containers[0]?.terminationMessagePolicy, 'FallbackToLogsOnError');
    assert.equal(out.dnsPolicy, 'None');
    assert.equal(out.restartPolicy, 'Never');
    assert.equal(out.terminationGracePeriodSeconds, 0);
    assert.equal(out.schedulerName, 'other');
    assert.deepEqual(out.securityContext, { runAsUser: 1 });
  });

  const pullCases: [string, string][] = [
    ['nginx', 'Always'],
    ['nginx:latest', 'Always'],
    ['nginx:1.22-alpine', 'IfNotPresent'],
    ['registry.local:5000/app', 'Always'],
    ['registry.local:5000/app:v1', 'IfNotPresent'],
    ['nginx@sha256:0123', 'IfNotPresent'],
  ];
  for (const [image, policy] of pullCases) {
    test(`init container ${image} gets imagePullPolicy ${policy} (k8s tag rule); app containers get Always (Kruise)`, () => {
      const out = withDefaults({
        initContainers: [{ name: 'init', image }],
        containers: [{ name: 'main', image }],
      });
      assert.equal(out.initContainers?.[0]?.imagePullPolicy, policy);
      assert.equal(out.containers[0]?.imagePullPolicy, 'Always');
    });
    test(`without Kruise's override (SidecarSet) ${image} gets ${policy}`, () => {
      assert.equal(
        withDefaults({ containers: [{ name: 'main', image }] }, false).containers[0]?.imagePullPolicy,
        policy,
      );
    });
  }

  test('resource lists are rounded up to milli precision and written as Go writes them (SetDefaults_ResourceList)', () => {
    const out = withDefaults({
      containers: [
        {
          name: 'main',
          image: 'nginx:1',
          resources: { limits: { cpu: '1000m', memory: '1024Mi' }, requests: { cpu: '0.5m', memory: 1.5 } },
        },
      ],
      initContainers: [{ name: 'init', image: 'busybox:1', resources: { requests: { cpu: ' 250m ' } } }],
      overhead: { cpu: '100u' },
    });
    assert.deepEqual(out.containers[0]?.resources, {
      limits: { cpu: '1', memory: '1Gi' },
      requests: { cpu: '1m', memory: '1500m' },
    });
    assert.deepEqual(out.initContainers?.[0]?.resources, { requests: { cpu: '250m' } });
    assert.deepEqual(out.overhead, { cpu: '1m' });
    // A value Go could not read is left for validation and the apiserver to report.
    assert.deepEqual(
      withDefaults({ containers: [{ name: 'c', resources: { limits: { cpu: 'lots' } } }] }).containers[0]
        ?.resources,
      { limits: { cpu: 'lots' } },
    );
  });

  test('imageTag follows k8s ParseImageName', () => {
    assert.equal(imageTag('nginx'), 'latest');
    assert.equal(imageTag('localhost:5000/nginx'), 'latest');
    assert.equal(imageTag('nginx:1.2'), '1.2');
    assert.equal(imageTag('nginx@sha256:abc'), '');
  });

  test('ports get protocol TCP, env fieldRef apiVersion v1, probes and HTTP handlers their defaults', () => {
    const out = withDefaults({
      containers: [
        {
          name: 'main',
          image: 'x:1',
          ports: [{ containerPort: 80 }, { containerPort: 53, protocol: 'UDP' }],
          env: [{ name: 'POD', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }],
          livenessProbe: { httpGet: { port: 80 } },
          readinessProbe: { tcpSocket: { port: 80 }, periodSeconds: 5 },
          startupProbe: { exec: { command: ['true'] } },
          lifecycle: { preStop: { httpGet: { port: 'http' } } },
        },
      ],
    });
    const c = out.containers[0];
    assert.deepEqual(c?.ports, [
      { containerPort: 80, protocol: 'TCP' },
      { containerPort: 53, protocol: 'UDP' },
    ]);
    assert.equal(c?.env?.[0]?.valueFrom?.fieldRef?.apiVersion, 'v1');
    assert.deepEqual(c?.livenessProbe, {
      httpGet: { port: 80, path: '/', scheme: 'HTTP' },
      timeoutSeconds: 1,
      periodSeconds: 10,
      successThreshold: 1,
      failureThreshold: 3,
    });
    assert.equal(c?.readinessProbe?.periodSeconds, 5);
    assert.equal(c?.startupProbe?.failureThreshold, 3);
    assert.deepEqual(c?.lifecycle?.preStop?.httpGet, { port: 'http', path: '/', scheme: 'HTTP' });
  });

  test('volumes: a source-less volume becomes emptyDir, modes default to 0644, hostPath type to ""', () => {
    const out = withDefaults({
      containers: [{ name: 'main', image: 'x:1' }],
      volumes: [
        { name: 'scratch' },
        { name: 'cfg', configMap: { name: 'c' } },
        { name: 'sec', secret: { secretName: 's' } },
        { name: 'host', hostPath: { path: '/var' } },
        { name: 'down', downwardAPI: { items: [{ path: 'n', fieldRef: { fieldPath: 'metadata.name' } }] } },
        { name: 'proj', projected: { sources: [{ serviceAccountToken: { path: 't' } }] } },
      ],
    });
    assert.deepEqual(out.volumes, [
      { name: 'scratch', emptyDir: {} },
      { name: 'cfg', configMap: { name: 'c', defaultMode: 420 } },
      { name: 'sec', secret: { secretName: 's', defaultMode: 420 } },
      { name: 'host', hostPath: { path: '/var', type: '' } },
      {
        name: 'down',
        downwardAPI: {
          items: [{ path: 'n', fieldRef: { fieldPath: 'metadata.name', apiVersion: 'v1' } }],
          defaultMode: 420,
        },
      },
      {
        name: 'proj',
        projected: {
          sources: [{ serviceAccountToken: { path: 't', expirationSeconds: 3600 } }],
          defaultMode: 420,
        },
      },
    ]);
  });

  test('hostNetwork ports become host ports only with DefaultHostNetworkHostPortsInPodTemplates', () => {
    const spec: PodSpec = {
      hostNetwork: true,
      containers: [{ name: 'main', image: 'x:1', ports: [{ containerPort: 8080 }] }],
    };
    assert.equal(withDefaults(spec).containers[0]?.ports?.[0]?.hostPort, undefined);
    const gated = structuredClone(spec);
    defaultPodSpec(gated, { alwaysPullAppContainers: true, hostNetworkHostPorts: true });
    assert.equal(gated.containers[0]?.ports?.[0]?.hostPort, 8080);
  });
});
