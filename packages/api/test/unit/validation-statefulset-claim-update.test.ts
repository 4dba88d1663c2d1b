// volumeClaimTemplates update rules under StatefulSetAutoResizePVCGate (Kruise's
// pkg/webhook/statefulset/validating/statefulset_validation.go ValidateVolumeClaimTemplateUpdate); pure.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  type FieldError,
  type StatefulSetV1beta1,
  storageClassesToRead,
  validateVolumeClaimTemplateUpdate,
} from '../../src/index.ts';

type Template = NonNullable<StatefulSetV1beta1['spec']['volumeClaimTemplates']>[number];
const claim = (name: string, size: string, extra: Partial<NonNullable<Template['spec']>> = {}): Template => ({
  metadata: { name },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: size } }, ...extra },
});
const set = (templates: Template[], type: 'OnPodRollingUpdate' | 'OnDelete' = 'OnPodRollingUpdate') =>
  ({
    spec: { volumeClaimUpdateStrategy: { type }, volumeClaimTemplates: templates },
  }) as unknown as StatefulSetV1beta1;
const messages = (errs: FieldError[]) => errs.map((e) => e.message);
const classes = { named: new Map([['fast', { allowVolumeExpansion: true }]]), default: null };

test('validateVolumeClaimTemplateUpdate: one error, the first violation, in Kruise words', () => {
  const old = set([claim('data', '1Gi', { storageClassName: 'fast' }), claim('logs', '1Gi')]);
  const cases: [string, StatefulSetV1beta1, string[]][] = [
    ['unchanged', old, []],
    [
      'grown on an expandable class; logs grown with no default class',
      set([claim('data', '2Gi', { storageClassName: 'fast' }), claim('logs', '5Gi')]),
      [],
    ],
    [
      'a template removed',
      set([claim('data', '1Gi', { storageClassName: 'fast' })]),
      [
        'spec.volumeClaimTemplates: Invalid value: [{"metadata":{"name":"data"},"spec":{"accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"1Gi"}},"storageClassName":"fast"}}]: volumeClaimTemplate can not be added or deleted when OnRollingUpdate',
      ],
    ],
    [
      'a template renamed',
      set([claim('data', '1Gi', { storageClassName: 'fast' }), claim('journal', '1Gi')]),
      ['spec.volumeClaimTemplates[journal].name: Forbidden: volumeClaimTemplate name can not be modified'],
    ],
    [
      'another storage class',
      set([claim('data', '1Gi', { storageClassName: 'slow' }), claim('logs', '1Gi')]),
      [
        'spec.volumeClaimTemplates[data]: Invalid value: {"metadata":{"name":"data"},"spec":{"accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"1Gi"}},"storageClassName":"slow"}}: volumeClaimTemplate can not be modified when OnRollingUpdate',
      ],
    ],
    ['OnDelete: anything goes', set([claim('other', '9Gi')], 'OnDelete'), []],
  ];
  for (const [name, next, want] of cases) {
    assert.deepEqual(messages(validateVolumeClaimTemplateUpdate(next, old, classes)), want, name);
  }
});

test('storageClassesToRead: only the classes of resized templates, the default one for unnamed', () => {
  const old = set([claim('data', '1Gi', { storageClassName: 'fast' }), claim('logs', '1Gi')]);
  assert.deepEqual(storageClassesToRead(old, old), { names: [], defaultClass: false });
  assert.deepEqual(
    storageClassesToRead(
      set([claim('data', '2Gi', { storageClassName: 'fast' }), claim('logs', '2Gi')]),
      old,
    ),
    { names: ['fast'], defaultClass: true },
  );
  assert.deepEqual(storageClassesToRead(set([claim('data', '2Gi')], 'OnDelete'), old), {
    names: [],
    defaultClass: false,
  });
});
