import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { metadataEnd } from '../../src/json-text.ts';

describe('metadataEnd', () => {
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
    { name: 'cut off inside the metadata', text: '{"metadata":{"name":"a","labels":{', head: undefined },
    { name: 'cut off inside a string', text: '{"metadata":{"name":"a}', head: undefined },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const end = metadataEnd(c.text);
      assert.equal(end < 0 ? undefined : c.text.slice(0, end), c.head);
    });
  }
});
