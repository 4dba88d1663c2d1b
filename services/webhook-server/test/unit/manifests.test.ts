// The webhook configurations come from one generator: the committed deploy/webhooks YAML must match it, every
// served kind has a mutating and a validating webhook for both versions, and the pod webhook is scoped.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { mutatingWebhookConfiguration, validatingWebhookConfiguration } from '../../src/manifests.ts';
import { renderManifests } from '../../src/render.ts';

describe('webhook manifests', () => {
  it('deploy/webhooks and the chart copy are up to date (npm run generate)', () => {
    for (const dir of ['deploy/webhooks', 'deploy/chart/files/webhooks']) {
      for (const file of renderManifests()) {
        const committed = readFileSync(new URL(`../../../../${dir}/${file.name}`, import.meta.url), 'utf8');
        assert.equal(committed, file.text, `${dir}/${file.name} is stale`);
      }
    }
  });

  it('URL mode points every webhook at https://host:port/<path>, with failure policy and timeout per webhook', () => {
    const m = mutatingWebhookConfiguration({
      baseUrl: 'https://127.0.0.1:9443',
      failurePolicy: { 'mpod.kb.io': 'Ignore' },
      timeoutSeconds: { 'mpod.kb.io': 3 },
    });
    const pod = m.webhooks?.find((w) => w.name === 'mpod.kb.io');
    assert.equal(pod?.clientConfig.url, 'https://127.0.0.1:9443/mutate-pod');
    assert.equal(pod?.failurePolicy, 'Ignore');
    assert.equal(pod?.timeoutSeconds, 3);
    const clone = m.webhooks?.find((w) => w.name === 'mcloneset.kb.io');
    assert.equal(clone?.clientConfig.url, 'https://127.0.0.1:9443/mutate-apps-kruise-io-v1alpha1-cloneset');
    assert.equal(clone?.failurePolicy, 'Fail');
    assert.deepEqual(clone?.rules?.[0]?.apiVersions, ['v1alpha1', 'v1beta1']);
    const v = validatingWebhookConfiguration({ baseUrl: 'https://127.0.0.1:9443' });
    assert.equal(v.webhooks?.length, 5);
    assert.deepEqual(v.webhooks?.find((w) => w.name === 'vcloneset.kb.io')?.rules?.[0]?.operations, [
      'CREATE',
      'UPDATE',
      'DELETE',
    ]);
  });

  it('the pod webhook never sees system namespaces, its own, or namespaces and pods that opted out', () => {
    const m = mutatingWebhookConfiguration({ ownNamespace: 'kruise-ts' });
    const pod = m.webhooks?.find((w) => w.name === 'mpod.kb.io');
    const expressions = pod?.namespaceSelector?.matchExpressions ?? [];
    const names = expressions.find((e) => e.key === 'kubernetes.io/metadata.name');
    assert.deepEqual(names?.values, ['kube-system', 'kube-public', 'kube-node-lease', 'kruise-ts']);
    assert.ok(expressions.some((e) => e.key === 'control-plane' && e.operator === 'DoesNotExist'));
    assert.ok(expressions.some((e) => e.key === 'kruise.io/pod-webhook' && e.operator === 'NotIn'));
    assert.ok(pod?.objectSelector?.matchExpressions?.some((e) => e.key === 'kruise.io/pod-webhook'));
  });

  it('a scope label restricts namespaced kinds by namespace and cluster-scoped kinds by object', () => {
    const v = validatingWebhookConfiguration({ scope: { key: 'e2e', value: 'x' } });
    assert.deepEqual(v.webhooks?.find((w) => w.name === 'vcloneset.kb.io')?.namespaceSelector, {
      matchLabels: { e2e: 'x' },
    });
    assert.deepEqual(v.webhooks?.find((w) => w.name === 'vsidecarset.kb.io')?.objectSelector, {
      matchLabels: { e2e: 'x' },
    });
  });
});
