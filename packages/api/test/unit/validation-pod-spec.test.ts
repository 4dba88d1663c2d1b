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

describe('security contexts', () => {
  const C = `${S}.containers[0].securityContext`;
  const cases: [string, (spec: PodSpec) => void, string[]][] = [
    [
      'valid: ids, profiles, a privileged container, Unmasked with hostUsers false',
      (s) => {
        s.hostUsers = false;
        s.securityContext = {
          runAsUser: 1000,
          fsGroup: 2000,
          supplementalGroups: [3000],
          fsGroupChangePolicy: 'OnRootMismatch',
          seccompProfile: { type: 'RuntimeDefault' },
        };
        s.containers[0]!.securityContext = {
          privileged: true,
          procMount: 'Unmasked',
          seccompProfile: { type: 'Localhost', localhostProfile: 'profiles/audit.json' },
          appArmorProfile: { type: 'Localhost', localhostProfile: 'k8s-apparmor-example' },
        };
      },
      [],
    ],
    [
      'ids out of range, pod and container',
      (s) => {
        s.securityContext = { runAsUser: -1, supplementalGroups: [1, 2147483648] };
        s.containers[0]!.securityContext = { runAsGroup: -5 };
      },
      [
        `${C}.runAsGroup: Invalid value: -5: must be between 0 and 2147483647, inclusive`,
        `${S}.securityContext.runAsUser: Invalid value: -1: must be between 0 and 2147483647, inclusive`,
        `${S}.securityContext.supplementalGroups[1]: Invalid value: 2147483648: must be between 0 and 2147483647, inclusive`,
      ],
    ],
    [
      'sysctls: valid names, slash form, a namespaced one without host namespaces',
      (s) => {
        s.securityContext = {
          sysctls: [
            { name: 'kernel.shm_rmid_forced', value: '0' },
            { name: 'net.ipv4.conf.eno2/100.rp_filter', value: '1' },
            { name: 'net/ipv4/ip_local_port_range', value: '1024 65535' },
          ],
        };
      },
      [],
    ],
    [
      'sysctls: empty, malformed, repeated; namespaced ones beside the host network and IPC',
      (s) => {
        Object.assign(s, { hostNetwork: true, hostIPC: true });
        s.securityContext = {
          sysctls: [
            { name: '', value: '1' },
            { name: 'Kernel.Bad', value: '1' },
            { name: 'net.core.somaxconn', value: '1' },
            { name: 'net.core.somaxconn', value: '2' },
            { name: 'kernel/msgmax', value: '1' },
            { name: 'fs.mqueue.msg_max', value: '1' },
            { name: 'vm.overcommit_memory', value: '1' },
          ],
        };
      },
      [
        `${S}.securityContext.sysctls[0].name: Required value`,
        `${S}.securityContext.sysctls[1].name: Invalid value: "Kernel.Bad": must have at most 253 characters and match regex ^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$`,
        `${S}.securityContext.sysctls[2].name: Invalid value: "net.core.somaxconn": may not be specified when 'hostNetwork' is true`,
        `${S}.securityContext.sysctls[3].name: Duplicate value: "net.core.somaxconn"`,
        `${S}.securityContext.sysctls[3].name: Invalid value: "net.core.somaxconn": may not be specified when 'hostNetwork' is true`,
        `${S}.securityContext.sysctls[4].name: Invalid value: "kernel/msgmax": may not be specified when 'hostIPC' is true`,
        `${S}.securityContext.sysctls[5].name: Invalid value: "fs.mqueue.msg_max": may not be specified when 'hostIPC' is true`,
      ],
    ],
    [
      // k8s keeps the host namespace fields in the pod security context: checked without one set.
      'a shared process namespace beside the host PID namespace',
      (s) => {
        Object.assign(s, { hostPID: true, shareProcessNamespace: true });
      },
      [
        `${S}.securityContext.shareProcessNamespace: Invalid value: true: ShareProcessNamespace and HostPID cannot both be enabled`,
      ],
    ],
    [
      'Windows options: valid GMSA name and user names with and without a domain',
      (s) => {
        s.securityContext = {
          windowsOptions: {
            gmsaCredentialSpecName: 'webapp-gmsa',
            runAsUserName: 'NT AUTHORITY\\NETWORK SERVICE',
          },
        };
        s.containers[0]!.securityContext = { windowsOptions: { runAsUserName: 'ContainerUser' } };
      },
      [],
    ],
    [
      'Windows options: a bad GMSA name, an empty spec, user names of every wrong shape',
      (s) => {
        s.securityContext = {
          windowsOptions: {
            gmsaCredentialSpecName: 'Bad_Name',
            gmsaCredentialSpec: '',
            runAsUserName: 'a\\b\\c',
          },
        };
        s.containers[0]!.securityContext = { windowsOptions: { runAsUserName: 'bad:domain\\...' } };
        s.initContainers = [
          {
            ...s.containers[0]!,
            name: 'init',
            securityContext: { windowsOptions: { runAsUserName: `user${'x'.repeat(101)}` } },
          },
        ];
      },
      [
        `${S}.initContainers[0].securityContext.windowsOptions.runAsUserName: Invalid value: "user${'x'.repeat(101)}": runAsUserName's User length must not be longer than 104 characters`,
        `${C}.windowsOptions.runAsUserName: Invalid value: "bad:domain\\\\...": runAsUserName's Domain doesn't match the NetBios nor the DNS format`,
        `${C}.windowsOptions.runAsUserName: Invalid value: "bad:domain\\\\...": runAsUserName's User cannot contain only periods or spaces`,
        `${S}.securityContext.windowsOptions.gmsaCredentialSpecName: Invalid value: "Bad_Name": ${SUBDOMAIN}`,
        `${S}.securityContext.windowsOptions.gmsaCredentialSpec: Invalid value: "": gmsaCredentialSpec cannot be an empty string`,
        `${S}.securityContext.windowsOptions.runAsUserName: Invalid value: "a\\\\b\\\\c": runAsUserName cannot contain more than one backslash`,
      ],
    ],
    [
      'no privilege escalation, yet privileged and adding CAP_SYS_ADMIN',
      (s) => {
        s.containers[0]!.securityContext = {
          allowPrivilegeEscalation: false,
          privileged: true,
          capabilities: { add: ['CAP_SYS_ADMIN'] },
        };
      },
      [
        `${C}: Invalid value: {"allowPrivilegeEscalation":false,"privileged":true,"capabilities":{"add":["CAP_SYS_ADMIN"]}}: cannot set \`allowPrivilegeEscalation\` to false and \`privileged\` to true`,
        `${C}: Invalid value: {"allowPrivilegeEscalation":false,"privileged":true,"capabilities":{"add":["CAP_SYS_ADMIN"]}}: cannot set \`allowPrivilegeEscalation\` to false and \`capabilities.Add\` CAP_SYS_ADMIN`,
      ],
    ],
    [
      'seccomp: Localhost needs a relative profile path; other types take none',
      (s) => {
        s.securityContext = { seccompProfile: { type: 'Localhost' } };
        s.containers[0]!.securityContext = {
          seccompProfile: { type: 'Localhost', localhostProfile: '/etc/../seccomp.json' },
        };
        s.initContainers = [
          {
            ...s.containers[0]!,
            name: 'init',
            securityContext: { seccompProfile: { type: 'RuntimeDefault', localhostProfile: 'x.json' } },
          },
        ];
      },
      [
        `${S}.initContainers[0].securityContext.seccompProfile.localhostProfile: Invalid value: {"type":"RuntimeDefault","localhostProfile":"x.json"}: can only be set when seccomp type is Localhost`,
        `${C}.seccompProfile.localhostProfile: Invalid value: "/etc/../seccomp.json": must be a relative path`,
        `${C}.seccompProfile.localhostProfile: Invalid value: "/etc/../seccomp.json": must not contain '..'`,
        `${S}.securityContext.seccompProfile.localhostProfile: Required value: must be set when seccomp type is Localhost`,
      ],
    ],
    [
      'an unknown profile type, procMount and fsGroupChangePolicy; Unmasked with host users',
      (s) => {
        s.securityContext = { fsGroupChangePolicy: 'Sometimes', appArmorProfile: { type: 'Strict' } };
        s.containers[0]!.securityContext = { procMount: 'Unmasked', seccompProfile: { type: 'Default' } };
      },
      [
        `${C}.procMount: Invalid value: "Unmasked": \`hostUsers\` must be false to use \`Unmasked\``,
        `${C}.seccompProfile.type: Unsupported value: "Default": supported values: "Localhost", "RuntimeDefault", "Unconfined"`,
        `${S}.securityContext.fsGroupChangePolicy: Unsupported value: "Sometimes": supported values: "Always", "OnRootMismatch"`,
        `${S}.securityContext.appArmorProfile.type: Unsupported value: "Strict": supported values: "Localhost", "RuntimeDefault", "Unconfined"`,
      ],
    ],
  ];
  for (const [name, edit, want] of cases) test(name, () => assert.deepEqual(messages(edit), want));
});

describe('host ports', () => {
  const port = (containerPort: number, hostPort?: number, protocol = 'TCP') => ({
    containerPort,
    protocol,
    ...(hostPort === undefined ? {} : { hostPort }),
  });
  const cases: [string, (spec: PodSpec) => void, string[]][] = [
    [
      'one host port per protocol among the containers',
      (s) => {
        const main = s.containers[0]!;
        main.ports = [port(80, 8080), port(53, 8080, 'UDP')];
        s.containers.push({ ...main, name: 'second', ports: [port(81, 8080)] });
      },
      [`${S}.containers[1].ports[0].hostPort: Duplicate value: "TCP//8080"`],
    ],
    [
      'init containers are checked one by one',
      (s) => {
        const main = s.containers[0]!;
        main.ports = [port(80, 8080)];
        s.initContainers = [
          { ...main, name: 'init-a', ports: [port(80, 8080)] },
          { ...main, name: 'init-b', ports: [port(80, 9090), port(81, 9090)] },
        ];
      },
      [`${S}.initContainers[0].ports[1].hostPort: Duplicate value: "TCP//9090"`],
    ],
    [
      'on the host network a host port is the container port',
      (s) => {
        s.hostNetwork = true;
        s.containers[0]!.ports = [port(80, 8080), port(81), port(82, 82)];
      },
      [
        `${S}.containers[0].ports[0].hostPort: Invalid value: 8080: must match \`containerPort\` when \`hostNetwork\` is true`,
      ],
    ],
  ];
  for (const [name, edit, want] of cases) test(name, () => assert.deepEqual(messages(edit), want));
});
