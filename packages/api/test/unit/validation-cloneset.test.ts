// CloneSet validation, docs/behaviour/cloneset.md#validation (pkg/webhook/cloneset/validating/validation_test.go TestValidate: "UT valid").
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  aggregateMessage,
  type CloneSetV1alpha1,
  type CloneSetV1beta1,
  type FieldError,
  type PodSummary,
  validateCloneSetDeletion,
  validateCloneSetV1alpha1,
  validateCloneSetV1beta1,
} from '../../src/index.ts';
import { cloneSetV1alpha1, cloneSetV1beta1 } from '../fixtures/objects.ts';

const messages = (errs: FieldError[]) => errs.map((e) => e.message);

function strategy(o: CloneSetV1alpha1) {
  o.spec.updateStrategy ??= {};
  return o.spec.updateStrategy;
}

describe('CloneSet v1alpha1 CREATE', () => {
  test('a defaulted CloneSet is valid', () => {
    assert.deepEqual(validateCloneSetV1alpha1(cloneSetV1alpha1()), []);
  });

  const cases: [string, (o: CloneSetV1alpha1) => void, string[]][] = [
    [
      'invalid-replicas',
      (o) => {
        o.spec.replicas = -1;
      },
      ['spec.replicas: Invalid value: -1: must be greater than or equal to 0'],
    ],
    [
      'invalid-selector (does not match the template labels)',
      (o) => {
        o.spec.selector = { matchLabels: { a: 'b', c: 'd' } };
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
      ['spec.selector: Invalid value: {}: empty selector is invalid for cloneset'],
    ],
    [
      'missing selector',
      (o) => void delete (o.spec as Partial<CloneSetV1alpha1['spec']>).selector,
      [
        'spec.selector: Required value',
        'spec.template.metadata.labels: Invalid value: {"app":"cs"}: `selector` does not match template `labels`',
      ],
    ],
    [
      'invalid-update-type: "" is rejected (only reachable without the mutating webhook)',
      (o) => {
        strategy(o).type = '' as 'ReCreate';
      },
      [
        "spec.updateStrategy.type: Invalid value: \"\": must be 'ReCreate', InPlaceIfPossible or 'InPlaceOnly'",
      ],
    ],
    [
      'OnDelete is rejected by the v1alpha1 validator',
      (o) => {
        strategy(o).type = 'OnDelete';
      },
      [
        "spec.updateStrategy.type: Invalid value: \"OnDelete\": must be 'ReCreate', InPlaceIfPossible or 'InPlaceOnly'",
      ],
    ],
    [
      'invalid-partition',
      (o) => {
        strategy(o).partition = -1;
      },
      ['spec.updateStrategy.partition: Invalid value: -1: must be greater than or equal to 0'],
    ],
    [
      'partition that is not a percentage',
      (o) => {
        strategy(o).partition = '5';
      },
      [
        'spec.updateStrategy.partition: Invalid value: "5": failed GetScaledValueFromIntOrPercent for partition: invalid type: string is not a percentage',
      ],
    ],
    [
      'invalid-maxSurge: maxUnavailable 0 and maxSurge 0',
      (o) => {
        strategy(o).maxUnavailable = 0;
        strategy(o).maxSurge = 0;
      },
      [
        'spec.updateStrategy.maxUnavailable: Invalid value: 0: maxUnavailable and maxSurge should not both be less than 1',
      ],
    ],
    [
      'invalid-cloneset-maxSurge-create: plain numeric string',
      (o) => {
        strategy(o).maxSurge = '5';
      },
      [
        'spec.updateStrategy.maxSurge: Invalid value: "5": failed GetScaledValueFromIntOrPercent for maxSurge: invalid type: string is not a percentage',
      ],
    ],
    [
      'invalid-cloneset-maxUnavailable-create: plain numeric string',
      (o) => {
        strategy(o).maxUnavailable = '5';
        strategy(o).maxSurge = 1;
      },
      [
        'spec.updateStrategy.maxUnavailable: Invalid value: "5": failed GetScaledValueFromIntOrPercent for maxUnavailable: invalid type: string is not a percentage',
      ],
    ],
    [
      'InPlaceOnly with maxSurge',
      (o) => {
        strategy(o).type = 'InPlaceOnly';
        strategy(o).maxSurge = 1;
      },
      [
        'spec.updateStrategy.maxSurge: Invalid value: "1": can not use maxSurge with strategy type InPlaceOnly',
      ],
    ],
    [
      'weight priority out of range',
      (o) => {
        strategy(o).priorityStrategy = {
          weightPriority: [{ weight: 101, matchSelector: { matchLabels: { a: 'b' } } }],
        };
      },
      [
        'spec.updateStrategy.priorityStrategy: Required value: weight must be valid number in the range 1-100',
      ],
    ],
    [
      'both weight and order priority',
      (o) => {
        strategy(o).priorityStrategy = {
          weightPriority: [{ weight: 1, matchSelector: { matchLabels: { a: 'b' } } }],
          orderPriority: [{ orderedKey: 'k' }],
        };
      },
      [
        'spec.updateStrategy.priorityStrategy: Required value: only one of weightPriority and orderPriority can be used',
      ],
    ],
    [
      'duplicate scatter terms',
      (o) => {
        strategy(o).scatterStrategy = [
          { key: 'k', value: 'v' },
          { key: 'k', value: 'v' },
        ];
      },
      ['spec.updateStrategy.scatterStrategy: Required value: duplicated key=k value=v'],
    ],
    [
      'invalid-podsToDelete-1: duplicates',
      (o) => {
        o.spec.scaleStrategy = { podsToDelete: ['p0', 'p0'] };
      },
      ['spec.scaleStrategy.podsToDelete: Invalid value: ["p0","p0"]: duplicated items [p0]'],
    ],
    [
      'invalid-negative-progressDeadlineSeconds',
      (o) => {
        o.spec.progressDeadlineSeconds = -1;
      },
      [
        'spec.progressDeadlineSeconds: Invalid value: -1: must be greater than or equal to 0',
        'spec.progressDeadlineSeconds: Invalid value: -1: must be greater than minReadySeconds',
      ],
    ],
    [
      'invalid-progressDeadlineSeconds-equals-to-minReadySeconds',
      (o) => {
        o.spec.progressDeadlineSeconds = 10;
        o.spec.minReadySeconds = 10;
      },
      ['spec.progressDeadlineSeconds: Invalid value: 10: must be greater than minReadySeconds'],
    ],
    [
      'invalid-progressDeadlineSeconds-less-than-minReadySeconds',
      (o) => {
        o.spec.progressDeadlineSeconds = 5;
        o.spec.minReadySeconds = 10;
      },
      ['spec.progressDeadlineSeconds: Invalid value: 5: must be greater than minReadySeconds'],
    ],
    [
      'restartPolicy other than Always',
      (o) => {
        o.spec.template.spec!.restartPolicy = 'Never';
      },
      ['spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"'],
    ],
    [
      'activeDeadlineSeconds',
      (o) => {
        o.spec.template.spec!.activeDeadlineSeconds = 10;
      },
      [
        'spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in cloneset is not Supported',
      ],
    ],
    [
      'invalid-template: a container without image',
      (o) => void delete o.spec.template.spec!.containers[0]!.image,
      ['spec.template.spec.containers[0].image: Required value'],
    ],
    [
      'invalid-template: a mount of an unknown volume',
      (o) => {
        o.spec.template.spec!.containers[0]!.volumeMounts = [{ name: 'nope', mountPath: '/x' }];
      },
      ['spec.template.spec.containers[0].volumeMounts[0].name: Not found: "nope"'],
    ],
    [
      'invalid metadata name',
      (o) => {
        o.metadata!.name = 'Bad_Name';
      },
      [
        "metadata.name: Invalid value: \"Bad_Name\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      ],
    ],
  ];
  for (const [name, edit, want] of cases) {
    test(name, () => assert.deepEqual(messages(validateCloneSetV1alpha1(cloneSetV1alpha1(edit))), want));
  }

  const accepted: [string, (o: CloneSetV1alpha1) => void][] = [
    [
      '"120%" maxUnavailable',
      (o) => {
        strategy(o).maxUnavailable = '120%';
      },
    ],
    [
      'maxUnavailable 0 with maxSurge 1',
      (o) => {
        strategy(o).maxUnavailable = 0;
        strategy(o).maxSurge = 1;
      },
    ],
    [
      'partition above replicas',
      (o) => {
        strategy(o).partition = 10;
      },
    ],
    [
      '"12.5%" partition (a float percentage)',
      (o) => {
        strategy(o).partition = '12.5%';
      },
    ],
    [
      'progressDeadlineSeconds MaxInt32 with minReadySeconds MaxInt32',
      (o) => {
        o.spec.progressDeadlineSeconds = 2147483647;
        o.spec.minReadySeconds = 2147483647;
      },
    ],
    [
      'replicas 0 with maxUnavailable 0 and maxSurge 0',
      (o) => {
        o.spec.replicas = 0;
        strategy(o).maxUnavailable = 0;
      },
    ],
    [
      'weight 0 (the message says 1-100, Kruise accepts 0)',
      (o) => {
        strategy(o).priorityStrategy = {
          weightPriority: [{ weight: 0, matchSelector: { matchLabels: { a: 'b' } } }],
        };
      },
    ],
    [
      'a volumeClaimTemplate mounted by name (mocked into the volumes)',
      (o) => {
        o.spec.volumeClaimTemplates = [{ metadata: { name: 'data' } }];
        o.spec.template.spec!.containers[0]!.volumeMounts = [{ name: 'data', mountPath: '/data' }];
      },
    ],
  ];
  for (const [name, edit] of accepted) {
    test(`accepts ${name}`, () =>
      assert.deepEqual(messages(validateCloneSetV1alpha1(cloneSetV1alpha1(edit))), []));
  }

  describe('podsToDelete checks (given the pods the webhook sees)', () => {
    const pods = new Map<string, PodSummary>([
      [
        'p0',
        {
          metadata: {
            ownerReferences: [
              {
                apiVersion: 'apps.kruise.io/v1beta1',
                kind: 'CloneSet',
                name: 'cs',
                uid: 'cs-uid',
                controller: true,
              },
            ],
          },
        },
      ],
      ['p2', { metadata: { deletionTimestamp: '2026-01-01T00:00:00Z' } }],
      [
        'p3',
        {
          metadata: {
            ownerReferences: [{ apiVersion: 'v1', kind: 'X', name: 'x', uid: 'other', controller: true }],
          },
        },
      ],
    ]);
    const withPods = (names: string[], old?: string[]) =>
      messages(
        validateCloneSetV1alpha1(
          cloneSetV1alpha1((o) => {
            o.spec.scaleStrategy = { podsToDelete: names };
          }),
          {
            pods,
            ...(old
              ? {
                  old: cloneSetV1alpha1((o) => {
                    o.spec.scaleStrategy = { podsToDelete: old };
                  }),
                }
              : {}),
          },
        ),
      );
    test('an owned pod is accepted', () => assert.deepEqual(withPods(['p0']), []));
    test('invalid-podsToDelete-3: a missing pod', () =>
      assert.deepEqual(withPods(['p1']), [
        'spec.scaleStrategy.podsToDelete: Invalid value: "p1": find pod p1 failed: pods "p1" not found',
      ]));
    test('a terminating pod', () =>
      assert.deepEqual(withPods(['p2']), [
        'spec.scaleStrategy.podsToDelete: Invalid value: "p2": find pod p2 already terminating',
      ]));
    test('a pod owned by someone else', () =>
      assert.deepEqual(withPods(['p3']), [
        'spec.scaleStrategy.podsToDelete: Invalid value: "p3": find pod p3 owner is not this CloneSet',
      ]));
    test('names already listed in the old object are not looked up again', () =>
      assert.deepEqual(withPods(['p1'], ['p1']), []));
  });
});

describe('CloneSet v1alpha1 UPDATE', () => {
  test('changing replicas, template, strategy is allowed', () => {
    const old = cloneSetV1alpha1();
    const obj = cloneSetV1alpha1((o) => {
      o.spec.replicas = 5;
      o.spec.template.spec!.containers[0]!.image = 'nginx:2.0';
      strategy(o).partition = 1;
    });
    assert.deepEqual(validateCloneSetV1alpha1(obj, { old }), []);
  });

  test('disallowed-field-modification: the selector is immutable', () => {
    const old = cloneSetV1alpha1();
    const obj = cloneSetV1alpha1((o) => {
      o.spec.selector = { matchLabels: { app: 'cs', x: 'y' } };
      o.spec.template.metadata!.labels = { app: 'cs', x: 'y' };
    });
    assert.deepEqual(messages(validateCloneSetV1alpha1(obj, { old })), [
      "spec: Forbidden: updates to cloneset spec for fields other than 'replicas', 'template', 'lifecycle', 'scaleStrategy', 'updateStrategy', 'minReadySeconds', 'progressDeadlineSeconds', 'volumeClaimTemplates' and 'revisionHistoryLimit' are forbidden",
    ]);
  });

  test('InPlaceOnly: an image change is allowed', () => {
    const old = cloneSetV1alpha1((o) => {
      strategy(o).type = 'InPlaceOnly';
    });
    const obj = cloneSetV1alpha1((o) => {
      strategy(o).type = 'InPlaceOnly';
      o.spec.template.spec!.containers[0]!.image = 'nginx:2.0';
    });
    assert.deepEqual(validateCloneSetV1alpha1(obj, { old }), []);
  });

  test('invalid-cloneset-update-1: InPlaceOnly rejects an imagePullPolicy change', () => {
    const old = cloneSetV1alpha1((o) => {
      strategy(o).type = 'InPlaceOnly';
    });
    const obj = cloneSetV1alpha1((o) => {
      strategy(o).type = 'InPlaceOnly';
      o.spec.template.spec!.containers[0]!.imagePullPolicy = 'IfNotPresent';
    });
    assert.deepEqual(messages(validateCloneSetV1alpha1(obj, { old })), [
      'spec: Forbidden: only allowed to update images in spec for InPlaceOnly, but found replace /containers/0/imagePullPolicy',
    ]);
  });

  test('InPlaceOnly ignores template metadata changes', () => {
    const old = cloneSetV1alpha1((o) => {
      strategy(o).type = 'InPlaceOnly';
    });
    const obj = cloneSetV1alpha1((o) => {
      strategy(o).type = 'InPlaceOnly';
      o.spec.template.metadata!.annotations = { a: 'b' };
    });
    assert.deepEqual(validateCloneSetV1alpha1(obj, { old }), []);
  });
});

describe('CloneSet v1beta1', () => {
  const rolling = (o: CloneSetV1beta1) => {
    o.spec.updateStrategy ??= {};
    o.spec.updateStrategy.rollingUpdate ??= {};
    return o.spec.updateStrategy.rollingUpdate;
  };

  test('a defaulted CloneSet is valid, OnDelete too', () => {
    assert.deepEqual(validateCloneSetV1beta1(cloneSetV1beta1()), []);
    assert.deepEqual(
      validateCloneSetV1beta1(
        cloneSetV1beta1((o) => {
          o.spec.updateStrategy = { type: 'OnDelete' };
        }),
      ),
      [],
    );
  });

  const cases: [string, (o: CloneSetV1beta1) => void, string[]][] = [
    [
      'unknown strategy type',
      (o) => {
        o.spec.updateStrategy!.type = 'ReCreate' as 'OnDelete';
      },
      ["spec.updateStrategy.type: Invalid value: \"ReCreate\": must be 'RollingUpdate' or 'OnDelete'"],
    ],
    [
      'unknown podUpdatePolicy',
      (o) => {
        rolling(o).podUpdatePolicy = 'Foo' as 'ReCreate';
      },
      [
        "spec.updateStrategy.rollingUpdate.podUpdatePolicy: Invalid value: \"Foo\": must be 'ReCreate', 'InPlaceIfPossible' or 'InPlaceOnly'",
      ],
    ],
    [
      'InPlaceOnly with maxSurge',
      (o) => {
        rolling(o).podUpdatePolicy = 'InPlaceOnly';
        rolling(o).maxSurge = '50%';
      },
      [
        'spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: "50%": can not use maxSurge with podUpdatePolicy InPlaceOnly',
      ],
    ],
    [
      'negative partition',
      (o) => {
        rolling(o).partition = -2;
      },
      ['spec.updateStrategy.rollingUpdate.partition: Invalid value: -2: must be greater than or equal to 0'],
    ],
    [
      'percentage imagePreDownloadParallelism',
      (o) => {
        rolling(o).inPlaceUpdateStrategy = { imagePreDownloadParallelism: '50%' };
      },
      [
        'spec.updateStrategy.rollingUpdate.inPlaceUpdateStrategy.imagePreDownloadParallelism: Invalid value: "50%": imagePreDownloadParallelism does not support percentage value',
      ],
    ],
    [
      'negative imagePreDownloadParallelism',
      (o) => {
        rolling(o).inPlaceUpdateStrategy = { imagePreDownloadParallelism: -1 };
      },
      [
        'spec.updateStrategy.rollingUpdate.inPlaceUpdateStrategy.imagePreDownloadParallelism: Invalid value: -1: imagePreDownloadParallelism must be non-negative',
      ],
    ],
    [
      'non-numeric imagePreDownloadParallelism',
      (o) => {
        rolling(o).inPlaceUpdateStrategy = { imagePreDownloadParallelism: 'abc' };
      },
      [
        'spec.updateStrategy.rollingUpdate.inPlaceUpdateStrategy.imagePreDownloadParallelism: Invalid value: "abc": imagePreDownloadParallelism must be a valid integer: strconv.ParseInt: parsing "abc": invalid syntax',
      ],
    ],
    [
      'negative imagePreDownloadTimeoutSeconds',
      (o) => {
        rolling(o).inPlaceUpdateStrategy = { imagePreDownloadTimeoutSeconds: -5 };
      },
      [
        'spec.updateStrategy.rollingUpdate.inPlaceUpdateStrategy.imagePreDownloadTimeoutSeconds: Invalid value: -5: must be greater than or equal to 0',
      ],
    ],
    [
      'fixes Kruise bug (docs/behaviour/cloneset.md#edge-v1beta1-validation-gaps): progressDeadlineSeconds ≤ minReadySeconds is rejected in v1beta1 too',
      (o) => {
        o.spec.progressDeadlineSeconds = 5;
        o.spec.minReadySeconds = 10;
      },
      ['spec.progressDeadlineSeconds: Invalid value: 5: must be greater than minReadySeconds'],
    ],
  ];
  for (const [name, edit, want] of cases) {
    test(name, () => assert.deepEqual(messages(validateCloneSetV1beta1(cloneSetV1beta1(edit))), want));
  }

  test('accepts numeric-string imagePreDownloadParallelism "5" and "0"', () => {
    for (const value of ['5', '0', 0]) {
      const obj = cloneSetV1beta1((o) => {
        rolling(o).inPlaceUpdateStrategy = { imagePreDownloadParallelism: value };
      });
      assert.deepEqual(validateCloneSetV1beta1(obj), []);
    }
  });

  test('fixes Kruise bug (docs/behaviour/cloneset.md#edge-v1beta1-validation-gaps): InPlaceOnly image-only rule applies to v1beta1 updates', () => {
    const old = cloneSetV1beta1((o) => {
      rolling(o).podUpdatePolicy = 'InPlaceOnly';
    });
    const obj = cloneSetV1beta1((o) => {
      rolling(o).podUpdatePolicy = 'InPlaceOnly';
      o.spec.template.spec!.containers[0]!.env = [{ name: 'A', value: 'b' }];
    });
    assert.deepEqual(messages(validateCloneSetV1beta1(obj, { old })), [
      'spec: Forbidden: only allowed to update images in spec for InPlaceOnly, but found add /containers/0/env',
    ]);
  });

  test('the selector is immutable', () => {
    const old = cloneSetV1beta1();
    const obj = cloneSetV1beta1((o) => {
      o.spec.selector = {
        matchLabels: { app: 'cs' },
        matchExpressions: [{ key: 'app', operator: 'Exists' }],
      };
    });
    assert.equal(validateCloneSetV1beta1(obj, { old })[0]?.type, 'FieldValueForbidden');
  });
});

describe('deletion protection and aggregate message', () => {
  const labelled = (value: string, replicas: number) =>
    cloneSetV1beta1((o) => {
      o.metadata!.labels = { 'policy.kruise.io/delete-protection': value };
      o.spec.replicas = replicas;
    });
  test('Always forbids, Cascading forbids while replicas > 0, only with the ResourcesDeletionProtection gate', () => {
    const on = { resourcesDeletionProtection: true };
    assert.equal(
      validateCloneSetDeletion(labelled('Always', 0), on),
      'forbidden by ResourcesProtectionDeletion for policy.kruise.io/delete-protection=Always',
    );
    assert.equal(
      validateCloneSetDeletion(labelled('Cascading', 2), on),
      'forbidden by ResourcesProtectionDeletion for policy.kruise.io/delete-protection=Cascading and replicas 2>0',
    );
    assert.equal(validateCloneSetDeletion(labelled('Cascading', 0), on), undefined);
    assert.equal(
      validateCloneSetDeletion(labelled('Always', 1), { resourcesDeletionProtection: false }),
      undefined,
    );
  });

  test('errors aggregate like k8s ErrorList.ToAggregate', () => {
    const errs = validateCloneSetV1alpha1(
      cloneSetV1alpha1((o) => {
        o.spec.replicas = -1;
        strategy(o).partition = -1;
      }),
    );
    assert.equal(
      aggregateMessage(errs),
      '[spec.replicas: Invalid value: -1: must be greater than or equal to 0, spec.updateStrategy.partition: Invalid value: -1: must be greater than or equal to 0]',
    );
    assert.deepEqual(
      errs.map((e) => [e.type, e.path]),
      [
        ['FieldValueInvalid', 'spec.replicas'],
        ['FieldValueInvalid', 'spec.updateStrategy.partition'],
      ],
    );
  });
});
