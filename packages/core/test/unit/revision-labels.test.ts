import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CONTROLLER_REVISION_HASH_LABEL_KEY,
  isAtRevision,
  POD_TEMPLATE_HASH_LABEL_KEY,
  revisionHashLabels,
  revisionHashMatches,
  shortRevisionHash,
} from '../../src/revision-labels.ts';

describe('shortRevisionHash (docs/behaviour/cloneset.md#revisions: last dash segment)', () => {
  const cases: ReadonlyArray<readonly [string, string]> = [
    ['sample-66bf7df478', '66bf7df478'],
    ['my-clone-set-abc', 'abc'],
    ['66bf7df478', '66bf7df478'],
    ['', ''],
    ['trailing-', ''],
  ];
  for (const [name, want] of cases)
    it(`${JSON.stringify(name)} → ${JSON.stringify(want)}`, () =>
      assert.equal(shortRevisionHash(name), want));
});

describe('revisionHashMatches (docs/behaviour/cloneset.md#revisions: label == name || short(label) == short(name))', () => {
  const cases: ReadonlyArray<readonly [string | undefined, string, boolean]> = [
    ['cs-abc', 'cs-abc', true],
    ['abc', 'cs-abc', true],
    ['other-abc', 'cs-abc', true],
    ['cs-abd', 'cs-abc', false],
    [undefined, 'cs-abc', false],
    ['', '', true],
  ];
  for (const [label, name, want] of cases) {
    it(`${JSON.stringify(label)} vs ${name} → ${want}`, () =>
      assert.equal(revisionHashMatches(label, name), want));
  }
  it('reads the pod label', () => {
    assert.ok(isAtRevision({ labels: { [CONTROLLER_REVISION_HASH_LABEL_KEY]: 'abc' } }, 'cs-abc'));
    assert.equal(isAtRevision({}, 'cs-abc'), false);
  });
});

describe('revisionHashLabels (docs/behaviour/cloneset.md#labels: controller-revision-hash and pod-template-hash)', () => {
  it('writes the full name by default and always the short hash as pod-template-hash', () => {
    assert.deepEqual(revisionHashLabels('cs-abc'), {
      [CONTROLLER_REVISION_HASH_LABEL_KEY]: 'cs-abc',
      [POD_TEMPLATE_HASH_LABEL_KEY]: 'abc',
    });
  });
  it('writes only the short hash with the CloneSetShortHash gate', () => {
    assert.deepEqual(revisionHashLabels('cs-abc', true), {
      [CONTROLLER_REVISION_HASH_LABEL_KEY]: 'abc',
      [POD_TEMPLATE_HASH_LABEL_KEY]: 'abc',
    });
  });
});
