import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { webhookConfigurations } from '../../src/kruise.ts';

const moduleDir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'module');

describe("Kruise's webhook configurations as its kustomization renders them", () => {
  const docs = webhookConfigurations(moduleDir) as {
    kind: string;
    metadata: { name: string };
    webhooks: {
      name: string;
      namespaceSelector?: unknown;
      clientConfig: { service: Record<string, string> };
    }[];
  }[];
  it('prefixes the names the webhook controller looks up', () => {
    assert.deepEqual(
      docs.map((d) => d.metadata.name),
      ['kruise-mutating-webhook-configuration', 'kruise-validating-webhook-configuration'],
    );
  });
  it('merges the per-webhook patches by name', () => {
    const [a, b] = docs[0]?.webhooks ?? [];
    assert.equal(a?.namespaceSelector, undefined);
    assert.deepEqual(b?.namespaceSelector, {
      matchExpressions: [{ key: 'control-plane', operator: 'DoesNotExist' }],
    });
  });
  it('points every service at kruise-system, keeping the path', () => {
    for (const d of docs)
      for (const w of d.webhooks) {
        assert.equal(w.clientConfig.service.namespace, 'kruise-system');
        assert.equal(w.clientConfig.service.name, 'kruise-webhook-service');
        assert.match(w.clientConfig.service.path ?? '', /^\/(mutate|validate)-/);
      }
  });
});
