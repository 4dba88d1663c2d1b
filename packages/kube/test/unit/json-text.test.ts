import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { stringEnd } from '../../src/json-text.ts';
import { walkMetadata } from '../../src/managed-fields.ts';

describe('walkMetadata: where the first metadata object ends', () => {
  const cases: { name: string; text: string; head: string | undefined }[] = [
    {
      name: 'a pod: up to the metadata closing brace',
      text: '{"kind":"Pod","apiVersion":"v1","metadata":{"name":"a","labels":{"x":"y"}},"spec":{"nodeName":"n"}}',
      head: '{"kind":"Pod","apiVersion":"v1","metadata":{"name":"a","labels":{"x":"y"}}',
    },
    {
      name: 'braces and escaped quotes inside strings are not counted',
      text: '{"metadata":{"annotations":{"a":"}{\\"}]"},"name":"b"},"spec":{}}',
      head: '{"metadata":{"annotations":{"a":"}{\\"}]"},"name":"b"}',
    },
    {
      name: 'in a watch event',
      text: '{"type":"ADDED","object":{"metadata":{"name":"a"},"status":{}}}',
      head: '{"type":"ADDED","object":{"metadata":{"name":"a"}',
    },
    { name: 'no metadata', text: '{"type":"BOOKMARK","object":{}}', head: undefined },
    {
      name: 'empty metadata',
      text: '{"kind":"Status","metadata":{},"code":410}',
      head: '{"kind":"Status","metadata":{}',
    },
    {
      name: 'numbers, booleans and null among its values',
      text: '{"metadata":{"generation":3,"x":true,"y":null,"name":"a"},"spec":{}}',
      head: '{"metadata":{"generation":3,"x":true,"y":null,"name":"a"}',
    },
    { name: 'not compact JSON', text: '{"metadata": {"name":"a"}}', head: undefined },
    { name: 'cut off inside the metadata', text: '{"metadata":{"name":"a","labels":{', head: undefined },
    { name: 'cut off inside a string', text: '{"metadata":{"name":"a}', head: undefined },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const walk = walkMetadata(c.text);
      assert.equal(walk === undefined ? undefined : c.text.slice(0, walk.end), c.head);
    });
  }
});

describe('stringEnd', () => {
  // The index just past the closing quote of the string that opens at 0.
  const cases: { name: string; text: string; end: number }[] = [
    { name: 'a plain string', text: '"abc",1', end: 5 },
    { name: 'an empty string', text: '"",1', end: 2 },
    { name: 'an escaped quote does not close it', text: '"a\\"b",1', end: 6 },
    { name: 'an escaped backslash before the quote: the quote closes it', text: '"a\\\\",1', end: 5 },
    { name: 'three backslashes: the quote is escaped', text: '"a\\\\\\"b",1', end: 8 },
    { name: 'only backslashes inside', text: '"\\\\\\\\"', end: 6 },
    { name: 'never closed', text: '"abc', end: -1 },
    { name: 'an escaped quote at the very end', text: '"abc\\"', end: -1 },
  ];
  for (const c of cases) {
    test(c.name, () => {
      assert.equal(stringEnd(c.text, 0), c.end);
      if (c.end > 0) assert.equal(JSON.parse(c.text.slice(0, c.end)).length >= 0, true);
    });
  }
});
