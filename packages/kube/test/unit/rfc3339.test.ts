// One RFC 3339 reader for the project (packages/kube/src/rfc3339.ts): what Go's time.Parse(time.RFC3339, …)
// accepts, and why it rejects the rest.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRfc3339, readRfc3339 } from '../../src/rfc3339.ts';

describe('parseRfc3339 (Go time.Parse with time.RFC3339)', () => {
  const rows: [string, string | undefined][] = [
    ['2022-09-06T02:00:00Z', '2022-09-06T02:00:00.000Z'],
    ['2022-09-06T10:00:00+08:00', '2022-09-06T02:00:00.000Z'],
    ['2012-11-04T01:30:00-05:00', '2012-11-04T06:30:00.000Z'],
    ['2022-09-06T02:00:00.250Z', '2022-09-06T02:00:00.250Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
    ['2023-02-29T00:00:00Z', undefined],
    ['2022-09-06t02:00:00Z', undefined],
    ['2022-09-06T02:00:00', undefined],
    ['2022-09-06T24:00:00Z', undefined],
    ['', undefined],
  ];
  for (const [text, want] of rows)
    it(`${JSON.stringify(text)} ⇒ ${want ?? 'rejected'}`, () => {
      const got = parseRfc3339(text);
      assert.equal(got === undefined ? undefined : new Date(got).toISOString(), want);
    });
  it('year 1 (Go zero time) parses', () =>
    assert.equal(parseRfc3339('0001-01-01T00:00:00Z'), Date.parse('0001-01-01T00:00:00Z')));
});

describe('readRfc3339', () => {
  const rows: [string, ReturnType<typeof readRfc3339>][] = [
    ['2022-09-06T02:00:00Z', { seconds: 1662429600, fraction: '' }],
    ['2022-09-06T2:00:00,5Z', { seconds: 1662429600, fraction: '5' }],
    ['2022-09-06T10:00:00.000+08:00', { seconds: 1662429600, fraction: '000' }],
    ['2022-09-06 02:00:00Z', 'syntax'],
    ['2022-13-06T02:00:00Z', 'range'],
    ['2022-09-06T02:00:60Z', 'range'],
    ['2022-09-06T02:00:00+24:00', 'range'],
  ];
  for (const [text, want] of rows)
    it(`${text} ⇒ ${JSON.stringify(want)}`, () => assert.deepEqual(readRfc3339(text), want));
});
