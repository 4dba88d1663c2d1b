import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CONTROLLER_REVISION_HASH_LABEL,
  cloneSetRevisionData,
  controllerRevisionName,
  hashControllerRevision,
  newCloneSetRevision,
  safeEncodeString,
  VOLUME_CLAIM_TEMPLATE_HASH_ANNOTATION,
} from '../../src/revision.ts';
import { GO_REVISION_VECTORS } from '../go-revision-vectors.ts';

const SAMPLE_TEMPLATE = {
  metadata: { labels: { app: 'sample' } },
  spec: { containers: [{ name: 'nginx', image: 'nginx:1.22-alpine' }] },
};

describe('CloneSet revision name — mandatory vector (docs/behaviour/cloneset.md#revisions)', () => {
  it('CloneSet "sample" with collision count 0 is named sample-66bf7df478', () => {
    const data = cloneSetRevisionData(SAMPLE_TEMPLATE);
    assert.equal(
      data,
      '{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null,"labels":{"app":"sample"}},"spec":{"containers":[{"image":"nginx:1.22-alpine","name":"nginx","resources":{}}]}}}}',
    );
    assert.equal(controllerRevisionName('sample', hashControllerRevision(data, 0)), 'sample-66bf7df478');
  });
});

describe('CloneSet revision data and name match Go (docs/behaviour/cloneset.md#revisions, vectors from real corev1 structs)', () => {
  for (const v of GO_REVISION_VECTORS) {
    it(`${v.name}${v.apiMinor === undefined ? '' : ` (k8s.io/api v0.${v.apiMinor})`}`, () => {
      const options = v.apiMinor === undefined ? {} : { apiMinor: v.apiMinor };
      const data = cloneSetRevisionData(JSON.parse(v.template), options);
      assert.equal(data, v.data);
      assert.equal(
        controllerRevisionName(v.parent, hashControllerRevision(data, v.collisionCount)),
        v.revisionName,
      );
    });
  }
});

describe('hashControllerRevision (docs/behaviour/cloneset.md#revisions: FNV-1 32 over data ‖ decimal(collisionCount), SafeEncodeString)', () => {
  it('writes the count digits even when the count is 0, but nothing for an absent count', () => {
    const data = cloneSetRevisionData(SAMPLE_TEMPLATE);
    assert.notEqual(hashControllerRevision(data, 0), hashControllerRevision(data));
  });
  it('hashes data ‖ count as one stream (same as hashing the concatenation)', () => {
    assert.equal(hashControllerRevision('abc', 17), hashControllerRevision('abc17'));
  });
  it('accepts bytes as well as text', () => {
    assert.equal(hashControllerRevision(new TextEncoder().encode('é'), 3), hashControllerRevision('é', 3));
  });
  it('rejects a fractional collision count', () => {
    assert.throws(() => hashControllerRevision('x', 1.5), RangeError);
  });
});

describe('safeEncodeString (k8s rand.SafeEncodeString)', () => {
  it('maps decimal digits by code point modulo 27 into the vowel-free alphabet', () => {
    // '0' is 48 → 48 % 27 = 21 → '4'; '9' is 57 → 3 → 'f'.
    assert.equal(safeEncodeString('0123456789'), '456789bcdf');
  });
  it('renders a uint32 as at most 10 characters', () => {
    assert.equal(safeEncodeString(String(2 ** 32 - 1)).length, 10);
  });
});

describe('controllerRevisionName', () => {
  it('joins prefix and hash with a dash', () => {
    assert.equal(controllerRevisionName('cs', 'abc'), 'cs-abc');
  });
  it('cuts the prefix to 223 characters so the name stays within 253', () => {
    assert.equal(controllerRevisionName('a'.repeat(300), 'h'), `${'a'.repeat(223)}-h`);
  });
});

describe('newCloneSetRevision (docs/behaviour/cloneset.md#revisions labels, owner, annotations)', () => {
  const cloneSet = {
    metadata: { name: 'sample', namespace: 'ns', uid: 'uid-1', annotations: { team: 'a', note: 'copied' } },
    spec: { template: SAMPLE_TEMPLATE },
  };
  const { revision, dataJson, hash } = newCloneSetRevision(cloneSet, 3, 0);

  it('names the revision <cloneset>-<hash> and labels it with the hash and the template labels', () => {
    assert.equal(hash, '66bf7df478');
    assert.equal(revision.metadata.name, 'sample-66bf7df478');
    assert.equal(revision.metadata.namespace, 'ns');
    assert.deepEqual(revision.metadata.labels, {
      app: 'sample',
      [CONTROLLER_REVISION_HASH_LABEL]: '66bf7df478',
    });
  });
  it('copies every CloneSet annotation and writes an empty volume-claim-template hash when none is given', () => {
    assert.deepEqual(revision.metadata.annotations, {
      team: 'a',
      note: 'copied',
      [VOLUME_CLAIM_TEMPLATE_HASH_ANNOTATION]: '',
    });
  });
  it('leaves kruise-ts’s conversion stash out: Kruise’s revisions never carry it', () => {
    const stashed = {
      ...cloneSet,
      metadata: {
        ...cloneSet.metadata,
        annotations: { team: 'a', 'conversion.kruise-ts.dev/v1alpha1-fields': '{"fields":[]}' },
      },
    };
    assert.deepEqual(newCloneSetRevision(stashed, 1, 0).revision.metadata.annotations, {
      team: 'a',
      [VOLUME_CLAIM_TEMPLATE_HASH_ANNOTATION]: '',
    });
  });
  it('uses a caller-computed volume-claim-template hash', () => {
    const r = newCloneSetRevision(cloneSet, 1, 0, { volumeClaimTemplatesHash: '12345' }).revision;
    assert.equal(r.metadata.annotations?.[VOLUME_CLAIM_TEMPLATE_HASH_ANNOTATION], '12345');
  });
  it('is controlled by the CloneSet (apps.kruise.io/v1beta1)', () => {
    assert.deepEqual(revision.metadata.ownerReferences, [
      {
        apiVersion: 'apps.kruise.io/v1beta1',
        kind: 'CloneSet',
        name: 'sample',
        uid: 'uid-1',
        controller: true,
        blockOwnerDeletion: true,
      },
    ]);
  });
  it('carries the revision number and the data both as exact text and parsed', () => {
    assert.equal(revision.revision, 3);
    assert.equal(dataJson, cloneSetRevisionData(SAMPLE_TEMPLATE));
    assert.deepEqual(revision.data, JSON.parse(dataJson));
  });
  it('takes the labels from the Go-decoded template (empty labels → only the hash label)', () => {
    const r = newCloneSetRevision({ metadata: { name: 'x', uid: 'u' }, spec: {} }, 1, 0).revision;
    assert.deepEqual(Object.keys(r.metadata.labels ?? {}), [CONTROLLER_REVISION_HASH_LABEL]);
    assert.equal(r.metadata.namespace, undefined);
  });
});
