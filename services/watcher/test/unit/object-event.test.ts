import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ObjectEventType } from '@kruise-ts/bus';
import { watchedResources } from '../../src/kinds.ts';
import { normalized, toObjectEvent } from '../../src/object-event.ts';
import type { KubeObject } from '../../src/watch-events.ts';

const pods = watchedResources.find((r) => r.plural === 'pods')!;
const clonesets = watchedResources.find((r) => r.plural === 'clonesets')!;
const namespaces = watchedResources.find((r) => r.plural === 'namespaces')!;

describe('object events', () => {
  test('list items get the apiVersion and kind the watch would have given them', () => {
    const { object, json } = normalized(clonesets, { metadata: { name: 'web' } });
    assert.equal(object.apiVersion, 'apps.kruise.io/v1beta1');
    assert.equal(object.kind, 'CloneSet');
    assert.deepEqual(JSON.parse(new TextDecoder().decode(json)), object);
  });

  test('the envelope carries identity, revision, generation, controller owner and labels', () => {
    const { object, json } = normalized(pods, {
      metadata: {
        namespace: 'ns',
        name: 'web-0',
        uid: 'u1',
        resourceVersion: '42',
        generation: 3,
        labels: { app: 'web' },
        ownerReferences: [{ uid: 'not-controller' }, { uid: 'owner', controller: true }],
      },
    });
    const event = toObjectEvent({ resource: pods, type: 'MODIFIED', object, json, resourceVersion: '42' });
    assert.deepEqual(event.kind, { group: '', version: 'v1', kind: 'Pod' });
    assert.equal(event.type, ObjectEventType.OBJECT_EVENT_TYPE_MODIFIED);
    assert.equal(event.namespace, 'ns');
    assert.equal(event.name, 'web-0');
    assert.equal(event.uid, 'u1');
    assert.equal(event.resourceVersion, '42');
    assert.equal(event.generation, 3);
    assert.equal(event.controllerUid, 'owner');
    assert.deepEqual(event.labels, { app: 'web' });
    assert.equal(event.object, json);
  });

  test('a TOMBSTONE is at the revision of the list that found the object gone', () => {
    const { object, json } = normalized(pods, {
      metadata: { namespace: 'ns', name: 'a', uid: 'u', resourceVersion: '10' },
    });
    const event = toObjectEvent({ resource: pods, type: 'TOMBSTONE', object, json, resourceVersion: '99' });
    assert.equal(event.type, ObjectEventType.OBJECT_EVENT_TYPE_TOMBSTONE);
    assert.equal(event.resourceVersion, '99');
  });

  test("a watch event's own text is published as it is, when it is the kind watched and has no managedFields", () => {
    const text = '{"kind":"Pod","apiVersion":"v1","metadata":{"name":"a","uid":"u","resourceVersion":"3"}}';
    const object = JSON.parse(text) as KubeObject;
    const own = normalized(pods, object, text);
    assert.equal(own.object, object);
    assert.equal(new TextDecoder().decode(own.json), text);
    // Another kind (or managedFields left in) falls back to serialising the normalised object.
    const other = normalized(clonesets, object, text);
    assert.equal(JSON.parse(new TextDecoder().decode(other.json)).kind, 'CloneSet');
    const withFields = { ...object, metadata: { ...object.metadata, managedFields: [{}] } };
    const dropped = normalized(pods, withFields, text);
    assert.equal(JSON.parse(new TextDecoder().decode(dropped.json)).metadata.managedFields, undefined);
  });

  test('a head-only object of another kind is serialised again from its whole text, not from its head', () => {
    const text = '{"kind":"Pod","apiVersion":"v1","metadata":{"name":"a"},"spec":{"nodeName":"n"}}';
    const head = { kind: 'Pod', apiVersion: 'v1', metadata: { name: 'a' } };
    const { json } = normalized(clonesets, head, text, true);
    const published = JSON.parse(new TextDecoder().decode(json));
    assert.equal(published.kind, 'CloneSet');
    assert.deepEqual(published.spec, { nodeName: 'n' });
  });

  test('cluster-scoped objects have an empty namespace', () => {
    const { object, json } = normalized(namespaces, {
      metadata: { name: 'team', uid: 'u', resourceVersion: '1' },
    });
    const event = toObjectEvent({ resource: namespaces, type: 'ADDED', object, json, resourceVersion: '1' });
    assert.equal(event.namespace, '');
    assert.equal(event.controllerUid, '');
    assert.deepEqual(event.labels, {});
  });
});
