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

describe('dynamic resource claims', () => {
  const S = 'spec.template.spec';
  const claimErrors = (edit: (spec: NonNullable<CloneSetV1beta1['spec']['template']['spec']>) => void) => {
    const o = cloneSetV1beta1();
    edit(o.spec.template.spec!);
    return validateCloneSetV1beta1(o).map((e) => e.message);
  };

  test('a claim by name and one by template, referred to whole and by request', () => {
    assert.deepEqual(
      claimErrors((spec) => {
        spec.resourceClaims = [
          { name: 'gpu', resourceClaimTemplateName: 'gpu-template' },
          { name: 'shared', resourceClaimName: 'shared-claim' },
        ];
        spec.containers[0]!.resources = { claims: [{ name: 'gpu', request: 'big' }, { name: 'shared' }] };
      }),
      [],
    );
  });

  test("the pod's claims: names, repeats, exactly one source", () => {
    assert.deepEqual(
      claimErrors((spec) => {
        spec.resourceClaims = [
          { name: 'Bad_Name', resourceClaimName: 'c' },
          { name: 'gpu', resourceClaimName: 'c', resourceClaimTemplateName: 't' },
          { name: 'gpu' },
          { name: '', resourceClaimTemplateName: 'Not.Valid!' },
        ];
      }),
      [
        `${S}.resourceClaims[0].name: Invalid value: "Bad_Name": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
        `${S}.resourceClaims[1]: Invalid value: {"name":"gpu","resourceClaimName":"c","resourceClaimTemplateName":"t"}: at most one of \`resourceClaimName\` or \`resourceClaimTemplateName\` may be specified`,
        `${S}.resourceClaims[2].name: Duplicate value: "gpu"`,
        `${S}.resourceClaims[2]: Invalid value: {"name":"gpu"}: must specify one of: \`resourceClaimName\`, \`resourceClaimTemplateName\``,
        `${S}.resourceClaims[3].name: Required value`,
        `${S}.resourceClaims[3].resourceClaimTemplateName: Invalid value: "Not.Valid!": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
      ],
    );
  });

  test("a container's claims: of the pod, once each, a whole claim not beside its request", () => {
    const C = `${S}.containers[0].resources.claims`;
    assert.deepEqual(
      claimErrors((spec) => {
        spec.resourceClaims = [{ name: 'gpu', resourceClaimName: 'c' }];
        spec.containers[0]!.resources = {
          claims: [
            { name: 'gpu', request: 'big' },
            { name: 'gpu', request: 'big' },
            { name: 'gpu' },
            { name: 'gpu' },
            { name: 'fpga' },
            { name: '' },
          ],
        };
      }),
      [
        `${C}[1]: Duplicate value: "gpu/big"`,
        `${C}[2]: Duplicate value: "gpu"`,
        `${C}[3]: Duplicate value: "gpu"`,
        `${C}[4]: Not found: "fpga": must be one of the names in pod.spec.resourceClaims: gpu`,
        `${C}[5]: Required value`,
      ],
    );
  });

  test('a claim where the pod has none', () => {
    assert.deepEqual(
      claimErrors((spec) => {
        spec.containers[0]!.resources = { claims: [{ name: 'gpu' }] };
      }),
      [
        `${S}.containers[0].resources.claims[0]: Not found: "gpu": must be one of the names in pod.spec.resourceClaims which is empty`,
      ],
    );
  });
});
