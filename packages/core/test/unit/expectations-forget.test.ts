// A replica losing a partition forgets the expectations of that partition's keys (the next owner writes, and a
// regained partition starts clean); the others stay.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ResourceVersionExpectations, ScaleExpectations } from '../../src/index.ts';

describe('forgetting a lost partition', () => {
  it('ScaleExpectations.forget drops the matching controller keys only', () => {
    const scale = new ScaleExpectations();
    scale.expect('a/one', 'create', 'p1');
    scale.expect('b/two', 'delete', 'p2');
    scale.forget((key) => key.startsWith('a/'));
    assert.equal(scale.get('a/one'), undefined);
    assert.deepEqual(scale.get('b/two'), { create: [], delete: ['p2'] });
  });

  it('ResourceVersionExpectations.forgetNamespaces drops objects of those namespaces (and unplaced ones)', () => {
    const versions = new ResourceVersionExpectations();
    versions.expect({ metadata: { uid: 'u1', resourceVersion: '5', namespace: 'a' } });
    versions.expect({ metadata: { uid: 'u2', resourceVersion: '5', namespace: 'b' } });
    versions.expect({ metadata: { uid: 'u3', resourceVersion: '5' } });
    versions.forgetNamespaces((ns) => ns === 'a');
    assert.equal(versions.size(), 1);
    assert.deepEqual(
      versions.isSatisfied({ metadata: { uid: 'u2', resourceVersion: '4' } }).satisfied,
      false,
    );
    assert.deepEqual(versions.isSatisfied({ metadata: { uid: 'u1', resourceVersion: '4' } }), {
      satisfied: true,
    });
  });
});
