// SidecarSet validation, docs/behaviour/sidecarset.md#validation (sidecarset_validating_test.go).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  type FieldError,
  type SidecarSetV1beta1,
  validateSidecarSetV1alpha1,
  validateSidecarSetV1beta1,
} from '../../src/index.ts';
import { sidecarSetV1beta1 } from '../fixtures/objects.ts';

const messages = (errs: FieldError[]) => errs.map((e) => e.message);

describe('SidecarSet', () => {
  test('the documentation example, defaulted, is valid', () =>
    assert.deepEqual(validateSidecarSetV1beta1(sidecarSetV1beta1()), []));

  const cases: [string, (o: SidecarSetV1beta1) => void, string[]][] = [
    [
      'name with characters outside [a-zA-Z0-9-]',
      (o) => {
        o.metadata!.name = 'bad.name';
      },
      [
        "metadata.name: Invalid value: \"bad.name\": sidecarset name must consist of alphanumeric characters or '-' (e.g. 'example-com', regex used for validation is '^[a-zA-Z0-9\\-]+$')",
      ],
    ],
    [
      'no selector',
      (o) => void delete o.spec.selector,
      ['spec.selector: Required value: no selector defined for SidecarSet'],
    ],
    [
      'empty selector',
      (o) => {
        o.spec.selector = {};
      },
      ['spec.selector: Invalid value: {}: empty selector is not valid for sidecarset.'],
    ],
    [
      'no containers at all',
      (o) => {
        o.spec.containers = [];
        o.spec.volumes = [];
      },
      ['spec: Required value: no initContainer or container defined for SidecarSet'],
    ],
    [
      'native sidecar init container with RollingUpdate',
      (o) => {
        o.spec.initContainers = [
          {
            name: 'init',
            image: 'busybox:1',
            restartPolicy: 'Always',
            imagePullPolicy: 'IfNotPresent',
            terminationMessagePolicy: 'File',
            podInjectPolicy: 'AfterAppContainer',
          },
        ];
      },
      ['spec.updateStrategy: Required value: The initContainer in-place upgrade is not currently supported.'],
    ],
    [
      'partition together with selector',
      (o) => {
        o.spec.updateStrategy!.partition = 1;
        o.spec.updateStrategy!.selector = { matchLabels: { a: 'b' } };
      },
      [
        'updateStrategy: Invalid value: "{\\"type\\":\\"RollingUpdate\\",\\"maxUnavailable\\":1,\\"partition\\":1,\\"selector\\":{\\"matchLabels\\":{\\"a\\":\\"b\\"}}}": Partition and Selector cannot be used together',
      ],
    ],
    [
      'maxUnavailable "50" (not a percent)',
      (o) => {
        o.spec.updateStrategy!.maxUnavailable = '50';
      },
      [
        "spec.updateStrategy.maxUnavailable: Invalid value: \"50\": a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
      ],
    ],
    [
      'unsupported podInjectPolicy and shareVolumePolicy',
      (o) => {
        o.spec.containers![0]!.podInjectPolicy = 'Middle' as 'AfterAppContainer';
        o.spec.containers![0]!.shareVolumePolicy = { type: 'maybe' as 'enabled' };
      },
      [
        'spec.container.podInjectPolicy: Invalid value: "Middle": unsupported pod inject policy',
        'spec.container.shareVolumePolicy: Invalid value: {"type":"maybe"}: unsupported share volume policy',
      ],
    ],
    [
      'a sidecar mounting an unknown volume (checked through a fake pod)',
      (o) => {
        o.spec.containers![0]!.volumeMounts = [{ name: 'missing', mountPath: '/m' }];
      },
      ['spec.containers[0].volumeMounts[0].name: Not found: "missing"'],
    ],
    [
      'transferEnv fieldRef outside the allowed fields',
      (o) => {
        o.spec.containers![0]!.transferEnv = [
          {
            envName: 'X',
            sourceContainerNameFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'spec.nodeName' } },
          },
        ];
      },
      [
        'spec[0].transferEnv.fieldRef.fieldPath: Unsupported value: "spec.nodeName": supported values: "metadata.annotations", "metadata.labels", "metadata.name"',
      ],
    ],
    [
      'patchPodMetadata without annotations or policy, and duplicate keys',
      (o) => {
        o.spec.patchPodMetadata = [
          {},
          { annotations: { a: '1' }, patchPolicy: 'Retain' },
          { annotations: { a: '2' }, patchPolicy: 'Retain' },
        ];
      },
      [
        'spec.patchPodMetadata: Required value: no annotations defined for SidecarSet',
        'spec.patchPodMetadata: Required value: no patchPolicy defined for patchPodMetadata',
        'spec.patchPodMetadata: Required value: patch annotation[a] already exist',
      ],
    ],
    [
      'injection revision without name or custom version',
      (o) => {
        o.spec.injectionStrategy = { revision: { policy: 'Always' } };
      },
      [
        'revision: Invalid value: {"policy":"Always"}: revisionName and customVersion cannot be empty simultaneously',
      ],
    ],
    [
      'resourcesPolicy expressions are evaluated (Kruise: sidecarset_resources_policy_test.go)',
      (o) => {
        o.spec.containers![0]!.resourcesPolicy = {
          targetContainersMode: 'sum',
          targetContainersNameRegex: '^app$',
          resourcesExpr: {
            limits: { cpu: 'max(cpu*50%, 50m)', memory: 'memory +' },
            requests: { cpu: 'memory * 2', memory: 'min(memory, 1Gi) - 2' },
          },
        };
      },
      [
        'spec[0].resourcesPolicy.resourcesExpr.limits.memory: Invalid value: "memory +": invalid expression: parse error: syntax error at line 1, col 9',
        'spec[0].resourcesPolicy.resourcesExpr.requests.cpu: Invalid value: "memory * 2": invalid expression: undefined variable: memory',
        'spec[0].resourcesPolicy.resourcesExpr.requests.memory: Invalid value: "min(memory, 1Gi) - 2": invalid expression: calculation result is negative: -1',
      ],
    ],
    [
      'resourcesPolicy without limits or requests',
      (o) => {
        o.spec.containers![0]!.resourcesPolicy = {
          targetContainersMode: 'max',
          targetContainersNameRegex: '.*',
          resourcesExpr: {},
        };
      },
      [
        'spec[0].resourcesPolicy.resourcesExpr: Invalid value: {}: at least one of limits or requests must be configured',
      ],
    ],
  ];
  for (const [name, edit, want] of cases) {
    test(name, () => assert.deepEqual(messages(validateSidecarSetV1beta1(sidecarSetV1beta1(edit))), want));
  }

  test('UPDATE: a new sidecar container is rejected, upgradeType is immutable, removing is fine', () => {
    const old = sidecarSetV1beta1();
    const added = sidecarSetV1beta1((o) =>
      o.spec.containers!.push({ ...structuredClone(o.spec.containers![0]!), name: 'sidecar2' }),
    );
    assert.deepEqual(messages(validateSidecarSetV1beta1(added, { old })), [
      'spec.containers.name: Invalid value: "sidecar2": container sidecar2 is not found',
    ]);
    const hot = sidecarSetV1beta1((o) => {
      o.spec.containers![0]!.upgradeStrategy = { upgradeType: 'HotUpgrade', hotUpgradeEmptyImage: 'empty:1' };
    });
    assert.deepEqual(messages(validateSidecarSetV1beta1(hot, { old })), [
      'spec.containers.upgradeStrategy.upgradeType: Invalid value: "sidecar1": container sidecar1 upgradeType is immutable',
    ]);
  });

  // docs/behaviour/sidecarset.md#hot-upgrade-validation: rules kruise-ts adds (Kruise's
  // sidecarset_hotupgrade_test.go only covers the immutable upgradeType, above).
  const hotUpgradeCases: [string, (o: SidecarSetV1beta1) => void, string[]][] = [
    [
      'HotUpgrade with an empty image is valid',
      (o) => {
        o.spec.containers![0]!.upgradeStrategy = {
          upgradeType: 'HotUpgrade',
          hotUpgradeEmptyImage: 'empty:1',
        };
      },
      [],
    ],
    [
      'HotUpgrade without hotUpgradeEmptyImage',
      (o) => {
        o.spec.containers![0]!.upgradeStrategy = { upgradeType: 'HotUpgrade' };
      },
      [
        'spec.containers[0].upgradeStrategy.hotUpgradeEmptyImage: Required value: hotUpgradeEmptyImage is required for HotUpgrade',
      ],
    ],
    [
      'HotUpgrade whose empty image is the image',
      (o) => {
        const c = o.spec.containers![0]!;
        c.upgradeStrategy = { upgradeType: 'HotUpgrade', hotUpgradeEmptyImage: c.image };
      },
      [
        `spec.containers[0].upgradeStrategy.hotUpgradeEmptyImage: Invalid value: "${sidecarSetV1beta1().spec.containers![0]!.image}": hotUpgradeEmptyImage must differ from the container image`,
      ],
    ],
    [
      'HotUpgrade on an init container',
      (o) => {
        o.spec.initContainers = [
          {
            name: 'init',
            image: 'busybox:1.36',
            restartPolicy: 'Always',
            imagePullPolicy: 'IfNotPresent',
            terminationMessagePolicy: 'File',
            upgradeStrategy: { upgradeType: 'HotUpgrade', hotUpgradeEmptyImage: 'empty:1' },
          },
        ];
        // Init containers are only accepted without in-place upgrades.
        o.spec.updateStrategy = { type: 'NotUpdate' };
      },
      [
        'spec.initContainers[0].upgradeStrategy.upgradeType: Unsupported value: "HotUpgrade": supported values: "ColdUpgrade"',
      ],
    ],
  ];
  for (const [name, edit, want] of hotUpgradeCases) {
    test(name, () => assert.deepEqual(messages(validateSidecarSetV1beta1(sidecarSetV1beta1(edit))), want));
  }

  test('canary SidecarSets: base must exist, not be itself or a canary, and the canary must use NotUpdate', () => {
    const canary = (base: string, type: 'NotUpdate' | 'RollingUpdate') =>
      sidecarSetV1beta1((o) => {
        o.metadata!.name = 'canary';
        o.metadata!.annotations = {
          'apps.kruise.io/sidecarset-canary': 'true',
          'apps.kruise.io/sidecarset-base': base,
        };
        o.spec.updateStrategy!.type = type;
      });
    const base = sidecarSetV1beta1((o) => {
      o.metadata!.name = 'base';
    });
    assert.deepEqual(validateSidecarSetV1beta1(canary('base', 'NotUpdate'), { sidecarSets: [base] }), []);
    assert.deepEqual(
      messages(validateSidecarSetV1beta1(canary('gone', 'RollingUpdate'), { sidecarSets: [base] })).map((m) =>
        m.replace(/\{.*\}/, '{…}'),
      ),
      [
        'metadata: Invalid value: {…}: fetch base sidecarSet[gone] failed: sidecarsets.apps.kruise.io "gone" not found',
        'metadata: Invalid value: {…}: RollingUpdate is not supported for canary sidecarSet',
      ],
    );
  });

  test('conflicts with other SidecarSets whose selectors overlap (only when everything else is valid)', () => {
    const other = sidecarSetV1beta1((o) => {
      o.metadata!.name = 'other';
      o.spec.volumes = [{ name: 'log', hostPath: { path: '/var/log', type: '' } }];
    });
    const mine = sidecarSetV1beta1();
    assert.deepEqual(messages(validateSidecarSetV1beta1(mine, { sidecarSets: [other, mine] })), [
      'spec.containers: Invalid value: "sidecar1": container sidecar1 already exist in other',
      'spec.volumes: Invalid value: "log": volume log is in conflict with sidecarset other',
    ]);
    const elsewhere = sidecarSetV1beta1((o) => {
      o.metadata!.name = 'elsewhere';
      o.spec.selector = { matchLabels: { app: 'redis' } };
    });
    assert.deepEqual(validateSidecarSetV1beta1(mine, { sidecarSets: [elsewhere] }), []);
  });

  test('injectionStrategy.revision must exist; the lookup error is printed as Kruise prints it', () => {
    const obj = sidecarSetV1beta1((o) => {
      o.spec.injectionStrategy = { revision: { revisionName: 'gone' } };
    });
    assert.deepEqual(validateSidecarSetV1beta1(obj, { injectionRevisionExists: () => true }), []);
    assert.deepEqual(messages(validateSidecarSetV1beta1(obj, { injectionRevisionExists: () => false })), [
      'revision: Invalid value: null: Cannot find specific ControllerRevision, err: <nil>',
    ]);
    assert.deepEqual(
      messages(
        validateSidecarSetV1beta1(obj, {
          injectionRevisionExists: () => false,
          injectionRevisionError: 'controllerrevisions.apps "gone" not found',
        }),
      ),
      [
        'revision: Invalid value: null: Cannot find specific ControllerRevision, err: controllerrevisions.apps "gone" not found',
      ],
    );
  });

  test('patchPodMetadata whitelist (ConfigMap kruise-configuration), unless SidecarSetPatchPodMetadataDefaultsAllowed', () => {
    const obj = sidecarSetV1beta1((o) => {
      o.spec.patchPodMetadata = [{ annotations: { 'x/y': 'z' }, patchPolicy: 'Retain' }];
    });
    assert.deepEqual(messages(validateSidecarSetV1beta1(obj, { patchPodMetadataWhitelist: null })), [
      'spec.patchPodMetadata: Required value: SidecarSet patch metadata whitelist not found',
    ]);
    assert.deepEqual(
      validateSidecarSetV1beta1(obj, {
        patchPodMetadataWhitelist: null,
        patchPodMetadataDefaultsAllowed: true,
      }),
      [],
    );
    assert.deepEqual(
      validateSidecarSetV1beta1(obj, {
        patchPodMetadataWhitelist: { rules: [{ allowedAnnotationKeyExprs: ['^x/'] }] },
      }),
      [],
    );
    assert.deepEqual(
      messages(
        validateSidecarSetV1beta1(obj, {
          patchPodMetadataWhitelist: { rules: [{ allowedAnnotationKeyExprs: ['^a/'] }] },
        }),
      ),
      ['spec.patchPodMetadata: Required value: sidecarSet patch metadata annotation(x/y) is not allowed'],
    );
  });

  test('v1alpha1 is validated through its v1beta1 form (spec.namespace becomes a namespaceSelector)', () => {
    const beta = sidecarSetV1beta1();
    assert.deepEqual(
      validateSidecarSetV1alpha1({
        ...beta,
        apiVersion: 'apps.kruise.io/v1alpha1',
        spec: { ...beta.spec, namespace: 'ns1' },
      }),
      [],
    );
  });
});
