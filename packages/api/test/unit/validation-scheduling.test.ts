// Affinity and tolerations of a pod template, as k8s validateAffinity / ValidateTolerations judge them
// (pkg/apis/core/validation/validation.go; TestValidateAffinity, TestValidateTolerations).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type CloneSetV1beta1, validateCloneSetV1beta1 } from '../../src/index.ts';
import type { Affinity, Toleration } from '../../src/schema/pod.ts';
import { path } from '../../src/validation/errors.ts';
import {
  validateAffinity,
  validateTolerations,
  validateTopologySpreadConstraints,
} from '../../src/validation/scheduling.ts';
import { cloneSetV1beta1 } from '../fixtures/objects.ts';

const at = path('a');
const affinity = (a: Affinity) => validateAffinity(a, at).map((e) => e.message);
const tolerations = (t: Toleration[]) => validateTolerations(t, path('t')).map((e) => e.message);
const REQ = 'a.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution';
const nodeTerm = (...matchExpressions: { key: string; operator: string; values?: string[] }[]): Affinity => ({
  nodeAffinity: {
    requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions }] },
  },
});

const podTerm = (term: Record<string, unknown>): Affinity =>
  ({
    podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'zone', ...term }] },
  }) as Affinity;

describe('validateAffinity', () => {
  const cases: [string, Affinity, string[]][] = [
    ['nothing set', {}, []],
    [
      'a valid node term of every operator',
      nodeTerm(
        { key: 'zone', operator: 'In', values: ['a'] },
        { key: 'kubernetes.io/os', operator: 'Exists' },
        { key: 'cores', operator: 'Gt', values: ['4'] },
      ),
      [],
    ],
    [
      'no node selector term',
      { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [] } } },
      [`${REQ}.nodeSelectorTerms: Required value: must have at least one node selector term`],
    ],
    [
      'In without values',
      nodeTerm({ key: 'zone', operator: 'In' }),
      [
        `${REQ}.nodeSelectorTerms[0].matchExpressions[0].values: Required value: must be specified when \`operator\` is 'In' or 'NotIn'`,
      ],
    ],
    [
      'Exists with values',
      nodeTerm({ key: 'zone', operator: 'Exists', values: ['a'] }),
      [
        `${REQ}.nodeSelectorTerms[0].matchExpressions[0].values: Forbidden: may not be specified when \`operator\` is 'Exists' or 'DoesNotExist'`,
      ],
    ],
    [
      'Gt with two values',
      nodeTerm({ key: 'cores', operator: 'Gt', values: ['1', '2'] }),
      [
        `${REQ}.nodeSelectorTerms[0].matchExpressions[0].values: Required value: must be specified single value when \`operator\` is 'Lt' or 'Gt'`,
      ],
    ],
    [
      'an unknown operator and a bad key',
      nodeTerm({ key: 'bad key', operator: 'in', values: ['a'] }),
      [
        `${REQ}.nodeSelectorTerms[0].matchExpressions[0].operator: Invalid value: "in": not a valid selector operator`,
        `${REQ}.nodeSelectorTerms[0].matchExpressions[0].key: Invalid value: "bad key": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
      ],
    ],
    [
      'a node field selector on something other than the name',
      {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [
              { matchFields: [{ key: 'metadata.uid', operator: 'In', values: ['a', 'b'] }] },
            ],
          },
        },
      },
      [
        `${REQ}.nodeSelectorTerms[0].matchFields[0].values: Required value: must be only one value when \`operator\` is 'In' or 'NotIn' for node field selector`,
        `${REQ}.nodeSelectorTerms[0].matchFields[0].key: Invalid value: "metadata.uid": not a valid field selector key`,
      ],
    ],
    [
      'preferred node terms: a weight out of range',
      {
        nodeAffinity: {
          preferredDuringSchedulingIgnoredDuringExecution: [
            { weight: 0, preference: { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] } },
            { weight: 101, preference: {} },
          ],
        },
      },
      [
        'a.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 0: must be in the range 1-100',
        'a.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[1].weight: Invalid value: 101: must be in the range 1-100',
      ],
    ],
    [
      'a pod anti-affinity term without a topology key',
      {
        podAntiAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [
            { labelSelector: { matchLabels: { app: 'web' } } },
          ],
        },
      },
      [
        'a.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Required value: can not be empty',
        'a.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Invalid value: "": name part must be non-empty',
        "a.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Invalid value: \"\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
      ],
    ],
    [
      'a weighted pod affinity term: its weight, selector operator and namespaces',
      {
        podAffinity: {
          preferredDuringSchedulingIgnoredDuringExecution: [
            {
              weight: 200,
              podAffinityTerm: {
                labelSelector: { matchExpressions: [{ key: 'app', operator: 'Equals', values: ['x'] }] },
                namespaces: ['Not_A_Namespace'],
                topologyKey: 'kubernetes.io/hostname',
              },
            },
          ],
        },
      },
      [
        'a.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 200: must be in the range 1-100',
        'a.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.labelSelector.matchExpressions[0].operator: Invalid value: "Equals": not a valid selector operator',
        "a.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.namespace: Invalid value: \"Not_A_Namespace\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
      ],
    ],
    [
      'matchLabelKeys and mismatchLabelKeys: valid label names beside a selector',
      podTerm({
        labelSelector: { matchLabels: { app: 'x' } },
        matchLabelKeys: ['pod-template-hash'],
        mismatchLabelKeys: ['tenant'],
      }),
      [],
    ],
    [
      'matchLabelKeys without a selector',
      podTerm({ matchLabelKeys: ['pod-template-hash'] }),
      [
        'a.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].matchLabelKeys: Forbidden: must not be specified when labelSelector is not set',
      ],
    ],
    [
      'a key in both lists, and a bad label name',
      podTerm({
        labelSelector: { matchLabels: { app: 'x' } },
        matchLabelKeys: ['tenant', 'a/b/c'],
        mismatchLabelKeys: ['tenant'],
      }),
      [
        "a.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].matchLabelKeys[1]: Invalid value: \"a/b/c\": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
        'a.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].matchLabelKeys[0]: Invalid value: "tenant": exists in both matchLabelKeys and mismatchLabelKeys',
      ],
    ],
    [
      // k8s expects the selector to hold matchLabelKeys' expression already: a key it names twice is refused,
      // at the term's path indexed.
      'a matchLabelKeys key the selector names twice',
      podTerm({
        labelSelector: {
          matchLabels: { tier: 'web' },
          matchExpressions: [{ key: 'tier', operator: 'In', values: ['web'] }],
        },
        matchLabelKeys: ['tier'],
      }),
      [
        'a.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0][0]: Invalid value: "tier": exists in both matchLabelKeys and labelSelector',
      ],
    ],
  ];
  for (const [name, a, want] of cases) test(name, () => assert.deepEqual(affinity(a), want));
});

describe('validateTolerations', () => {
  const cases: [string, Toleration[], string[]][] = [
    [
      'valid: Equal with a value, Exists without, match-all, NoExecute with seconds',
      [
        { key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' },
        {
          key: 'node.kubernetes.io/unreachable',
          operator: 'Exists',
          effect: 'NoExecute',
          tolerationSeconds: 30,
        },
        { operator: 'Exists' },
      ],
      [],
    ],
    [
      'an empty key needs Exists',
      [{ operator: 'Equal', value: 'x' }],
      [
        't[0].operator: Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys"',
      ],
    ],
    [
      'tolerationSeconds needs NoExecute',
      [{ key: 'k', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 5 }],
      [
        't[0].effect: Invalid value: "NoSchedule": effect must be \'NoExecute\' when `tolerationSeconds` is set',
      ],
    ],
    [
      'Exists with a value',
      [{ key: 'k', operator: 'Exists', value: 'v' }],
      [
        't[0].operator: Invalid value: {"key":"k","operator":"Exists","value":"v"}: value must be empty when `operator` is \'Exists\'',
      ],
    ],
    [
      'an unknown operator and effect',
      [{ key: 'k', operator: 'Matches', effect: 'NoRun' }],
      [
        't[0].operator: Unsupported value: "Matches": supported values: "Equal", "Exists"',
        't[0].effect: Unsupported value: "NoRun": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
      ],
    ],
  ];
  for (const [name, t, want] of cases) test(name, () => assert.deepEqual(tolerations(t), want));
});

describe('validateTopologySpreadConstraints', () => {
  const spread = (c: unknown[]) => validateTopologySpreadConstraints(c, path('s')).map((e) => e.message);
  const zone = { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' };
  const cases: [string, unknown[], string[]][] = [
    [
      'valid: two kinds of constraint on one key, minDomains with DoNotSchedule, node policies',
      [
        { ...zone, minDomains: 3, nodeAffinityPolicy: 'Honor', nodeTaintsPolicy: 'Ignore' },
        { ...zone, whenUnsatisfiable: 'ScheduleAnyway' },
      ],
      [],
    ],
    [
      'a skew of zero, no key, an unknown action',
      [{ maxSkew: 0, whenUnsatisfiable: 'Never' }],
      [
        's[0].maxSkew: Invalid value: 0: must be greater than zero',
        's[0].topologyKey: Required value: can not be empty',
        's[0].whenUnsatisfiable: Unsupported value: "Never": supported values: "DoNotSchedule", "ScheduleAnyway"',
      ],
    ],
    [
      'matchLabelKeys: label names the selector does not name, and only beside one',
      [
        { ...zone, labelSelector: { matchLabels: { app: 'x' } }, matchLabelKeys: ['pod-template-hash'] },
        { ...zone, whenUnsatisfiable: 'ScheduleAnyway', matchLabelKeys: ['app'] },
        {
          ...zone,
          topologyKey: 'host',
          labelSelector: { matchExpressions: [{ key: 'app', operator: 'Exists' }] },
          matchLabelKeys: ['app'],
        },
      ],
      [
        's[1].matchLabelKeys: Forbidden: must not be specified when labelSelector is not set',
        's[2].matchLabelKeys[0]: Invalid value: "app": exists in both matchLabelKeys and labelSelector',
      ],
    ],
    [
      'the same key and action twice: the first is named',
      [zone, { ...zone, maxSkew: 2 }],
      ['s[0].{topologyKey, whenUnsatisfiable}: Duplicate value: "{zone, DoNotSchedule}"'],
    ],
    [
      'minDomains: positive, and only with DoNotSchedule',
      [{ ...zone, whenUnsatisfiable: 'ScheduleAnyway', minDomains: 0 }],
      [
        's[0].minDomains: Invalid value: 0: must be greater than zero',
        's[0].minDomains: Invalid value: 0: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway',
      ],
    ],
    [
      'an unknown node policy',
      [{ ...zone, nodeTaintsPolicy: 'Respect' }],
      ['s[0].nodeTaintsPolicy: Unsupported value: "Respect": supported values: "Honor", "Ignore"'],
    ],
  ];
  for (const [name, c, want] of cases) test(name, () => assert.deepEqual(spread(c), want));
});

test('a CloneSet template: affinity and tolerations are checked at their paths', () => {
  const o: CloneSetV1beta1 = cloneSetV1beta1();
  o.spec.template.spec!.affinity = {
    nodeAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: {
        nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'NotIn' }] }],
      },
    },
  };
  o.spec.template.spec!.tolerations = [{ key: 'k', operator: 'Exist' }];
  assert.deepEqual(
    validateCloneSetV1beta1(o).map((e) => e.message),
    [
      "spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
      'spec.template.spec.tolerations[0].operator: Unsupported value: "Exist": supported values: "Equal", "Exists"',
    ],
  );
});
