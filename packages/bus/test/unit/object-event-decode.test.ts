// The hand-written ObjectEvent decoder must give exactly what the generated decoder plus toObject() gave (the
// codec's result before it): same own fields, values and value types, for every field and edge of the wire.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import protobuf from 'protobufjs/minimal.js';
import { kruise } from '../../src/generated/proto.js';
import { decodeObjectEvent } from '../../src/object-event-decode.ts';

const v1 = kruise.bus.v1;
const generated = (bytes: Uint8Array) =>
  v1.ObjectEvent.toObject(v1.ObjectEvent.decode(bytes), { longs: Number, defaults: true });
const encode = (init: kruise.bus.v1.ObjectEvent.$Properties) => v1.ObjectEvent.encode(init).finish();

function assertSame(bytes: Uint8Array, what: string): void {
  const expected = generated(bytes);
  const actual = decodeObjectEvent(bytes);
  assert.deepStrictEqual(Object.keys(actual).sort(), Object.keys(expected).sort(), `${what}: fields`);
  // deepStrictEqual would also compare Buffer against Uint8Array prototypes; the bytes are what matter.
  assert.deepStrictEqual([...actual.object], [...(expected.object as Uint8Array)], `${what}: object bytes`);
  assert.deepStrictEqual({ ...actual, object: null }, { ...expected, object: null }, what);
  assert.equal(typeof actual.generation, 'number', `${what}: generation is a number`);
}

const full: kruise.bus.v1.ObjectEvent.$Properties = {
  kind: { group: 'apps.kruise.io', version: 'v1beta1', kind: 'CloneSet' },
  type: v1.ObjectEventType.OBJECT_EVENT_TYPE_MODIFIED,
  namespace: 'team-a',
  name: 'web',
  uid: 'u-1',
  resourceVersion: '123456',
  generation: 2 ** 40 + 3,
  controllerUid: 'owner-1',
  labels: { app: 'web', 'apps.kruise.io/x': 'é€𝄞', empty: '' },
  object: new TextEncoder().encode('{"kind":"CloneSet"}'),
  partition: 7,
  observedAt: { seconds: 1_735_787_045, nanos: 678_000_000 },
  publisherId: 'watcher/0',
};

describe('decodeObjectEvent', () => {
  test('every field set', () => assertSame(encode(full), 'full'));

  test('nothing set: proto3 defaults, partition absent', () => {
    assertSame(encode({}), 'empty');
    assert.equal('partition' in decodeObjectEvent(encode({})), false);
  });

  test('explicit partition 0 and negative generation', () => {
    assertSame(encode({ name: 'n', partition: 0, generation: -5 }), 'zeroes');
    assert.equal(decodeObjectEvent(encode({ partition: 0 })).partition, 0);
  });

  test('nested messages with missing fields, and labels with empty keys', () => {
    assertSame(encode({ kind: { kind: 'Pod' }, observedAt: { nanos: 1 }, labels: { '': 'v' } }), 'partial');
  });

  test('explicit zero values on the wire', () => {
    const w = protobuf.Writer.create();
    w.uint32((2 << 3) | 0).int32(0); // type = 0
    w.uint32((3 << 3) | 2).string(''); // namespace = ''
    w.uint32((7 << 3) | 0).int64(0); // generation = 0
    w.uint32((10 << 3) | 2).bytes(new Uint8Array(0)); // object = empty
    assertSame(w.finish(), 'explicit zeroes');
  });

  test('a repeated message field merges; a later scalar wins', () => {
    const a = encode({ kind: { group: 'g', kind: 'K' }, name: 'first' });
    const b = encode({ kind: { version: 'v9' }, name: 'second' });
    const both = new Uint8Array([...a, ...b]);
    assertSame(both, 'merged');
    assert.deepEqual(decodeObjectEvent(both).kind, { group: 'g', version: 'v9', kind: 'K' });
  });

  test('unknown fields of every wire type are skipped', () => {
    const w = protobuf.Writer.create();
    w.uint32((4 << 3) | 2).string('named');
    w.uint32((99 << 3) | 0).uint64(12345);
    w.uint32((100 << 3) | 1).fixed64(1);
    w.uint32((101 << 3) | 2).bytes(new Uint8Array([1, 2, 3]));
    w.uint32((102 << 3) | 5).fixed32(9);
    w.uint32((3 << 3) | 0).uint32(5); // a known field with the wrong wire type
    const bytes = w.finish();
    assertSame(bytes, 'unknowns');
    assert.equal(decodeObjectEvent(bytes).name, 'named');
  });

  test('truncated or invalid bytes throw, as the generated decoder does', () => {
    const bytes = encode(full);
    for (const cut of [1, 5, bytes.length - 1]) {
      assert.throws(() => v1.ObjectEvent.decode(bytes.subarray(0, cut)));
      assert.throws(() => decodeObjectEvent(bytes.subarray(0, cut)), `cut at ${cut}`);
    }
    const badUtf8 = new Uint8Array([(4 << 3) | 2, 2, 0xc3, 0x28]);
    assert.throws(() => v1.ObjectEvent.decode(badUtf8));
    assert.throws(() => decodeObjectEvent(badUtf8));
  });

  test('a label keyed __proto__ is an own label', () => {
    const w = protobuf.Writer.create();
    w.uint32((9 << 3) | 2)
      .fork()
      .uint32((1 << 3) | 2)
      .string('__proto__')
      .uint32((2 << 3) | 2)
      .string('x')
      .ldelim();
    const bytes = w.finish();
    assertSame(bytes, '__proto__');
    assert.equal(Object.getOwnPropertyDescriptor(decodeObjectEvent(bytes).labels, '__proto__')?.value, 'x');
  });
});
