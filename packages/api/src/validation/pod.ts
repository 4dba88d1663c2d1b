// The part of k8s ValidatePodTemplateSpec that catches what a workload author gets wrong (names, images, ports,
// probes, volumes and mounts, resources, affinity, tolerations and spread constraints, policies), with k8s' paths
// and messages, security contexts included. Sysctls and other deep checks are left to the apiserver, which
// validates every Pod the controllers create.
import type { Container, ContainerPort, PodSpec, PodTemplateSpec, Probe, Volume } from '../schema/pod.ts';
import { type FieldError, fieldError, type Path } from './errors.ts';
import { validateAnnotations, validateLabels } from './meta.ts';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName } from './names.ts';
import { podClaimNames, validatePodResourceClaims } from './resource-claims.ts';
import { validateResourceRequirements } from './resources.ts';
import { validateAffinity, validateTolerations, validateTopologySpreadConstraints } from './scheduling.ts';
import { validateContainerSecurityContext, validatePodSecurityContext } from './security-context.ts';

const volumeSources = [
  'hostPath',
  'emptyDir',
  'gcePersistentDisk',
  'awsElasticBlockStore',
  'gitRepo',
  'secret',
  'nfs',
  'iscsi',
  'glusterfs',
  'persistentVolumeClaim',
  'rbd',
  'flexVolume',
  'cinder',
  'cephfs',
  'flocker',
  'downwardAPI',
  'fc',
  'azureFile',
  'configMap',
  'vsphereVolume',
  'quobyte',
  'azureDisk',
  'photonPersistentDisk',
  'projected',
  'portworxVolume',
  'scaleIO',
  'storageos',
  'csi',
  'ephemeral',
  'image',
];

const nonNegative = (value: number | undefined, at: Path): FieldError[] =>
  value !== undefined && value < 0
    ? [fieldError.invalid(at, value, 'must be greater than or equal to 0')]
    : [];

function isValidPortNum(port: number): string[] {
  return port >= 1 && port <= 65535 ? [] : ['must be between 1 and 65535, inclusive'];
}

function isValidPortName(name: string): string[] {
  const errs: string[] = [];
  if (name.length > 15) errs.push('must be no more than 15 characters');
  if (!/^[-a-z0-9]+$/.test(name))
    errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(name)) errs.push('must contain at least one letter (a-z)');
  if (name.includes('--')) errs.push('must not contain consecutive hyphens');
  if (name.startsWith('-') || name.endsWith('-')) errs.push('must not begin or end with a hyphen');
  return errs;
}

function validatePortNumOrName(port: number | string | undefined, at: Path): FieldError[] {
  if (typeof port === 'number') return isValidPortNum(port).map((m) => fieldError.invalid(at, port, m));
  if (typeof port === 'string' && port !== '')
    return isValidPortName(port).map((m) => fieldError.invalid(at, port, m));
  return [fieldError.required(at)];
}

/** k8s AccumulateUniqueHostPorts: a host port is taken once per protocol and host IP among `containers`. */
function hostPortConflicts(containers: readonly Container[], at: Path): FieldError[] {
  const errs: FieldError[] = [];
  const taken = new Set<string>();
  containers.forEach((c, ci) => {
    (c.ports ?? []).forEach((port, pi) => {
      if (!port.hostPort) return;
      const key = `${port.protocol ?? ''}/${port.hostIP ?? ''}/${port.hostPort}`;
      if (taken.has(key))
        errs.push(fieldError.duplicate(at.index(ci).child('ports').index(pi).child('hostPort'), key));
      else taken.add(key);
    });
  });
  return errs;
}

/** k8s validatePodHostNetworkDeps: on the host's network a container's host port is its container port. */
function hostNetworkPortErrors(containers: readonly Container[], at: Path): FieldError[] {
  const errs: FieldError[] = [];
  containers.forEach((c, ci) => {
    (c.ports ?? []).forEach((port, pi) => {
      if (port.hostPort && port.hostPort !== port.containerPort)
        errs.push(
          fieldError.invalid(
            at.index(ci).child('ports').index(pi).child('hostPort'),
            port.hostPort,
            'must match `containerPort` when `hostNetwork` is true',
          ),
        );
    });
  });
  return errs;
}

function validatePorts(ports: ContainerPort[] | undefined, at: Path): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  (ports ?? []).forEach((port, i) => {
    const p = at.index(i);
    if (port.name) {
      const msgs = isValidPortName(port.name);
      if (msgs.length > 0) errs.push(...msgs.map((m) => fieldError.invalid(p.child('name'), port.name, m)));
      else if (names.has(port.name)) errs.push(fieldError.duplicate(p.child('name'), port.name));
      else names.add(port.name);
    }
    if (!port.containerPort) errs.push(fieldError.required(p.child('containerPort')));
    else
      errs.push(
        ...isValidPortNum(port.containerPort).map((m) =>
          fieldError.invalid(p.child('containerPort'), port.containerPort, m),
        ),
      );
    if (port.hostPort) {
      errs.push(
        ...isValidPortNum(port.hostPort).map((m) =>
          fieldError.invalid(p.child('hostPort'), port.hostPort, m),
        ),
      );
    }
    if (!port.protocol) errs.push(fieldError.required(p.child('protocol')));
    else if (!['SCTP', 'TCP', 'UDP'].includes(port.protocol)) {
      errs.push(fieldError.notSupported(p.child('protocol'), port.protocol, ['SCTP', 'TCP', 'UDP']));
    }
  });
  return errs;
}

function validateHandler(handler: Record<string, unknown>, keys: readonly string[], at: Path): FieldError[] {
  const present = keys.filter((k) => handler[k] !== undefined && handler[k] !== null);
  if (present.length === 0) return [fieldError.required(at, 'must specify a handler type')];
  if (present.length > 1)
    return [fieldError.forbidden(at.child(present[1] ?? ''), 'may not specify more than 1 handler type')];
  const errs: FieldError[] = [];
  const httpGet = handler.httpGet as { port?: number | string; scheme?: string } | undefined;
  if (httpGet) {
    errs.push(...validatePortNumOrName(httpGet.port, at.child('httpGet', 'port')));
    if (httpGet.scheme && !['HTTP', 'HTTPS'].includes(httpGet.scheme)) {
      errs.push(fieldError.notSupported(at.child('httpGet', 'scheme'), httpGet.scheme, ['HTTP', 'HTTPS']));
    }
  }
  const tcpSocket = handler.tcpSocket as { port?: number | string } | undefined;
  if (tcpSocket) errs.push(...validatePortNumOrName(tcpSocket.port, at.child('tcpSocket', 'port')));
  const exec = handler.exec as { command?: string[] } | undefined;
  if (exec && (exec.command ?? []).length === 0) errs.push(fieldError.required(at.child('exec', 'command')));
  return errs;
}

function validateProbe(probe: Probe | undefined, at: Path, mustSucceedOnce: boolean): FieldError[] {
  if (!probe) return [];
  const errs = validateHandler(probe, ['exec', 'httpGet', 'tcpSocket', 'grpc'], at);
  errs.push(...nonNegative(probe.initialDelaySeconds, at.child('initialDelaySeconds')));
  errs.push(...nonNegative(probe.timeoutSeconds, at.child('timeoutSeconds')));
  errs.push(...nonNegative(probe.periodSeconds, at.child('periodSeconds')));
  errs.push(...nonNegative(probe.successThreshold, at.child('successThreshold')));
  errs.push(...nonNegative(probe.failureThreshold, at.child('failureThreshold')));
  if (mustSucceedOnce && probe.successThreshold !== undefined && probe.successThreshold !== 1) {
    errs.push(fieldError.invalid(at.child('successThreshold'), probe.successThreshold, 'must be 1'));
  }
  return errs;
}

interface ContainerContext {
  volumes: Set<string>;
  names: Set<string>;
  kind: 'containers' | 'initContainers';
  /** The pod's `hostUsers` (true unless set false): an Unmasked procMount needs it false. */
  hostUsers: boolean;
  /** The names of the pod's `resourceClaims`, which `resources.claims` may refer to. */
  podClaims: ReadonlySet<string>;
}

/** One container (app or init, or a SidecarSet's sidecar). */
export function validateContainer(container: Container, at: Path, ctx: ContainerContext): FieldError[] {
  const errs: FieldError[] = [];
  if (!container.name) errs.push(fieldError.required(at.child('name')));
  else {
    errs.push(
      ...isDNS1123Label(container.name).map((m) => fieldError.invalid(at.child('name'), container.name, m)),
    );
    if (ctx.names.has(container.name)) errs.push(fieldError.duplicate(at.child('name'), container.name));
    ctx.names.add(container.name);
  }
  if (!container.image) errs.push(fieldError.required(at.child('image')));
  else if (container.image.trim() !== container.image) {
    errs.push(
      fieldError.invalid(at.child('image'), container.image, 'must not have leading or trailing whitespace'),
    );
  }
  errs.push(...validatePorts(container.ports, at.child('ports')));
  (container.env ?? []).forEach((env, i) => {
    const p = at.child('env').index(i);
    if (!env.name) errs.push(fieldError.required(p.child('name')));
    else if (!/^[\x20-\x7e]+$/.test(env.name) || env.name.includes('=')) {
      errs.push(
        fieldError.invalid(
          p.child('name'),
          env.name,
          "a valid environment variable name must consist only of printable ASCII characters other than '='",
        ),
      );
    }
    if (env.valueFrom && env.value) {
      errs.push(
        fieldError.invalid(p.child('valueFrom'), '', 'may not be specified when `value` is not empty'),
      );
    }
  });
  const mountPaths = new Set<string>();
  (container.volumeMounts ?? []).forEach((mount, i) => {
    const p = at.child('volumeMounts').index(i);
    if (!mount.name) errs.push(fieldError.required(p.child('name')));
    else if (!ctx.volumes.has(mount.name)) errs.push(fieldError.notFound(p.child('name'), mount.name));
    if (!mount.mountPath) errs.push(fieldError.required(p.child('mountPath')));
    else if (mountPaths.has(mount.mountPath))
      errs.push(fieldError.invalid(p.child('mountPath'), mount.mountPath, 'must be unique'));
    else mountPaths.add(mount.mountPath);
  });
  if (ctx.kind === 'containers') {
    errs.push(...validateProbe(container.livenessProbe, at.child('livenessProbe'), true));
    errs.push(...validateProbe(container.readinessProbe, at.child('readinessProbe'), false));
    errs.push(...validateProbe(container.startupProbe, at.child('startupProbe'), true));
  }
  for (const hook of ['postStart', 'preStop'] as const) {
    const handler = container.lifecycle?.[hook];
    if (handler)
      errs.push(
        ...validateHandler(handler, ['exec', 'httpGet', 'tcpSocket', 'sleep'], at.child('lifecycle', hook)),
      );
  }
  if (!container.imagePullPolicy) errs.push(fieldError.required(at.child('imagePullPolicy')));
  else if (!['Always', 'IfNotPresent', 'Never'].includes(container.imagePullPolicy)) {
    errs.push(
      fieldError.notSupported(at.child('imagePullPolicy'), container.imagePullPolicy, [
        'Always',
        'IfNotPresent',
        'Never',
      ]),
    );
  }
  if (!container.terminationMessagePolicy)
    errs.push(fieldError.required(at.child('terminationMessagePolicy')));
  else if (!['File', 'FallbackToLogsOnError'].includes(container.terminationMessagePolicy)) {
    errs.push(
      fieldError.notSupported(at.child('terminationMessagePolicy'), container.terminationMessagePolicy, [
        'File',
        'FallbackToLogsOnError',
      ]),
    );
  }
  errs.push(...validateResourceRequirements(container.resources, at.child('resources'), ctx.podClaims));
  errs.push(
    ...validateContainerSecurityContext(
      container.securityContext,
      at.child('securityContext'),
      ctx.hostUsers,
    ),
  );
  return errs;
}

export function validateVolumes(
  volumes: Volume[] | undefined,
  at: Path,
): { errors: FieldError[]; names: Set<string> } {
  const errors: FieldError[] = [];
  const names = new Set<string>();
  (volumes ?? []).forEach((volume, i) => {
    const p = at.index(i);
    if (!volume.name) errors.push(fieldError.required(p.child('name')));
    else {
      errors.push(
        ...isDNS1123Label(volume.name).map((m) => fieldError.invalid(p.child('name'), volume.name, m)),
      );
      if (names.has(volume.name)) errors.push(fieldError.duplicate(p.child('name'), volume.name));
      names.add(volume.name);
    }
    const record = volume as Record<string, unknown>;
    const sources = volumeSources.filter((k) => record[k] !== undefined && record[k] !== null);
    if (sources.length === 0) errors.push(fieldError.required(p, 'must specify a volume type'));
    else if (sources.length > 1)
      errors.push(fieldError.forbidden(p.child(sources[1] ?? ''), 'may not specify more than 1 volume type'));
    if (volume.persistentVolumeClaim && !volume.persistentVolumeClaim.claimName) {
      errors.push(fieldError.required(p.child('persistentVolumeClaim', 'claimName')));
    }
    if (volume.hostPath && !volume.hostPath.path)
      errors.push(fieldError.required(p.child('hostPath', 'path')));
  });
  return { errors, names };
}

/**
 * The names a pod spec gives other objects and itself, its scheduling gates, preemption policy and the DNS
 * configuration `dnsPolicy: None` needs (k8s ValidatePodSpec, validateSchedulingGates, validatePodDNSConfig).
 */
function validatePodSpecNames(spec: PodSpec | undefined, at: Path): FieldError[] {
  const errs: FieldError[] = [];
  const named = (value: string | undefined, field: string, check: (v: string) => string[]) => {
    if (value) for (const m of check(value)) errs.push(fieldError.invalid(at.child(field), value, m));
  };
  named(spec?.serviceAccountName, 'serviceAccountName', isDNS1123Subdomain);
  named(spec?.nodeName, 'nodeName', isDNS1123Subdomain);
  named(spec?.hostname, 'hostname', isDNS1123Label);
  named(spec?.subdomain, 'subdomain', isDNS1123Label);
  named(spec?.priorityClassName, 'priorityClassName', isDNS1123Subdomain);
  // A runtimeClassName given empty is checked (and refused); the others only when set.
  if (spec?.runtimeClassName !== undefined)
    for (const m of isDNS1123Subdomain(spec.runtimeClassName))
      errs.push(fieldError.invalid(at.child('runtimeClassName'), spec.runtimeClassName, m));
  const preemption = spec?.preemptionPolicy;
  if (preemption === '') errs.push(fieldError.required(at.child('preemptionPolicy')));
  else if (preemption !== undefined && preemption !== 'PreemptLowerPriority' && preemption !== 'Never')
    errs.push(
      fieldError.notSupported(at.child('preemptionPolicy'), preemption, ['PreemptLowerPriority', 'Never']),
    );
  const gates = new Set<string>();
  (spec?.schedulingGates ?? []).forEach((gate, i) => {
    const p = at.child('schedulingGates').index(i);
    for (const m of isQualifiedName(gate.name)) errs.push(fieldError.invalid(p, gate.name, m));
    if (gates.has(gate.name)) errs.push(fieldError.duplicate(p, gate.name));
    gates.add(gate.name);
  });
  if (spec?.dnsPolicy === 'None') {
    if (spec.dnsConfig === undefined)
      errs.push(
        fieldError.required(at.child('dnsConfig'), 'must provide `dnsConfig` when `dnsPolicy` is None'),
      );
    else if ((spec.dnsConfig.nameservers ?? []).length === 0)
      errs.push(
        fieldError.required(
          at.child('dnsConfig', 'nameservers'),
          'must provide at least one DNS nameserver when `dnsPolicy` is None',
        ),
      );
  }
  return errs;
}

/**
 * k8s ValidatePodTemplateSpec (subset, see the file comment). `extraVolumes` are the volumeClaimTemplates Kruise
 * mocks into `spec.volumes` so that mounts of claim templates validate.
 */
export function validatePodTemplateSpec(
  template: PodTemplateSpec | undefined,
  at: Path,
  options: { extraVolumes?: Volume[] } = {},
): FieldError[] {
  const errs: FieldError[] = [];
  errs.push(...validateLabels(template?.metadata?.labels, at.child('metadata', 'labels')));
  errs.push(...validateAnnotations(template?.metadata?.annotations, at.child('metadata', 'annotations')));
  const spec = template?.spec;
  const specPath = at.child('spec');
  const { errors: volumeErrors, names: volumeNames } = validateVolumes(
    [...(spec?.volumes ?? []), ...(options.extraVolumes ?? [])],
    specPath.child('volumes'),
  );
  errs.push(...volumeErrors);
  errs.push(...validatePodResourceClaims(spec?.resourceClaims, specPath.child('resourceClaims')));
  const podClaims = podClaimNames(spec?.resourceClaims);
  const names = new Set<string>();
  const hostUsers = spec?.hostUsers !== false;
  const initContainers = spec?.initContainers ?? [];
  for (const [i, c] of initContainers.entries()) {
    const at = specPath.child('initContainers').index(i);
    errs.push(
      ...validateContainer(c, at, {
        volumes: volumeNames,
        names,
        kind: 'initContainers',
        hostUsers,
        podClaims,
      }),
    );
    // Init containers run one at a time, so each is checked alone (k8s then names it index 0, whatever its own).
    errs.push(...hostPortConflicts([c], specPath.child('initContainers')));
  }
  const containers = spec?.containers ?? [];
  if (containers.length === 0) errs.push(fieldError.required(specPath.child('containers')));
  for (const [i, c] of containers.entries()) {
    const at = specPath.child('containers').index(i);
    errs.push(
      ...validateContainer(c, at, { volumes: volumeNames, names, kind: 'containers', hostUsers, podClaims }),
    );
  }
  errs.push(...hostPortConflicts(containers, specPath.child('containers')));
  if (spec?.hostNetwork === true)
    errs.push(...hostNetworkPortErrors(containers, specPath.child('containers')));
  const restartPolicy = spec?.restartPolicy;
  if (!restartPolicy) errs.push(fieldError.required(specPath.child('restartPolicy')));
  else if (!['Always', 'OnFailure', 'Never'].includes(restartPolicy)) {
    errs.push(
      fieldError.notSupported(specPath.child('restartPolicy'), restartPolicy, [
        'Always',
        'OnFailure',
        'Never',
      ]),
    );
  }
  const dnsPolicy = spec?.dnsPolicy;
  if (!dnsPolicy) errs.push(fieldError.required(specPath.child('dnsPolicy')));
  else if (!['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'].includes(dnsPolicy)) {
    errs.push(
      fieldError.notSupported(specPath.child('dnsPolicy'), dnsPolicy, [
        'ClusterFirstWithHostNet',
        'ClusterFirst',
        'Default',
        'None',
      ]),
    );
  }
  if (spec?.activeDeadlineSeconds !== undefined && spec.activeDeadlineSeconds < 1) {
    errs.push(
      fieldError.invalid(
        specPath.child('activeDeadlineSeconds'),
        spec.activeDeadlineSeconds,
        'must be between 1 and 2147483647, inclusive',
      ),
    );
  }
  errs.push(...validateLabels(spec?.nodeSelector, specPath.child('nodeSelector')));
  errs.push(...validateAffinity(spec?.affinity, specPath.child('affinity')));
  errs.push(...validateTolerations(spec?.tolerations, specPath.child('tolerations')));
  errs.push(
    ...validateTopologySpreadConstraints(
      spec?.topologySpreadConstraints,
      specPath.child('topologySpreadConstraints'),
    ),
  );
  (spec?.readinessGates ?? []).forEach((gate, i) => {
    const p = specPath.child('readinessGates').index(i).child('conditionType');
    errs.push(
      ...isQualifiedName(gate.conditionType).map((m) => fieldError.invalid(p, gate.conditionType, m)),
    );
  });
  // k8s validateOverhead: the overhead checked as a container's limits, at `overhead.limits[<name>]`.
  if (spec?.overhead !== undefined)
    errs.push(...validateResourceRequirements({ limits: spec.overhead }, specPath.child('overhead')));
  errs.push(
    ...validatePodSecurityContext(spec?.securityContext, spec ?? {}, specPath.child('securityContext')),
  );
  errs.push(...validatePodSpecNames(spec, specPath));
  if ((spec?.ephemeralContainers ?? []).length > 0) {
    errs.push(
      fieldError.forbidden(
        specPath.child('ephemeralContainers'),
        'ephemeral containers not allowed in pod template',
      ),
    );
  }
  return errs;
}
