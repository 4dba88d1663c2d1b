// The generated CRDs: structural, Kruise's names/columns/subresources, both versions served, v1beta1 stored, and
// the committed manifests under deploy/crds are what `npm run generate` writes today.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { chartCrdsDir, crdsDir } from '../../src/crd/files.ts';
import { buildCrds, buildCrdsWithConversionWebhook, crdFileName, renderCrd } from '../../src/crd.ts';

type Node = Record<string, unknown>;

/** Every field node has a type, except int-or-string and preserve-unknown nodes (apiextensions structural rule). */
function nonStructural(node: Node, at: string): string[] {
  const problems: string[] = [];
  if (
    node.type === undefined &&
    node['x-kubernetes-int-or-string'] !== true &&
    node['x-kubernetes-preserve-unknown-fields'] !== true
  ) {
    problems.push(at);
  }
  if (node.anyOf !== undefined && node['x-kubernetes-int-or-string'] !== true) problems.push(`${at} (anyOf)`);
  for (const [name, sub] of Object.entries((node.properties as Record<string, Node>) ?? {}))
    problems.push(...nonStructural(sub, `${at}.${name}`));
  if (node.items) problems.push(...nonStructural(node.items as Node, `${at}[]`));
  if (typeof node.additionalProperties === 'object')
    problems.push(...nonStructural(node.additionalProperties as Node, `${at}{}`));
  return problems;
}

describe('generated CRDs', () => {
  const crds = buildCrds();

  test('committed manifests in deploy/crds and the chart are up to date (run `npm run generate` in packages/api)', () => {
    for (const crd of crds.flatMap((c) => [crdsDir, chartCrdsDir].map((dir) => [dir, c] as const))) {
      const [dir, c] = crd;
      const file = join(dir, crdFileName(c));
      let committed: string;
      try {
        committed = readFileSync(file, 'utf8');
      } catch (err) {
        throw new Error(`${file} is missing: run npm run generate`, { cause: err });
      }
      assert.equal(committed, renderCrd(c), `${file} is stale: run npm run generate`);
    }
  });

  test('one CRD per kind, with Kruise names, short names and scope', () => {
    assert.deepEqual(
      crds.map((c) => [c.metadata.name, c.spec.names.kind, c.spec.names.shortNames ?? [], c.spec.scope]),
      [
        ['clonesets.apps.kruise.io', 'CloneSet', ['clone'], 'Namespaced'],
        ['statefulsets.apps.kruise.io', 'StatefulSet', ['sts', 'asts'], 'Namespaced'],
        ['sidecarsets.apps.kruise.io', 'SidecarSet', [], 'Cluster'],
        ['broadcastjobs.apps.kruise.io', 'BroadcastJob', ['bcj'], 'Namespaced'],
        ['advancedcronjobs.apps.kruise.io', 'AdvancedCronJob', ['acj'], 'Namespaced'],
      ],
    );
  });

  for (const crd of crds) {
    test(`${crd.metadata.name}: both versions served, v1beta1 stored, status subresource, conversion None, structural`, () => {
      assert.deepEqual(crd.spec.conversion, { strategy: 'None' });
      assert.deepEqual(
        crd.spec.versions.map((v) => [v.name, v.served, v.storage, v.subresources.status]),
        [
          ['v1alpha1', true, false, {}],
          ['v1beta1', true, true, {}],
        ],
      );
      for (const v of crd.spec.versions) {
        assert.deepEqual(nonStructural(v.schema.openAPIV3Schema, v.name), []);
        const spec = (v.schema.openAPIV3Schema.properties as Record<string, Node>).spec as Node;
        const template = (spec.properties as Record<string, Node>)?.template;
        if (template && crd.spec.names.kind !== 'AdvancedCronJob')
          assert.equal(
            template['x-kubernetes-preserve-unknown-fields'],
            true,
            'pod templates are schemaless',
          );
      }
    });
  }

  test('scale subresource for CloneSet and StatefulSet only', () => {
    const scale = {
      specReplicasPath: '.spec.replicas',
      statusReplicasPath: '.status.replicas',
      labelSelectorPath: '.status.labelSelector',
    };
    for (const crd of crds) {
      const want = ['CloneSet', 'StatefulSet'].includes(crd.spec.names.kind) ? scale : undefined;
      for (const v of crd.spec.versions) assert.deepEqual(v.subresources.scale, want);
    }
  });

  test("Kruise's printer columns", () => {
    const columns = Object.fromEntries(
      crds.map((c) => [c.spec.names.kind, c.spec.versions[1]?.additionalPrinterColumns.map((p) => p.name)]),
    );
    assert.deepEqual(columns, {
      CloneSet: [
        'DESIRED',
        'UPDATED',
        'UPDATED_READY',
        'UPDATED_AVAILABLE',
        'READY',
        'TOTAL',
        'AGE',
        'CONTAINERS',
        'IMAGES',
        'SELECTOR',
      ],
      StatefulSet: ['DESIRED', 'CURRENT', 'UPDATED', 'READY', 'AGE', 'CONTAINERS', 'IMAGES'],
      SidecarSet: ['MATCHED', 'UPDATED', 'READY', 'AGE'],
      BroadcastJob: ['Desired', 'Active', 'Succeeded', 'Failed', 'AGE'],
      AdvancedCronJob: ['Schedule', 'Type', 'LastScheduleTime', 'AGE'],
    });
  });

  test('version-specific fields: v1beta1 CloneSet has rollingUpdate and enablePVCReuse (default false), v1alpha1 has disablePVCReuse', () => {
    const cs = crds[0];
    assert.ok(cs);
    const props = (node: unknown) => ((node as Node | undefined)?.properties ?? {}) as Record<string, Node>;
    const specOf = (i: number) => props(props(cs.spec.versions[i]?.schema.openAPIV3Schema).spec);
    assert.deepEqual(props(specOf(0).scaleStrategy).disablePVCReuse, { type: 'boolean' });
    assert.deepEqual(props(specOf(1).scaleStrategy).enablePVCReuse, { default: false, type: 'boolean' });
    assert.ok(props(specOf(1).updateStrategy).rollingUpdate);
    assert.equal(props(specOf(1).updateStrategy).partition, undefined);
    assert.ok(props(specOf(0).updateStrategy).partition);
  });

  test('the YAML parses back to the same object', () => {
    for (const crd of crds) assert.deepEqual(parse(renderCrd(crd)), crd);
  });

  test('buildCrdsWithConversionWebhook points every CRD at the webhook', () => {
    const withUrl = buildCrdsWithConversionWebhook({
      url: 'https://127.0.0.1:9443/convert',
      caBundle: 'Q0E=',
    });
    for (const crd of withUrl) {
      assert.deepEqual(crd.spec.conversion, {
        strategy: 'Webhook',
        webhook: {
          conversionReviewVersions: ['v1', 'v1beta1'],
          clientConfig: { url: 'https://127.0.0.1:9443/convert', caBundle: 'Q0E=' },
        },
      });
    }
    const withService = buildCrdsWithConversionWebhook({
      service: { namespace: 'kruise-system', name: 'kruise-webhook', path: '/convert', port: 443 },
      caBundle: 'Q0E=',
    });
    assert.equal(withService[0]?.spec.conversion.strategy, 'Webhook');
    assert.throws(() => buildCrdsWithConversionWebhook({ caBundle: 'x' }), /exactly one of url or service/);
    assert.deepEqual(
      buildCrds()[0]?.spec.conversion,
      { strategy: 'None' },
      'the committed CRDs are not modified',
    );
  });
});
