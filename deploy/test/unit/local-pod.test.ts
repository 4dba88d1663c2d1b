// A rendered pod as a local process: env resolution, mounted Secrets as files, mount paths made local, and the
// bundled nats.conf made local. No servers: the objects are what `helm template` would render.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { KubeObject } from '../../src/helm.ts';
import { localNatsConfig } from '../../src/local-nats.ts';
import { localPath, localPod, renderedData, renderedWorkloads } from '../../src/local-pod.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64');

const objects: KubeObject[] = [
  {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 'auth', namespace: 'ns' },
    data: { watcher: b64('pw-watcher'), nats: b64('pw-nats') },
  },
  { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'conf' }, data: { 'nats.conf': 'listen: x' } },
  {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'r-watcher', namespace: 'ns', labels: { 'app.kubernetes.io/name': 'watcher' } },
    spec: {
      replicas: 2,
      template: {
        spec: {
          serviceAccountName: 'r-watcher',
          containers: [
            {
              name: 'watcher',
              env: [
                { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
                { name: 'POD_NAMESPACE', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } },
                { name: 'PASSWORD_FILE', value: '/var/run/nats/password' },
                { name: 'FROM_SECRET', valueFrom: { secretKeyRef: { name: 'auth', key: 'nats' } } },
                { name: 'OPTIONAL', valueFrom: { secretKeyRef: { name: 'auth', key: 'x', optional: true } } },
                { name: 'PLAIN', value: 'a' },
                { name: 'PLAIN', value: 'b' },
              ],
              volumeMounts: [
                { name: 'tmp', mountPath: '/tmp' },
                { name: 'nats-auth', mountPath: '/var/run/nats' },
              ],
            },
          ],
          volumes: [
            { name: 'tmp', emptyDir: {} },
            {
              name: 'nats-auth',
              secret: { secretName: 'auth', items: [{ key: 'watcher', path: 'password' }] },
            },
          ],
        },
      },
    },
  },
  {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'r-nats', namespace: 'ns', labels: { 'app.kubernetes.io/name': 'nats' } },
    spec: {
      replicas: 3,
      volumeClaimTemplates: [{ metadata: { name: 'data' } }],
      template: {
        spec: {
          containers: [
            {
              name: 'nats',
              args: ['--config', '/etc/nats/nats.conf'],
              volumeMounts: [
                { name: 'config', mountPath: '/etc/nats' },
                { name: 'data', mountPath: '/data' },
              ],
            },
          ],
          volumes: [{ name: 'config', configMap: { name: 'conf' } }],
        },
      },
    },
  },
];

describe('localPod', () => {
  const data = renderedData(objects);
  const [deployment, sts] = renderedWorkloads(objects);

  test('resolves the env as the kubelet would, with mounted paths made local', () => {
    assert.ok(deployment);
    const plan = localPod(deployment, 0, data, '/l/watcher');
    assert.deepEqual(plan.env, {
      POD_NAME: 'r-watcher-local-0',
      POD_NAMESPACE: 'ns',
      PASSWORD_FILE: '/l/watcher/volumes/nats-auth/password',
      FROM_SECRET: 'pw-nats',
      PLAIN: 'b',
    });
    assert.deepEqual(plan.files, [{ path: '/l/watcher/volumes/nats-auth/password', content: 'pw-watcher' }]);
    assert.deepEqual(plan.dirs, ['/l/watcher/volumes/tmp', '/l/watcher/volumes/nats-auth']);
  });

  test('a StatefulSet pod is named by ordinal, gets a data directory and its args made local', () => {
    assert.ok(sts);
    const plan = localPod(sts, 2, data, '/l/nats/2');
    assert.equal(plan.podName, 'r-nats-2');
    assert.deepEqual(plan.args, ['--config', '/l/nats/2/volumes/config/nats.conf']);
    assert.deepEqual(plan.files, [{ path: '/l/nats/2/volumes/config/nats.conf', content: 'listen: x' }]);
    assert.ok(plan.dirs.includes('/l/nats/2/volumes/data'));
  });

  test('refuses what a local process cannot have, naming the pod', () => {
    assert.ok(deployment);
    const broken = structuredClone(deployment);
    broken.podSpec.containers[0]?.env?.push({
      name: 'NODE',
      valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } },
    });
    assert.throws(() => localPod(broken, 0, data, '/l'), /r-watcher-local-0: env NODE reads spec.nodeName/);
    const missing = structuredClone(deployment);
    missing.podSpec.containers[0]?.env?.push({
      name: 'S',
      valueFrom: { secretKeyRef: { name: 'auth', key: 'nope' } },
    });
    assert.throws(() => localPod(missing, 0, data, '/l'), /Secret auth has no key nope/);
  });
});

describe('localPath', () => {
  const mounts = [
    { mountPath: '/etc/nats/tls', localDir: '/l/tls' },
    { mountPath: '/etc/nats', localDir: '/l/config' },
  ];
  for (const [value, want] of [
    ['/etc/nats/tls/ca.crt', '/l/tls/ca.crt'],
    ['/etc/nats/nats.conf', '/l/config/nats.conf'],
    ['/etc/nats', '/l/config'],
    ['/etc/natsx/a', '/etc/natsx/a'],
    ['plain', 'plain'],
  ] as const) {
    test(`${value} → ${want}`, () => assert.equal(localPath(value, mounts), want));
  }
});

describe('localNatsConfig', () => {
  const conf = [
    'listen: 0.0.0.0:4222',
    'http: 0.0.0.0:8222',
    'server_name: $POD_NAME',
    'jetstream {',
    '  store_dir: /data/jetstream',
    '}',
    'cluster {',
    '  name: r-nats',
    '  listen: 0.0.0.0:6222',
    '  routes: [',
    '    nats://r-nats-0.r-nats-headless.ns.svc:6222',
    '    nats://r-nats-1.r-nats-headless.ns.svc:6222',
    '  ]',
    '}',
    'tls {',
    '  ca_file: /etc/nats/tls/ca.crt',
    '}',
  ].join('\n');
  const node = {
    clientPort: 1001,
    monitorPort: 1002,
    clusterPort: 1003,
    routePorts: [1003, 2003],
    mounts: [
      { mountPath: '/data', localDir: '/l/data' },
      { mountPath: '/etc/nats/tls', localDir: '/l/tls' },
    ],
  };

  test('listeners on loopback, local routes, local paths; the rest as rendered', () => {
    assert.equal(
      localNatsConfig(conf, node),
      [
        'listen: 127.0.0.1:1001',
        'http: 127.0.0.1:1002',
        'server_name: $POD_NAME',
        'jetstream {',
        '  store_dir: /l/data/jetstream',
        '}',
        'cluster {',
        '  name: r-nats',
        '  listen: 127.0.0.1:1003',
        '  routes: [',
        '    nats://127.0.0.1:1003',
        '    nats://127.0.0.1:2003',
        '  ]',
        '}',
        'tls {',
        '  ca_file: /l/tls/ca.crt',
        '}',
      ].join('\n'),
    );
  });

  test('a chart change it cannot follow fails loudly', () => {
    assert.throws(
      () => localNatsConfig(conf.replace('listen: 0.0.0.0:4222', 'port: 4222'), node),
      /client listener/,
    );
  });
});
