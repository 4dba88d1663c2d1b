import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fnv1a32, partitionOf } from '../../src/index.ts';
import { partitionVectors } from '../partition-vectors.ts';

describe('partition function (FNV-1a 32 of the namespace, mod P)', () => {
  for (const v of partitionVectors) {
    test(`'${v.namespace}' hashes like Go hash/fnv and nats-server partition()`, () => {
      assert.equal(fnv1a32(v.namespace), v.hash);
      assert.equal(partitionOf(v.namespace, 16), v.p16);
      assert.equal(partitionOf(v.namespace, 7), v.p7);
      assert.equal(partitionOf(v.namespace, 1000), v.p1000);
    });
  }

  test('hashes UTF-8 bytes, not UTF-16 code units', () => {
    assert.equal(fnv1a32('名前空間'), fnv1a32(new TextEncoder().encode('名前空間')));
  });

  test('one partition puts everything in partition 0', () => {
    assert.equal(partitionOf('anything', 1), 0);
  });

  test('rejects a partition count that is not a positive integer', () => {
    assert.throws(() => partitionOf('a', 0), /positive integer/);
    assert.throws(() => partitionOf('a', 2.5), /positive integer/);
  });
});
