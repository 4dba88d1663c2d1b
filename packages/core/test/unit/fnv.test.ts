import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fnv1_32, fnv1a_32, newFnv1 } from '../../src/fnv.ts';

// [input, Go hash/fnv New32 sum, New32a sum] — computed with Go.
const GO_VECTORS: ReadonlyArray<readonly [string, number, number]> = [
  ['', 2166136261, 2166136261],
  ['a', 84696446, 3826002220],
  ['foobar', 837857890, 3214735720],
  ['sample', 601528575, 2531492519],
  ['é🚀', 3762170028, 1336039582],
  ['kruise-system', 3838150874, 1083001388],
];

describe('FNV 32-bit hashes (docs/behaviour/cloneset.md#revisions uses FNV-1, partitions use FNV-1a)', () => {
  for (const [input, fnv1, fnv1a] of GO_VECTORS) {
    it(`${JSON.stringify(input)}: FNV-1 ${fnv1}, FNV-1a ${fnv1a}`, () => {
      assert.equal(fnv1_32(input), fnv1);
      assert.equal(fnv1a_32(input), fnv1a);
    });
  }
  it('hashes UTF-8 bytes, so text and its encoding agree', () => {
    assert.equal(fnv1_32(new TextEncoder().encode('é🚀')), fnv1_32('é🚀'));
  });
  it('incremental writes equal one write of the concatenation', () => {
    const h = newFnv1();
    h.write('foo');
    h.write(new TextEncoder().encode('bar'));
    assert.equal(h.sum32(), fnv1_32('foobar'));
  });
  it('returns an unsigned 32-bit integer', () => {
    for (const [input] of GO_VECTORS) {
      const h = fnv1_32(input);
      assert.ok(Number.isInteger(h) && h >= 0 && h < 2 ** 32);
    }
  });
});
