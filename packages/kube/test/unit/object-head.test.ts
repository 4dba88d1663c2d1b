import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseObjectHead } from '../../src/object-head.ts';

describe('parseObjectHead', () => {
  const cases: { name: string; text: string; head: unknown }[] = [
    {
      name: 'a pod as the apiserver answers: kind, apiVersion and metadata, managedFields left out',
      text:
        '{"kind":"Pod","apiVersion":"v1","metadata":{"name":"a","uid":"u1","resourceVersion":"7",' +
        '"managedFields":[{"manager":"m","fieldsV1":{"f:spec":{}}}],"labels":{"x":"y"}},' +
        '"spec":{"nodeName":"n"},"status":{"phase":"Pending"}}',
      head: {
        kind: 'Pod',
        apiVersion: 'v1',
        metadata: { name: 'a', uid: 'u1', resourceVersion: '7', labels: { x: 'y' } },
      },
    },
    {
      name: 'braces and quotes inside the metadata strings do not cut it short',
      text: '{"kind":"Event","apiVersion":"v1","metadata":{"name":"e","annotations":{"a":"}\\"{"}},"message":"x"}',
      head: { kind: 'Event', apiVersion: 'v1', metadata: { name: 'e', annotations: { a: '}"{' } } },
    },
    {
      name: 'a custom object as the apiserver writes it: apiVersion first, metadata keys sorted',
      text:
        '{"apiVersion":"apps.kruise.io/v1beta1","kind":"StatefulSet","metadata":{"generation":2,' +
        '"managedFields":[{"manager":"m"}],"name":"web","resourceVersion":"9"},"spec":{"replicas":3}}',
      head: {
        kind: 'StatefulSet',
        apiVersion: 'apps.kruise.io/v1beta1',
        metadata: { generation: 2, name: 'web', resourceVersion: '9' },
      },
    },
    {
      name: 'a Status: its code and details follow its metadata, so it is parsed whole',
      text: '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Success","details":{"name":"a"}}',
      head: undefined,
    },
    {
      name: 'another layout: metadata first',
      text: '{"metadata":{"name":"a"},"kind":"Pod","apiVersion":"v1"}',
      head: undefined,
    },
    {
      name: 'the first metadata is not the object’s own',
      text: '{"kind":"X","apiVersion":"v1","spec":{"metadata":{"name":"inner"}},"metadata":{"name":"outer"}}',
      head: undefined,
    },
    { name: 'no metadata at all', text: '{"kind":"X","apiVersion":"v1","spec":{}}', head: undefined },
    { name: 'not JSON', text: '404 page not found', head: undefined },
    {
      name: 'cut off inside the metadata',
      text: '{"kind":"Pod","apiVersion":"v1","metadata":{"name":"a"',
      head: undefined,
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      assert.deepEqual(parseObjectHead(c.text), c.head);
    });
  }
});
