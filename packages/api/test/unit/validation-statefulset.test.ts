// Advanced StatefulSet validation, docs/behaviour/advanced-statefulset.md#validation (statefulset_validation_test.go TestValidateStatefulSet,
// TestValidateStatefulSetUpdate, TestValidateReserveOrdinals).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  type FieldError,
  type StatefulSetV1beta1,
  validateStatefulSetV1alpha1,
  validateStatefulSetV1beta1,
} from '../../src/index.ts';
import { statefulSetV1beta1 } from '../fixtures/objects.ts';

const messages = (errs: FieldError[]) => errs.map((e) => e.message);
const rolling = (o: StatefulSetV1beta1) => {
  o.spec.updateStrategy ??= {};
  o.spec.updateStrategy.rollingUpdate ??= {};
  return o.spec.updateStrategy.rollingUpdate;
};

describe('Advanced StatefulSet CREATE', () => {
  test('a defaulted StatefulSet is valid', () =>
    assert.deepEqual(validateStatefulSetV1beta1(statefulSetV1beta1()), []));

  const cases: [string, (o: StatefulSetV1beta1) => void, string[]][] = [
    [
      'reserveOrdinals "12" is not a range',
      (o) => {
        o.spec.reserveOrdinals = ['12'];
      },
      [
        'spec: Invalid value: ["12"]: 0 th reserve ordinal is not a valid range: 12',
        'spec: Invalid value: ["12"]: 0 th reserve ordinal is invalid: 12, err = invalid range 12',
      ],
    ],
    [
      'reserveOrdinals "5-2" is reversed',
      (o) => {
        o.spec.reserveOrdinals = [1, '5-2'];
      },
      ['spec: Invalid value: [1,"5-2"]: 1 th reserve ordinal is invalid: 5-2, err = invalid range 5-2'],
    ],
    [
      'negative reserve ordinal',
      (o) => {
        o.spec.reserveOrdinals = [-1];
      },
      ['spec: Invalid value: [-1]: 0 th reserve ordinal is negative: -1'],
    ],
    [
      'maxUnavailable "0%" (computes to 0 against 1)',
      (o) => {
        o.spec.podManagementPolicy = 'Parallel';
        rolling(o).maxUnavailable = '0%';
      },
      ['spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: 0: should not be less than 1'],
    ],
    [
      'maxUnavailable "0" (not a percentage)',
      (o) => {
        o.spec.podManagementPolicy = 'Parallel';
        rolling(o).maxUnavailable = '0';
      },
      [
        "spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: \"0\": a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
        'spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: 0: getValueFromIntOrPercent error: invalid value for IntOrString: invalid type: string is not a percentage',
      ],
    ],
    [
      'maxUnavailable other than 1 needs Parallel',
      (o) => {
        rolling(o).maxUnavailable = 2;
      },
      [
        'spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: 2: can only work with Parallel PodManagementPolicyType',
      ],
    ],
    [
      'scaleStrategy.maxUnavailable follows the same rule',
      (o) => {
        o.spec.scaleStrategy = { maxUnavailable: '50%' };
      },
      [
        'spec.scaleStrategy.maxUnavailable: Invalid value: "50%": can only work with Parallel PodManagementPolicyType',
      ],
    ],
    [
      'unknown podManagementPolicy',
      (o) => {
        o.spec.podManagementPolicy = 'Random' as 'Parallel';
      },
      ["spec.podManagementPolicy: Invalid value: \"Random\": must be 'OrderedReady' or 'Parallel'"],
    ],
    [
      'OnDelete with rollingUpdate',
      (o) => {
        o.spec.updateStrategy!.type = 'OnDelete';
      },
      [
        'spec.updateStrategy.rollingUpdate: Invalid value: {"partition":0,"maxUnavailable":1,"podUpdatePolicy":"ReCreate","minReadySeconds":0}: only allowed for updateStrategy \'RollingUpdate\'',
      ],
    ],
    [
      'minReadySeconds above 300',
      (o) => {
        rolling(o).minReadySeconds = 301;
      },
      [
        'spec.updateStrategy.rollingUpdate.minReadySeconds: Invalid value: 301: must be no more than 300 seconds',
      ],
    ],
    [
      'in-place policy without the InPlaceUpdateReady readiness gate',
      (o) => {
        rolling(o).podUpdatePolicy = 'InPlaceIfPossible';
      },
      [
        'spec.template.spec.readinessGates: Invalid value: []: must contains InPlaceUpdateReady when podUpdatePolicy is InPlaceIfPossible',
      ],
    ],
    [
      'unorderedUpdate needs Parallel',
      (o) => {
        rolling(o).unorderedUpdate = { priorityStrategy: { orderPriority: [{ orderedKey: 'k' }] } };
      },
      [
        'spec.updateStrategy.rollingUpdate.unorderedUpdate: Required value: unorderedUpdate can only work with Parallel PodManagementPolicyType',
      ],
    ],
    [
      'PVC retention policy values',
      (o) => {
        o.spec.persistentVolumeClaimRetentionPolicy = {
          whenDeleted: 'Keep' as 'Retain',
          whenScaled: 'Delete',
        };
      },
      [
        'spec.persistentVolumeClaimRetentionPolicy.whenDeleted: Unsupported value: "Keep": supported values: "Retain", "Delete"',
      ],
    ],
    [
      'selector must match the template labels',
      (o) => {
        o.spec.selector = { matchLabels: { app: 'other' } };
      },
      [
        'spec.template.metadata.labels: Invalid value: {"app":"cs"}: `selector` does not match template `labels`',
      ],
    ],
    [
      'empty selector',
      (o) => {
        o.spec.selector = {};
      },
      ['spec.selector: Invalid value: {}: empty selector is invalid for statefulset'],
    ],
    [
      'restartPolicy and activeDeadlineSeconds',
      (o) => {
        o.spec.template.spec!.restartPolicy = 'OnFailure';
        o.spec.template.spec!.activeDeadlineSeconds = 5;
      },
      [
        'spec.template.spec.restartPolicy: Unsupported value: "OnFailure": supported values: "Always"',
        'spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in StatefulSet is not Supported',
      ],
    ],
  ];
  for (const [name, edit, want] of cases) {
    test(name, () => assert.deepEqual(messages(validateStatefulSetV1beta1(statefulSetV1beta1(edit))), want));
  }

  test('accepts "1%" maxUnavailable with Parallel, ranges like "1-3", and in-place with the gate', () => {
    const obj = statefulSetV1beta1((o) => {
      o.spec.podManagementPolicy = 'Parallel';
      rolling(o).maxUnavailable = '1%';
      rolling(o).podUpdatePolicy = 'InPlaceIfPossible';
      o.spec.template.spec!.readinessGates = [{ conditionType: 'InPlaceUpdateReady' }];
      o.spec.reserveOrdinals = [0, '3-5'];
    });
    assert.deepEqual(validateStatefulSetV1beta1(obj), []);
  });

  test('v1alpha1 is validated through its v1beta1 form', () => {
    const beta = statefulSetV1beta1((o) => {
      rolling(o).minReadySeconds = 400;
    });
    const { persistentVolumeClaimRetentionPolicy: _p, ...spec } = beta.spec;
    assert.deepEqual(
      messages(validateStatefulSetV1alpha1({ ...beta, apiVersion: 'apps.kruise.io/v1alpha1', spec })),
      [
        'spec.updateStrategy.rollingUpdate.minReadySeconds: Invalid value: 400: must be no more than 300 seconds',
      ],
    );
  });
});

describe('Advanced StatefulSet UPDATE', () => {
  test('serviceName and podManagementPolicy are immutable', () => {
    const old = statefulSetV1beta1();
    const obj = statefulSetV1beta1((o) => {
      o.spec.serviceName = 'other';
    });
    assert.deepEqual(messages(validateStatefulSetV1beta1(obj, { old })), [
      "spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'reserveOrdinals', 'lifecycle', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy', `volumeClaimTemplates`, `VolumeClaimUpdateStrategy` and 'updateStrategy' are forbidden",
    ]);
  });

  test('replicas, template, reserveOrdinals may change', () => {
    const old = statefulSetV1beta1();
    const obj = statefulSetV1beta1((o) => {
      o.spec.replicas = 7;
      o.spec.reserveOrdinals = [1];
      o.spec.template.spec!.containers[0]!.image = 'nginx:2';
    });
    assert.deepEqual(validateStatefulSetV1beta1(obj, { old }), []);
  });

  test("InPlaceOnly allows only image changes (Kruise's unanchored regexp also lets imagePullPolicy through)", () => {
    const inPlaceOnly = (o: StatefulSetV1beta1) => {
      rolling(o).podUpdatePolicy = 'InPlaceOnly';
      o.spec.template.spec!.readinessGates = [{ conditionType: 'InPlaceUpdateReady' }];
    };
    const old = statefulSetV1beta1(inPlaceOnly);
    const images = statefulSetV1beta1((o) => {
      inPlaceOnly(o);
      o.spec.template.spec!.containers[0]!.image = 'nginx:2';
      o.spec.template.spec!.containers[0]!.imagePullPolicy = 'IfNotPresent';
    });
    assert.deepEqual(validateStatefulSetV1beta1(images, { old }), []);
    const env = statefulSetV1beta1((o) => {
      inPlaceOnly(o);
      o.spec.template.spec!.containers[0]!.env = [{ name: 'A', value: '1' }];
    });
    assert.deepEqual(messages(validateStatefulSetV1beta1(env, { old })), [
      'spec.template: Forbidden: invalid template modified with InPlaceOnly strategy: add /containers/0/env, currently only image update is allowed for InPlaceOnly',
    ]);
  });
});
