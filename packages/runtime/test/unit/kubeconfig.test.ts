// The thin client's own kubeconfig loading (file, data and token variants, contexts, in-cluster), its REST
// paths, and the decoding of watch streams. No servers.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import {
  bearerTokenSource,
  fromKubeconfig,
  fromKubeconfigFile,
  loadClusterConfig,
} from '../../src/kube/kubeconfig.ts';
import { watchEventsFrom } from '../../src/kube/request.ts';
import { ResourceClient } from '../../src/kube/resource.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('kubeconfig', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubeconfig-test-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'ca.pem'), 'CA-FILE');
  writeFileSync(join(dir, 'token'), 'tok-1\n');
  const raw = {
    'current-context': 'b',
    clusters: [
      {
        name: 'one',
        cluster: { server: 'https://127.0.0.1:6443/', 'certificate-authority-data': b64('CA') },
      },
      { name: 'two', cluster: { server: 'https://127.0.0.1:7443', 'certificate-authority': 'ca.pem' } },
    ],
    users: [
      { name: 'certs', user: { 'client-certificate-data': b64('CERT'), 'client-key-data': b64('KEY') } },
      { name: 'file', user: { tokenFile: 'token' } },
    ],
    contexts: [
      { name: 'a', context: { cluster: 'one', user: 'certs' } },
      { name: 'b', context: { cluster: 'two', user: 'file', namespace: 'kruise-system' } },
    ],
  };

  it('follows the current context; relative files resolve against the kubeconfig directory', () => {
    const c = fromKubeconfig(raw, dir);
    assert.equal(c.server, 'https://127.0.0.1:7443');
    assert.equal(c.ca, 'CA-FILE');
    assert.equal(c.tokenFile, join(dir, 'token'));
    assert.equal(c.namespace, 'kruise-system');
    assert.equal(c.insecureSkipTlsVerify, false);
  });

  it('reads inline data and defaults the namespace', () => {
    const c = fromKubeconfig({ ...raw, 'current-context': 'a' }, dir);
    assert.deepEqual(
      [c.server, c.ca, c.cert, c.key, c.namespace],
      ['https://127.0.0.1:6443', 'CA', 'CERT', 'KEY', 'default'],
    );
  });

  it('names a missing context', () => {
    assert.throws(() => fromKubeconfig({ ...raw, 'current-context': 'nope' }, dir), /no context "nope"/);
  });

  it('in-cluster: service host and port, the account token file, CA and namespace', () => {
    writeFileSync(join(dir, 'ca.crt'), 'SA-CA');
    writeFileSync(join(dir, 'namespace'), 'kruise-system\n');
    const c = loadClusterConfig(
      undefined,
      { KUBERNETES_SERVICE_HOST: 'fd00::1', KUBERNETES_SERVICE_PORT: '443' },
      dir,
    );
    assert.equal(c.server, 'https://[fd00::1]:443');
    assert.equal(c.ca, 'SA-CA');
    assert.equal(c.tokenFile, join(dir, 'token'));
    assert.equal(c.namespace, 'kruise-system');
  });

  it('reads a kubeconfig written as YAML or as JSON alike', () => {
    const yamlPath = join(dir, 'config.yaml');
    writeFileSync(
      yamlPath,
      [
        'apiVersion: v1',
        'kind: Config',
        'current-context: c',
        'contexts: [{name: c, context: {cluster: k, user: u}}]',
        'clusters:',
        '  - name: k',
        '    cluster: {server: "https://127.0.0.1:7443", insecure-skip-tls-verify: true}',
        'users: [{name: u, user: {token: t}}]',
        '',
      ].join('\n'),
    );
    const jsonPath = join(dir, 'config.json');
    writeFileSync(
      jsonPath,
      `  ${JSON.stringify({
        apiVersion: 'v1',
        kind: 'Config',
        'current-context': 'c',
        contexts: [{ name: 'c', context: { cluster: 'k', user: 'u' } }],
        clusters: [
          { name: 'k', cluster: { server: 'https://127.0.0.1:7443', 'insecure-skip-tls-verify': true } },
        ],
        users: [{ name: 'u', user: { token: 't' } }],
      })}`,
    );
    const { source: _y, ...fromYaml } = fromKubeconfigFile(yamlPath);
    const { source: _j, ...fromJson } = fromKubeconfigFile(jsonPath);
    assert.deepEqual(fromJson, fromYaml);
    assert.equal(fromYaml.server, 'https://127.0.0.1:7443');
    assert.equal(fromYaml.insecureSkipTlsVerify, true);
  });

  it('$KUBECONFIG wins over in-cluster', () => {
    const path = join(dir, 'config');
    writeFileSync(path, JSON.stringify(raw));
    const c = loadClusterConfig(
      undefined,
      {
        KUBECONFIG: `${join(dir, 'missing')}:${path}`,
        KUBERNETES_SERVICE_HOST: 'h',
        KUBERNETES_SERVICE_PORT: '1',
      },
      dir,
    );
    assert.equal(c.server, 'https://127.0.0.1:7443');
  });

  it('a token file is re-read once its copy is a minute old', () => {
    let now = 0;
    const path = join(dir, 'rotating');
    writeFileSync(path, 'first');
    const token = bearerTokenSource({ tokenFile: path }, () => now);
    assert.equal(token(), 'first');
    writeFileSync(path, 'second');
    now = 59_000;
    assert.equal(token(), 'first');
    now = 60_000;
    assert.equal(token(), 'second');
    assert.equal(bearerTokenSource({ token: 'fixed' })(), 'fixed');
  });
});

describe('resource paths', () => {
  const none = { request: async () => undefined as never, watch: () => [] as never };
  it('core, group, namespaced, cluster-scoped, subresources', () => {
    const pods = new ResourceClient(none, { group: '', version: 'v1', plural: 'pods', namespaced: true });
    assert.equal(pods.path('ns', 'p', 'status'), '/api/v1/namespaces/ns/pods/p/status');
    assert.equal(pods.path(), '/api/v1/pods');
    const sets = new ResourceClient(none, {
      group: 'apps.kruise.io',
      version: 'v1alpha1',
      plural: 'clonesets',
      namespaced: true,
    });
    assert.equal(sets.path('ns'), '/apis/apps.kruise.io/v1alpha1/namespaces/ns/clonesets');
    const nodes = new ResourceClient(none, { group: '', version: 'v1', plural: 'nodes', namespaced: false });
    assert.equal(nodes.path('ignored', 'n1'), '/api/v1/nodes/n1');
  });
  it('refuses a namespaced write without a namespace', async () => {
    const pods = new ResourceClient(none, { group: '', version: 'v1', plural: 'pods', namespaced: true });
    await assert.rejects(pods.create({ body: { metadata: { name: 'x' } } }), /namespaced/);
  });
});

describe('watch stream decoding', () => {
  it('splits events across chunk boundaries, also inside a multi-byte character', async () => {
    const text = '{"type":"ADDED","object":{"n":"ä"}}\n{"type":"BOOKMARK","object":{}}\n';
    const bytes = Buffer.from(text);
    async function* chunks() {
      for (let i = 0; i < bytes.length; i += 7) yield bytes.subarray(i, i + 7);
    }
    const events = [];
    for await (const e of watchEventsFrom(chunks())) events.push(e);
    assert.deepEqual(events, [
      { type: 'ADDED', object: { n: 'ä' } },
      { type: 'BOOKMARK', object: {} },
    ]);
  });
});
