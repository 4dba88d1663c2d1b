// The names, gates, preemption policy and DNS configuration of a workload's pod spec, as k8s ValidatePodSpec
// judges them (pkg/apis/core/validation/validation.go), seen through a CloneSet's validation.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type CloneSetV1beta1, validateCloneSetV1beta1 } from '../../src/index.ts';
import type { PodSpec } from '../../src/schema/pod.ts';
import { cloneSetV1beta1 } from '../fixtures/objects.ts';

const S = 'spec.template.spec';
const SUBDOMAIN =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

function messages(edit: (spec: PodSpec) => void): string[] {
  const o: CloneSetV1beta1 = cloneSetV1beta1();
  edit(o.spec.template.spec!);
  return validateCloneSetV1beta1(o).map((e) => e.message);
}

describe('pod spec names and policies', () => {
  const cases: [string, (spec: PodSpec) => void, string[]][] = [
    [
      'valid names, gates, policy and DNS',
      (s) => {
        Object.assign(s, {
          serviceAccountName: 'web-reader',
          hostname: 'web',
          subdomain: 'svc',
          priorityClassName: 'high.priority',
          runtimeClassName: 'gvisor',
          preemptionPolicy: 'Never',
          schedulingGates: [{ name: 'example.com/quota' }],
          dnsPolicy: 'None',
          dnsConfig: { nameservers: ['10.0.0.10'] },
        });
      },
      [],
    ],
    [
      'a service account and priority class that are not DNS subdomains',
      (s) => {
        s.serviceAccountName = 'Web_Reader';
        s.priorityClassName = 'High';
      },
      [
        `${S}.serviceAccountName: Invalid value: "Web_Reader": ${SUBDOMAIN}`,
        `${S}.priorityClassName: Invalid value: "High": ${SUBDOMAIN}`,
      ],
    ],
    [
      'a hostname and subdomain that are not DNS labels',
      (s) => {
        s.hostname = 'web.1';
        s.subdomain = 'Svc';
      },
      [`${S}.hostname: Invalid value: "web.1": ${LABEL}`, `${S}.subdomain: Invalid value: "Svc": ${LABEL}`],
    ],
    [
      'an unknown preemption policy',
      (s) => {
        s.preemptionPolicy = 'Always';
      },
      [
        `${S}.preemptionPolicy: Unsupported value: "Always": supported values: "PreemptLowerPriority", "Never"`,
      ],
    ],
    [
      'a scheduling gate given twice',
      (s) => {
        s.schedulingGates = [{ name: 'quota' }, { name: 'quota' }];
      },
      [`${S}.schedulingGates[1]: Duplicate value: "quota"`],
    ],
    [
      'dnsPolicy None without a nameserver',
      (s) => {
        s.dnsPolicy = 'None';
        s.dnsConfig = { searches: ['svc.cluster.local'] };
      },
      [
        `${S}.dnsConfig.nameservers: Required value: must provide at least one DNS nameserver when \`dnsPolicy\` is None`,
      ],
    ],
    [
      'dnsPolicy None without dnsConfig',
      (s) => {
        s.dnsPolicy = 'None';
      },
      [`${S}.dnsConfig: Required value: must provide \`dnsConfig\` when \`dnsPolicy\` is None`],
    ],
  ];
  for (const [name, edit, want] of cases) test(name, () => assert.deepEqual(messages(edit), want));
});
