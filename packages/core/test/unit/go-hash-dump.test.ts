import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deepHashDumpOfBytes } from '../../src/go-hash-dump.ts';
import { marshalGoJson, marshalGoJsonInOrder } from '../../src/go-json.ts';
import { normaliseAsGoStruct } from '../../src/pod-template-normalise.ts';

describe('deepHashDumpOfBytes (go-spew %#v of a []byte, as DeepHashObject writes it)', () => {
  it('writes the type, then each byte in decimal', () => {
    assert.equal(deepHashDumpOfBytes('[{"a'), '([]uint8)[91 123 34 97]');
    assert.equal(deepHashDumpOfBytes(new Uint8Array([0, 255])), '([]uint8)[0 255]');
    assert.equal(deepHashDumpOfBytes('é'), '([]uint8)[195 169]');
    assert.equal(deepHashDumpOfBytes(''), '([]uint8)[]');
  });
});

describe('marshalGoJsonInOrder', () => {
  it('keeps the tree’s key order, where marshalGoJson sorts, with the same escaping', () => {
    const value = { name: 'a<b', creationTimestamp: null };
    assert.equal(marshalGoJsonInOrder(value), '{"name":"a\\u003cb","creationTimestamp":null}');
    assert.equal(marshalGoJson(value), '{"creationTimestamp":null,"name":"a\\u003cb"}');
  });
  it('writes a PersistentVolumeClaim in Go’s field order, its maps sorted', () => {
    const claim = normaliseAsGoStruct(
      { spec: { resources: { requests: { storage: '1Gi', cpu: '1' } } }, metadata: { name: 'd' } },
      {},
      'PersistentVolumeClaim',
    );
    assert.equal(
      marshalGoJsonInOrder(claim),
      '{"metadata":{"name":"d","creationTimestamp":null},"spec":{"resources":{"requests":{"cpu":"1","storage":"1Gi"}}},"status":{}}',
    );
  });
});
