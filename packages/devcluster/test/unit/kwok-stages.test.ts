// The fake kubelet's stages (src/kwok-stages.ts) as kwok reads them: one Stage document each, built by one
// builder; the e2e suites (cluster.test.ts and every controller's) show what they do on a running kwok.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { kwokConfigYaml } from '../../src/kwok-stages.ts';

interface Stage {
  kind: string;
  metadata: { name: string };
  spec: {
    resourceRef: { kind: string };
    selector: { matchExpressions: { key: string; operator: string; values?: string[] }[] };
    delay?: { durationMilliseconds: number };
    next: Record<string, unknown>;
  };
}

const stages = parseAllDocuments(kwokConfigYaml()).map((d) => {
  assert.deepEqual(d.errors, []);
  return d.toJS() as Stage;
});

it('every stage is a well-formed kwok Stage with a unique name', () => {
  assert.equal(stages.length, 10);
  assert.equal(new Set(stages.map((s) => s.metadata.name)).size, stages.length);
  for (const s of stages) {
    assert.equal(s.kind, 'Stage');
    assert.ok(['Pod', 'Node'].includes(s.spec.resourceRef.kind), s.metadata.name);
    assert.ok(s.spec.selector.matchExpressions.length > 0, s.metadata.name);
    for (const m of s.spec.selector.matchExpressions) assert.equal(typeof m.key, 'string', s.metadata.name);
    assert.ok(Object.keys(s.spec.next).length > 0, s.metadata.name);
  }
});

it('only job pods end, a second after they run; pods being deleted are removed', () => {
  const delayed = stages.filter((s) => s.spec.delay !== undefined).map((s) => s.metadata.name);
  assert.deepEqual(delayed, ['kruise-ts-pod-complete', 'kruise-ts-pod-fail']);
  const remove = stages.find((s) => s.metadata.name === 'kruise-ts-pod-delete');
  assert.deepEqual(remove?.spec.next, { delete: true });
  assert.deepEqual(remove?.spec.selector.matchExpressions, [
    { key: '.metadata.deletionTimestamp', operator: 'Exists' },
  ]);
});

it('the readiness-gate template keeps its place inside the status template', () => {
  const start = stages.find((s) => s.metadata.name === 'kruise-ts-pod-start');
  const template = String(start?.spec.next.statusTemplate);
  assert.match(template, /^\{\{ \$now := Now \}\}\n\{\{ \$root := \. \}\}\n\{\{ \$gatesOK := true \}\}/);
});
