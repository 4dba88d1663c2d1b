import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { kubeRequestInfo, objectLabel, resourceLabel } from '../../src/index.ts';

const server = 'https://127.0.0.1:6443';

describe('kubeRequestInfo', () => {
  test('verbs, resources and objects, as the apiserver would name them', () => {
    const cases: [string, string, string, string, string][] = [
      // method, path, verb, resource label, object label
      ['GET', '/api/v1/namespaces/ns/configmaps/cm', 'get', 'configmaps', 'ns/cm'],
      ['GET', '/api/v1/namespaces/ns/configmaps', 'list', 'configmaps', 'ns/'],
      ['GET', '/api/v1/namespaces/ns/pods?watch=true&resourceVersion=5', 'watch', 'pods', 'ns/'],
      ['GET', '/api/v1/pods', 'list', 'pods', ''],
      ['POST', '/api/v1/namespaces/ns/pods', 'create', 'pods', 'ns/'],
      ['PUT', '/api/v1/namespaces/ns/pods/p/status', 'update', 'pods/status', 'ns/p'],
      ['PATCH', '/apis/apps.kruise.io/v1alpha1/namespaces/ns/clonesets/web', 'patch', 'clonesets', 'ns/web'],
      [
        'PUT',
        '/apis/apps.kruise.io/v1beta1/namespaces/ns/clonesets/web/scale',
        'update',
        'clonesets/scale',
        'ns/web',
      ],
      ['DELETE', '/api/v1/namespaces/ns/pods/p', 'delete', 'pods', 'ns/p'],
      ['DELETE', '/api/v1/namespaces/ns/pods', 'deletecollection', 'pods', 'ns/'],
      ['GET', '/api/v1/namespaces/ns', 'get', 'namespaces', 'ns'],
      ['PUT', '/api/v1/namespaces/ns/finalize', 'update', 'namespaces/finalize', 'ns'],
      ['GET', '/api/v1/namespaces', 'list', 'namespaces', ''],
      [
        'GET',
        '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/x.y',
        'get',
        'customresourcedefinitions',
        'x.y',
      ],
      ['POST', '/api/v1/namespaces/ns/pods/p/eviction', 'create', 'pods/eviction', 'ns/p'],
      ['GET', '/apis/apps/v1', 'get', 'apps/v1', ''],
      ['GET', '/prefix/k8s/api/v1/nodes/n1', 'get', 'nodes', 'n1'],
    ];
    for (const [method, path, verb, resource, object] of cases) {
      const info = kubeRequestInfo(method, `${server}${path}`);
      assert.equal(info.verb, verb, `${method} ${path}`);
      assert.equal(
        resourceLabel(info),
        resource === 'apps/v1' ? '/apis/apps/v1' : resource,
        `${method} ${path}`,
      );
      assert.equal(objectLabel(info), object, `${method} ${path}`);
    }
  });

  test('group and version', () => {
    const core = kubeRequestInfo('GET', `${server}/api/v1/namespaces/ns/pods/p`);
    assert.deepEqual([core.apiGroup, core.apiVersion, core.namespace, core.name], ['', 'v1', 'ns', 'p']);
    const kruise = kubeRequestInfo(
      'GET',
      `${server}/apis/apps.kruise.io/v1beta1/namespaces/ns/statefulsets/s`,
    );
    assert.deepEqual([kruise.apiGroup, kruise.apiVersion], ['apps.kruise.io', 'v1beta1']);
  });
});
