import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { walkMetadata, withoutManagedFields, withoutManagedFieldsUpTo } from '../../src/managed-fields.ts';

const MF =
  '"managedFields":[{"manager":"kube-controller-manager","fieldsV1":{"f:metadata":{"f:labels":{".":{}}}}}]';

describe('withoutManagedFields', () => {
  const cases: { name: string; text: string; want: string }[] = [
    {
      name: 'built-in object: managedFields is the last metadata key',
      text: `{"kind":"Pod","apiVersion":"v1","metadata":{"name":"a","labels":{"x":"y"},${MF}},"spec":{}}`,
      want: '{"kind":"Pod","apiVersion":"v1","metadata":{"name":"a","labels":{"x":"y"}},"spec":{}}',
    },
    {
      name: 'custom object: keys sorted, managedFields in the middle',
      text: `{"apiVersion":"apps.kruise.io/v1beta1","kind":"CloneSet","metadata":{"generation":2,${MF},"name":"c"},"spec":{}}`,
      want: '{"apiVersion":"apps.kruise.io/v1beta1","kind":"CloneSet","metadata":{"generation":2,"name":"c"},"spec":{}}',
    },
    {
      name: 'the only metadata key',
      text: `{"metadata":{${MF}}}`,
      want: '{"metadata":{}}',
    },
    {
      name: 'the first metadata key',
      text: `{"metadata":{${MF},"name":"a"}}`,
      want: '{"metadata":{"name":"a"}}',
    },
    {
      name: 'inside a watch event',
      text: `{"type":"MODIFIED","object":{"kind":"Pod","apiVersion":"v1","metadata":{"name":"a",${MF}}}}`,
      want: '{"type":"MODIFIED","object":{"kind":"Pod","apiVersion":"v1","metadata":{"name":"a"}}}',
    },
    {
      name: 'none on the object: a template’s managedFields is left alone',
      text: `{"metadata":{"name":"a"},"spec":{"template":{"metadata":{${MF}}}}}`,
      want: `{"metadata":{"name":"a"},"spec":{"template":{"metadata":{${MF}}}}}`,
    },
    {
      name: 'annotations that spell the key, quotes and braces inside strings',
      text: `{"metadata":{"annotations":{"managedFields":"[","k":"\\"managedFields\\":[{\\\\"},"name":"a",${MF}}}`,
      want: '{"metadata":{"annotations":{"managedFields":"[","k":"\\"managedFields\\":[{\\\\"},"name":"a"}}',
    },
    {
      name: 'numbers, booleans and null before it',
      text: `{"metadata":{"generation":12,"x":true,"y":null,${MF}}}`,
      want: '{"metadata":{"generation":12,"x":true,"y":null}}',
    },
    {
      name: 'not compact: left alone',
      text: `{"metadata": {"name": "a", ${MF}}}`,
      want: `{"metadata": {"name": "a", ${MF}}}`,
    },
    { name: 'no metadata', text: '{"type":"BOOKMARK","object":{}}', want: '{"type":"BOOKMARK","object":{}}' },
    {
      name: 'cut off mid-way: left alone',
      text: `{"metadata":{"name":"a",${MF.slice(0, 30)}`,
      want: `{"metadata":{"name":"a",${MF.slice(0, 30)}`,
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const got = withoutManagedFields(c.text);
      assert.equal(got, c.want);
      // Whatever comes out is still the same JSON, less the field.
      if (got !== c.text) {
        const parsed = JSON.parse(c.text) as {
          metadata?: Record<string, unknown>;
          object?: { metadata?: Record<string, unknown> };
        };
        const meta = parsed.object?.metadata ?? parsed.metadata;
        delete meta?.managedFields;
        assert.deepEqual(JSON.parse(got), parsed);
      }
    });
  }
});

describe('withoutManagedFieldsUpTo: the head of an object without managedFields, from one walk', () => {
  const cases: { name: string; text: string; head: string }[] = [
    {
      name: 'the last metadata key',
      text: `{"kind":"Pod","apiVersion":"v1","metadata":{"name":"a",${MF}},"spec":{"x":1}}`,
      head: '{"kind":"Pod","apiVersion":"v1","metadata":{"name":"a"}',
    },
    {
      name: 'in the middle',
      text: `{"kind":"CloneSet","metadata":{"generation":2,${MF},"name":"c"},"spec":{}}`,
      head: '{"kind":"CloneSet","metadata":{"generation":2,"name":"c"}',
    },
    {
      name: 'the only key',
      text: `{"kind":"X","metadata":{${MF}},"spec":{}}`,
      head: '{"kind":"X","metadata":{}',
    },
    {
      name: 'none',
      text: '{"kind":"X","metadata":{"name":"a"},"spec":{}}',
      head: '{"kind":"X","metadata":{"name":"a"}',
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const walk = walkMetadata(c.text);
      assert.ok(walk !== undefined);
      assert.equal(withoutManagedFieldsUpTo(c.text, walk, walk.end), c.head);
      assert.equal(withoutManagedFieldsUpTo(c.text, walk, c.text.length), withoutManagedFields(c.text));
    });
  }
});
