// Container resources and pod overhead, as k8s ValidateResourceRequirements judges them
// (pkg/apis/core/validation/validation.go; its TestValidateResourceRequirements covers the same rules).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type CloneSetV1beta1, validateCloneSetV1beta1 } from '../../src/index.ts';
import { path } from '../../src/validation/errors.ts';
import { validateResourceRequirements } from '../../src/validation/resources.ts';
import { cloneSetV1beta1 } from '../fixtures/objects.ts';

type Resources = Parameters<typeof validateResourceRequirements>[0];
const at = path('r');
const messages = (resources: Resources) => validateResourceRequirements(resources, at).map((e) => e.message);
const FORMAT = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

describe('validateResourceRequirements', () => {
  const cases: [string, Resources, string[]][] = [
    ['nothing set', undefined, []],
    [
      'requests within limits, numbers and strings',
      { requests: { cpu: '500m', memory: '128Mi' }, limits: { cpu: 1, memory: '1Gi' } },
      [],
    ],
    ['requests alone: Kubernetes resources may go without a limit', { requests: { cpu: '2' } }, []],
    [
      'a request above its limit names the requests',
      { requests: { cpu: '2' }, limits: { cpu: '1' } },
      ['r.requests: Invalid value: "2": must be less than or equal to cpu limit of 1'],
    ],
    [
      'quantities are compared as numbers, printed canonically',
      { requests: { memory: '2048Mi' }, limits: { memory: '1Gi' } },
      ['r.requests: Invalid value: "2Gi": must be less than or equal to memory limit of 1Gi'],
    ],
    [
      'a negative quantity',
      { limits: { memory: '-1Gi' } },
      ['r.limits[memory]: Invalid value: "-1Gi": must be greater than or equal to 0'],
    ],
    [
      'an unknown unqualified name',
      { limits: { foo: '1' } },
      [
        'r.limits[foo]: Invalid value: "foo": must be a standard resource type or fully qualified',
        'r.limits[foo]: Invalid value: "foo": must be a standard resource for containers',
      ],
    ],
    [
      'a standard resource that is not a container resource',
      { requests: { pods: '1' } },
      ['r.requests[pods]: Invalid value: "pods": must be a standard resource for containers'],
    ],
    ['a kubernetes.io/ name passes the name checks', { requests: { 'kubernetes.io/thing': '1' } }, []],
    [
      'an extended resource needs a limit',
      { requests: { 'example.com/gpu': '1' } },
      ['r.limits: Required value: Limit must be set for non overcommitable resources'],
    ],
    [
      'an extended resource request equals its limit',
      { requests: { 'example.com/gpu': '1' }, limits: { 'example.com/gpu': '2' } },
      ['r.requests: Invalid value: "1": must be equal to example.com/gpu limit of 2'],
    ],
    [
      'an extended resource is counted in whole units',
      { limits: { 'example.com/gpu': '500m' } },
      ['r.limits[example.com/gpu]: Invalid value: "500m": must be an integer'],
    ],
    ['an extended resource alone, limit only', { limits: { 'example.com/gpu': '2' } }, []],
    [
      'hugepages without cpu or memory',
      { limits: { 'hugepages-2Mi': '4Mi' }, requests: { 'hugepages-2Mi': '4Mi' } },
      ['r: Forbidden: HugePages require cpu or memory'],
    ],
    [
      'hugepages beside memory; a size that is not a multiple of the page is allowed (Kruise allows it)',
      { limits: { 'hugepages-2Mi': '3Mi', memory: '1Gi' }, requests: { 'hugepages-2Mi': '3Mi' } },
      [],
    ],
    [
      'a hugepages request differing from its limit',
      { limits: { 'hugepages-2Mi': '4Mi', cpu: '1' }, requests: { 'hugepages-2Mi': '2Mi' } },
      ['r.requests: Invalid value: "2Mi": must be equal to hugepages-2Mi limit of 4Mi'],
    ],
    [
      'an unreadable quantity is refused at its own path',
      { limits: { cpu: 'a lot' }, requests: { memory: '1Qq' } },
      [
        `r.limits[cpu]: Invalid value: "a lot": ${FORMAT}`,
        `r.requests[memory]: Invalid value: "1Qq": ${FORMAT}`,
      ],
    ],
  ];
  for (const [name, resources, want] of cases) {
    test(name, () => assert.deepEqual(messages(resources), want));
  }
});

describe('resources in a workload template', () => {
  const withResources = (edit: (o: CloneSetV1beta1) => void) => {
    const o = cloneSetV1beta1();
    edit(o);
    return validateCloneSetV1beta1(o).map((e) => e.message);
  };

  test('a container of the template, and an init container', () => {
    assert.deepEqual(
      withResources((o) => {
        const spec = o.spec.template.spec!;
        spec.containers[0]!.resources = { requests: { cpu: '2' }, limits: { cpu: '1' } };
        spec.initContainers = [
          { ...spec.containers[0]!, name: 'init', resources: { limits: { memory: '-1' } } },
        ];
      }),
      [
        'spec.template.spec.initContainers[0].resources.limits[memory]: Invalid value: "-1": must be greater than or equal to 0',
        'spec.template.spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1',
      ],
    );
  });

  test('the pod overhead, checked as limits', () => {
    assert.deepEqual(
      withResources((o) => {
        o.spec.template.spec!.overhead = { cpu: '-100m' };
      }),
      ['spec.template.spec.overhead.limits[cpu]: Invalid value: "-100m": must be greater than or equal to 0'],
    );
  });
});
