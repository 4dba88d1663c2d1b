// Kubernetes' own pod-template defaults as Kruise injects them (apis/apps/defaults/pod.go SetDefaultPodSpec,
// which calls k8s SetDefaults_PodSpec/_Container/_Probe/_HTTPGetAction/_ObjectFieldSelector/_Volume…).
// All functions mutate the object they are given; callers pass a copy.
import { defaultResourceQuantity } from '@kruise-ts/kube';
import type {
  Container,
  EnvVar,
  HTTPGetAction,
  PersistentVolumeClaim,
  PodSpec,
  Probe,
  Volume,
} from '../schema/pod.ts';

/** Octal 0644: k8s default mode of secret/configMap/downwardAPI/projected volumes. */
const defaultVolumeMode = 0o644;

export interface PodDefaultsOptions {
  /**
   * Kruise overrides k8s' tag rule for app containers and defaults imagePullPolicy to Always "for in-place
   * update". SidecarSet containers keep the k8s rule.
   */
  alwaysPullAppContainers: boolean;
  /** Kruise feature gate DefaultHostNetworkHostPortsInPodTemplates (default off): hostNetwork ⇒ hostPort = containerPort. */
  hostNetworkHostPorts?: boolean;
}

/** k8s ParseImageName: the tag, `latest` when neither tag nor digest is given, '' when only a digest is. */
export function imageTag(image: string): string {
  const withoutDigest = image.split('@')[0] ?? '';
  const hasDigest = image.includes('@');
  const lastSlash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.lastIndexOf(':');
  if (colon > lastSlash) return withoutDigest.slice(colon + 1);
  return hasDigest ? '' : 'latest';
}

/** k8s SetDefaults_Container (pull policy by tag; termination message path and policy). */
export function defaultContainerBasics(container: Container): void {
  if (!container.imagePullPolicy) {
    container.imagePullPolicy = imageTag(container.image ?? '') === 'latest' ? 'Always' : 'IfNotPresent';
  }
  if (!container.terminationMessagePath) container.terminationMessagePath = '/dev/termination-log';
  if (!container.terminationMessagePolicy) container.terminationMessagePolicy = 'File';
}

export function defaultHTTPGet(action: HTTPGetAction): void {
  if (!action.path) action.path = '/';
  if (!action.scheme) action.scheme = 'HTTP';
}

export function defaultProbe(probe: Probe): void {
  if (!probe.timeoutSeconds) probe.timeoutSeconds = 1;
  if (!probe.periodSeconds) probe.periodSeconds = 10;
  if (!probe.successThreshold) probe.successThreshold = 1;
  if (!probe.failureThreshold) probe.failureThreshold = 3;
  if (probe.httpGet) defaultHTTPGet(probe.httpGet);
}

export function defaultEnv(env: EnvVar[] | undefined): void {
  for (const e of env ?? []) {
    const ref = e.valueFrom?.fieldRef;
    if (ref && !ref.apiVersion) ref.apiVersion = 'v1';
  }
}

/** k8s SetDefaults_ResourceList: every value rounded up to milli precision, written as Go writes it. */
export function defaultResourceList(list: Record<string, string | number> | undefined): void {
  if (list === undefined) return;
  for (const [name, value] of Object.entries(list)) list[name] = defaultResourceQuantity(value);
}

/** Everything Kruise does per container after SetDefaults_Container (ports, env, resources, probes, handlers). */
export function defaultContainerDetails(container: Container, options: { startupProbe: boolean }): void {
  for (const port of container.ports ?? []) {
    if (!port.protocol) port.protocol = 'TCP';
  }
  defaultEnv(container.env);
  defaultResourceList(container.resources?.limits);
  defaultResourceList(container.resources?.requests);
  if (container.livenessProbe) defaultProbe(container.livenessProbe);
  if (container.readinessProbe) defaultProbe(container.readinessProbe);
  // Kruise's sidecar container defaulting skips the startup probe; pod templates default it.
  if (options.startupProbe && container.startupProbe) defaultProbe(container.startupProbe);
  const { postStart, preStop } = container.lifecycle ?? {};
  if (postStart?.httpGet) defaultHTTPGet(postStart.httpGet);
  if (preStop?.httpGet) defaultHTTPGet(preStop.httpGet);
}

const volumeSourceKeys = (volume: Volume): string[] => Object.keys(volume).filter((k) => k !== 'name');

export function defaultVolumes(volumes: Volume[] | undefined): void {
  for (const volume of volumes ?? []) {
    // k8s SetDefaults_Volume: a volume without any source is an emptyDir.
    if (volumeSourceKeys(volume).length === 0) volume.emptyDir = {};
    if (volume.hostPath && volume.hostPath.type === undefined) volume.hostPath.type = '';
    if (volume.secret && volume.secret.defaultMode === undefined)
      volume.secret.defaultMode = defaultVolumeMode;
    if (volume.configMap && volume.configMap.defaultMode === undefined)
      volume.configMap.defaultMode = defaultVolumeMode;
    if (volume.downwardAPI) {
      if (volume.downwardAPI.defaultMode === undefined) volume.downwardAPI.defaultMode = defaultVolumeMode;
      for (const item of volume.downwardAPI.items ?? []) {
        if (item.fieldRef && !item.fieldRef.apiVersion) item.fieldRef.apiVersion = 'v1';
      }
    }
    if (volume.projected) {
      if (volume.projected.defaultMode === undefined) volume.projected.defaultMode = defaultVolumeMode;
      for (const source of volume.projected.sources ?? []) {
        for (const item of source.downwardAPI?.items ?? []) {
          if (item.fieldRef && !item.fieldRef.apiVersion) item.fieldRef.apiVersion = 'v1';
        }
        if (source.serviceAccountToken && source.serviceAccountToken.expirationSeconds === undefined) {
          source.serviceAccountToken.expirationSeconds = 3600;
        }
      }
    }
  }
}

function defaultHostPorts(containers: Container[] | undefined): void {
  for (const container of containers ?? []) {
    for (const port of container.ports ?? []) {
      if (!port.hostPort) port.hostPort = port.containerPort;
    }
  }
}

/** Kruise SetDefaultPodSpec. */
export function defaultPodSpec(spec: PodSpec, options: PodDefaultsOptions): void {
  // k8s SetDefaults_PodSpec
  if (!spec.dnsPolicy) spec.dnsPolicy = 'ClusterFirst';
  if (!spec.restartPolicy) spec.restartPolicy = 'Always';
  if (!spec.securityContext) spec.securityContext = {};
  if (spec.terminationGracePeriodSeconds === undefined) spec.terminationGracePeriodSeconds = 30;
  if (!spec.schedulerName) spec.schedulerName = 'default-scheduler';
  if (options.hostNetworkHostPorts && spec.hostNetwork) {
    defaultHostPorts(spec.containers);
    defaultHostPorts(spec.initContainers);
  }
  defaultVolumes(spec.volumes);
  for (const container of spec.initContainers ?? []) {
    defaultContainerBasics(container);
    defaultContainerDetails(container, { startupProbe: true });
  }
  for (const container of spec.containers ?? []) {
    if (options.alwaysPullAppContainers && !container.imagePullPolicy) container.imagePullPolicy = 'Always';
    defaultContainerBasics(container);
    defaultContainerDetails(container, { startupProbe: true });
  }
  // Ephemeral containers only get ports, env and probe defaults (no pull or termination-message defaults).
  for (const container of spec.ephemeralContainers ?? [])
    defaultContainerDetails(container, { startupProbe: true });
  defaultResourceList(spec.overhead);
}

/**
 * k8s SetDefaults_PersistentVolumeClaim as Kruise applies it to volumeClaimTemplates: only `status.phase: Pending`.
 * (docs/behaviour/cloneset.md#defaults mentions volumeMode Filesystem, but that default lives in SetDefaults_PersistentVolumeClaimSpec,
 * which Kruise does not call; the apiserver adds it when the PVC itself is created.)
 */
export function defaultPersistentVolumeClaim(pvc: PersistentVolumeClaim): void {
  pvc.status ??= {};
  if (!pvc.status.phase) pvc.status.phase = 'Pending';
  defaultResourceList(pvc.spec?.resources?.limits);
  defaultResourceList(pvc.spec?.resources?.requests);
  defaultResourceList(pvc.status.capacity);
}
