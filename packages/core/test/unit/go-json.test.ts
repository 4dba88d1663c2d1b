import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareGoStrings, formatGoFloat, marshalGoJson } from '../../src/go-json.ts';

describe('marshalGoJson — Go encoding/json of generic values (docs/behaviour/cloneset.md#revisions, docs/behaviour/cloneset.md#edge-go-json-hashes)', () => {
  it('sorts object keys at every level and keeps array order', () => {
    assert.equal(marshalGoJson({ b: 1, a: { d: [3, 1], c: null } }), '{"a":{"c":null,"d":[3,1]},"b":1}');
  });
  it('sorts "$patch" before letters', () => {
    assert.equal(
      marshalGoJson({ spec: 1, $patch: 'replace', metadata: 2 }),
      '{"$patch":"replace","metadata":2,"spec":1}',
    );
  });
  it('escapes <, > and & for HTML safety, in values and keys', () => {
    assert.equal(
      marshalGoJson({ '<k>': 'a && b > c' }),
      '{"\\u003ck\\u003e":"a \\u0026\\u0026 b \\u003e c"}',
    );
  });
  it('escapes U+2028 and U+2029 but leaves other non-ASCII raw', () => {
    assert.equal(marshalGoJson('é\u2028中\u2029🚀'), '"é\\u2028中\\u2029🚀"');
  });
  it('uses short escapes for \\b \\f \\n \\r \\t and \\u00XX for other control characters; DEL stays raw', () => {
    assert.equal(marshalGoJson('\b\f\n\r\t\u0001\u001f\u007f'), '"\\b\\f\\n\\r\\t\\u0001\\u001f\u007f"');
  });
  it('escapes quotes and backslashes', () => {
    assert.equal(marshalGoJson('say "hi" \\'), '"say \\"hi\\" \\\\"');
  });
  it('replaces lone surrogates with U+FFFD, as Go decodes them', () => {
    assert.equal(marshalGoJson('x\ud800y'), '"x\ufffdy"');
    assert.equal(marshalGoJson({ '\udc00': 1 }), '{"\ufffd":1}');
  });
  it('writes booleans, null, empty containers', () => {
    assert.equal(marshalGoJson([true, false, null, {}, []]), '[true,false,null,{},[]]');
  });
});

describe('formatGoFloat — Go float64 formatting', () => {
  const cases: ReadonlyArray<readonly [number, string]> = [
    [0, '0'],
    [-0, '-0'],
    [80, '80'],
    [-1, '-1'],
    [0.1, '0.1'],
    [1e20, '100000000000000000000'],
    [1e21, '1e+21'],
    [0.000001, '0.000001'],
    [0.0000001, '1e-7'],
    [1.5e-7, '1.5e-7'],
    [2 ** 53, '9007199254740992'],
    [2 ** 63, '9223372036854776000'],
    [123456789012345680, '123456789012345680'],
    [5e-324, '5e-324'],
    [1.7976931348623157e308, '1.7976931348623157e+308'],
    [123456789.125, '123456789.125'],
  ];
  for (const [n, want] of cases) {
    it(`${want}`, () => assert.equal(formatGoFloat(n), want));
  }
  it('refuses NaN and infinities like Go', () => {
    assert.throws(() => formatGoFloat(Number.NaN));
    assert.throws(() => formatGoFloat(Number.POSITIVE_INFINITY));
  });
});

describe('compareGoStrings — UTF-8 byte order', () => {
  it('orders ASCII like plain comparison', () => {
    assert.ok(compareGoStrings('a', 'b') < 0);
    assert.ok(compareGoStrings('ab', 'a') > 0);
    assert.equal(compareGoStrings('same', 'same'), 0);
  });
  it('puts astral characters after U+FFFF (UTF-16 order would not)', () => {
    assert.ok(compareGoStrings('😀', '\uffff') > 0);
    assert.ok(compareGoStrings('\uffff', '😀') < 0);
    assert.ok('😀' < '\uffff');
  });
  it('sorts uppercase before lowercase (bytes, not locale)', () => {
    assert.deepEqual(['b', 'B', 'a', 'A'].sort(compareGoStrings), ['A', 'B', 'a', 'b']);
  });
});
