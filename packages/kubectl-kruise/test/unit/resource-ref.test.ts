import assert from 'node:assert/strict';
import { it } from 'node:test';
import { UsageError } from '../../src/cli/args.ts';
import { ADVANCED_STATEFULSET, CLONESET, parseWorkloadRef, qualifiedName } from '../../src/resource-ref.ts';

it('resolves the names kubectl resolves through the CRDs', () => {
  const cases: [string[], typeof CLONESET, string][] = [
    [['cloneset/sample'], CLONESET, 'sample'],
    [['clonesets/sample'], CLONESET, 'sample'],
    [['clone/sample'], CLONESET, 'sample'],
    [['CloneSet/sample'], CLONESET, 'sample'],
    [['cloneset.apps.kruise.io/sample'], CLONESET, 'sample'],
    [['clonesets.v1alpha1.apps.kruise.io/sample'], CLONESET, 'sample'],
    [['cloneset', 'sample'], CLONESET, 'sample'],
    [['asts/web'], ADVANCED_STATEFULSET, 'web'],
    [['statefulset.apps.kruise.io/web'], ADVANCED_STATEFULSET, 'web'],
    [['statefulsets.apps.kruise.io/web'], ADVANCED_STATEFULSET, 'web'],
    [['sts.apps.kruise.io/web'], ADVANCED_STATEFULSET, 'web'],
    [['asts', 'web'], ADVANCED_STATEFULSET, 'web'],
  ];
  for (const [args, type, name] of cases) {
    const ref = parseWorkloadRef(args);
    assert.equal(ref.type, type, args.join(' '));
    assert.equal(ref.name, name, args.join(' '));
  }
});

it('leaves apps/v1 StatefulSets and Deployments to kubectl, and rejects malformed references', () => {
  for (const args of [
    [],
    ['statefulset/web'],
    ['sts/web'],
    ['deployment/x'],
    ['cloneset/'],
    ['cloneset'],
    ['cloneset/a', 'b'],
  ]) {
    assert.throws(() => parseWorkloadRef(args), UsageError, args.join(' '));
  }
});

it('names acted-on objects as kubectl prints them', () => {
  assert.equal(qualifiedName(parseWorkloadRef(['clone/a'])), 'cloneset.apps.kruise.io/a');
  assert.equal(qualifiedName(parseWorkloadRef(['asts/a'])), 'statefulset.apps.kruise.io/a');
});
