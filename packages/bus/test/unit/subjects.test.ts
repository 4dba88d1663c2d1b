import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  eventFilterSubjects,
  eventSubject,
  objectFilterSubjects,
  objectSubject,
  parseEventSubject,
  parseObjectSubject,
  partitionOf,
  topology,
} from '../../src/index.ts';

const topo = topology({ partitions: 16 });
const cloneSet = { group: 'apps.kruise.io', kind: 'CloneSet' };

describe('object subjects', () => {
  test('a namespaced object lives under its kind, partition, namespace and name', () => {
    const subject = objectSubject(topo, { ...cloneSet, namespace: 'default', name: 'web' });
    assert.equal(subject, `kruise.objects.CloneSet.apps_kruise_io.${partitionOf('default', 16)}.default.web`);
    assert.deepEqual(parseObjectSubject(topo, subject), {
      ...cloneSet,
      partition: partitionOf('default', 16),
      namespace: 'default',
      name: 'web',
    });
  });

  test('a cluster-scoped object is unpartitioned: `_` for partition and namespace', () => {
    const subject = objectSubject(topo, {
      group: '',
      kind: 'Node',
      namespace: '',
      name: 'node-1.example.com',
    });
    assert.equal(subject, 'kruise.objects.Node._._._.node-1_example_com');
    assert.deepEqual(parseObjectSubject(topo, subject), {
      group: '',
      kind: 'Node',
      partition: undefined,
      namespace: '',
      name: 'node-1.example.com',
    });
  });

  test('a pod and its workload share a partition', () => {
    const pod = objectSubject(topo, { group: '', kind: 'Pod', namespace: 'team-a', name: 'web-x1' });
    const cs = objectSubject(topo, { ...cloneSet, namespace: 'team-a', name: 'web' });
    assert.equal(pod.split('.')[4], cs.split('.')[4]);
  });

  test('the prefix roots everything', () => {
    const t = topology({ prefix: 't1', partitions: 2 });
    assert.match(objectSubject(t, { ...cloneSet, namespace: 'a', name: 'b' }), /^t1\.objects\./);
    assert.throws(() => parseObjectSubject(t, 'kruise.objects.Pod._.0.a.b'), /not an object subject/);
  });

  test('filters select the owned partitions plus cluster scope, without overlap', () => {
    assert.deepEqual(objectFilterSubjects(topo, { partitions: [3, 1, 3] }), [
      'kruise.objects.*.*.1.>',
      'kruise.objects.*.*.3.>',
      'kruise.objects.*.*._.>',
    ]);
    assert.deepEqual(
      objectFilterSubjects(topo, { partitions: [0], kinds: [cloneSet], clusterScoped: false }),
      ['kruise.objects.CloneSet.apps_kruise_io.0.>'],
    );
    assert.throws(() => objectFilterSubjects(topo, { partitions: [16] }), /outside/);
  });
});

describe('event subjects', () => {
  test('a domain event is filed under its type and the place of the object it is about', () => {
    const subject = eventSubject(topo, 'RolloutProgress', { namespace: 'prod', name: 'web' });
    assert.equal(subject, `kruise.events.RolloutProgress.${partitionOf('prod', 16)}.prod.web`);
    assert.deepEqual(parseEventSubject(topo, subject), {
      type: 'RolloutProgress',
      partition: partitionOf('prod', 16),
      namespace: 'prod',
      name: 'web',
    });
  });

  test('filters by type and partition', () => {
    assert.deepEqual(eventFilterSubjects(topo), ['kruise.events.*.*.>']);
    assert.deepEqual(eventFilterSubjects(topo, { types: ['CertificateRotated'] }), [
      'kruise.events.CertificateRotated.*.>',
    ]);
    assert.deepEqual(eventFilterSubjects(topo, { types: ['RevisionCreated'], partitions: [2] }), [
      'kruise.events.RevisionCreated.2.>',
      'kruise.events.RevisionCreated._.>',
    ]);
  });
});
