// A pod the chart renders, run as a local process instead (the launcher's chart mode): its container's
// environment resolved the way the kubelet would (values, the pod's name and namespace, secretKeyRefs from the
// rendered Secrets), its Secret, ConfigMap and data volumes as local directories, and every path under a mount
// point in env and args pointed at the local copy. Pure: the caller writes the files and starts the process.
import { posix } from 'node:path';
import type { KubeObject } from './helm.ts';

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    fieldRef?: { fieldPath: string };
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    configMapKeyRef?: { name: string; key: string; optional?: boolean };
  };
}

interface KeyToPath {
  key: string;
  path: string;
}

interface Volume {
  name: string;
  secret?: { secretName: string; items?: KeyToPath[] };
  configMap?: { name: string; items?: KeyToPath[] };
  emptyDir?: unknown;
  persistentVolumeClaim?: unknown;
}

export interface Container {
  name: string;
  args?: string[];
  env?: EnvVar[];
  volumeMounts?: { name: string; mountPath: string }[];
}

export interface PodSpec {
  serviceAccountName?: string;
  containers: Container[];
  volumes?: Volume[];
}

/** A Deployment's or StatefulSet's pod template, by the workload's app.kubernetes.io/name. */
export interface RenderedWorkload {
  kind: 'Deployment' | 'StatefulSet';
  /** The object's name (e.g. kruise-ts-watcher), the stem of its pods' names. */
  objectName: string;
  /** app.kubernetes.io/name: the service name (watcher, nats, …). */
  app: string;
  namespace: string;
  replicas: number;
  podSpec: PodSpec;
  /** StatefulSet volumeClaimTemplates' names: a data directory per pod. */
  claimNames: string[];
}

export function renderedWorkloads(objects: readonly KubeObject[]): RenderedWorkload[] {
  const out: RenderedWorkload[] = [];
  for (const o of objects) {
    if (o.kind !== 'Deployment' && o.kind !== 'StatefulSet') continue;
    const spec = o.spec as {
      replicas?: number;
      template: { spec: PodSpec };
      volumeClaimTemplates?: { metadata: { name: string } }[];
    };
    const labels = (o.metadata.labels ?? {}) as Record<string, string>;
    out.push({
      kind: o.kind,
      objectName: o.metadata.name,
      app: labels['app.kubernetes.io/name'] ?? o.metadata.name,
      namespace: o.metadata.namespace ?? 'default',
      replicas: spec.replicas ?? 1,
      podSpec: spec.template.spec,
      claimNames: (spec.volumeClaimTemplates ?? []).map((t) => t.metadata.name),
    });
  }
  return out;
}

/** Each rendered Secret's and ConfigMap's keys, decoded: `Secret/<name>` and `ConfigMap/<name>`. */
export function renderedData(objects: readonly KubeObject[]): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  for (const o of objects) {
    if (o.kind === 'Secret') {
      const data = (o.data ?? {}) as Record<string, string>;
      const decoded = Object.fromEntries(
        Object.entries(data).map(([k, v]) => [k, Buffer.from(v, 'base64').toString('utf8')]),
      );
      out.set(`Secret/${o.metadata.name}`, {
        ...decoded,
        ...((o.stringData ?? {}) as Record<string, string>),
      });
    } else if (o.kind === 'ConfigMap') {
      out.set(`ConfigMap/${o.metadata.name}`, { ...((o.data ?? {}) as Record<string, string>) });
    }
  }
  return out;
}

export interface LocalPodPlan {
  podName: string;
  env: Record<string, string>;
  args: string[];
  /** Directories to create (empty volumes, data volumes). */
  dirs: string[];
  /** Files to write: the keys of mounted Secrets and ConfigMaps. */
  files: { path: string; content: string }[];
  /** mountPath → local directory. */
  mounts: { mountPath: string; localDir: string }[];
}

/**
 * The local form of one pod of `workload` (its first container). `root` is the pod's own directory; Secrets
 * and ConfigMaps come from `data` (renderedData). Throws, naming the pod, on anything a local process cannot
 * have: a fieldRef other than the pod's name or namespace, a missing Secret or key, an unsupported volume.
 */
export function localPod(
  workload: RenderedWorkload,
  ordinal: number,
  data: ReadonlyMap<string, Record<string, string>>,
  root: string,
): LocalPodPlan {
  const podName =
    workload.kind === 'StatefulSet'
      ? `${workload.objectName}-${ordinal}`
      : `${workload.objectName}-local-${ordinal}`;
  const container = workload.podSpec.containers[0];
  if (container === undefined) throw new Error(`${podName}: no container`);
  const lookup = (kind: 'Secret' | 'ConfigMap', name: string, key: string, optional: boolean) => {
    const value = data.get(`${kind}/${name}`)?.[key];
    if (value === undefined && !optional)
      throw new Error(`${podName}: ${kind} ${name} has no key ${key} in the rendered manifest`);
    return value;
  };

  const dirs: string[] = [];
  const files: LocalPodPlan['files'] = [];
  const mounts: LocalPodPlan['mounts'] = [];
  const volumes = new Map((workload.podSpec.volumes ?? []).map((v) => [v.name, v]));
  for (const m of container.volumeMounts ?? []) {
    const localDir = posix.join(root, 'volumes', m.name);
    mounts.push({ mountPath: m.mountPath, localDir });
    dirs.push(localDir);
    const v = volumes.get(m.name);
    if (v === undefined) {
      if (workload.claimNames.includes(m.name)) continue; // a PVC of its own: an empty data directory
      throw new Error(`${podName}: volume ${m.name} is not defined`);
    }
    const source = v.secret
      ? { kind: 'Secret' as const, name: v.secret.secretName, items: v.secret.items }
      : v.configMap
        ? { kind: 'ConfigMap' as const, name: v.configMap.name, items: v.configMap.items }
        : undefined;
    if (source === undefined) {
      if (v.emptyDir !== undefined || v.persistentVolumeClaim !== undefined) continue;
      throw new Error(`${podName}: volume ${m.name} has a kind the local run does not support`);
    }
    const keys = data.get(`${source.kind}/${source.name}`);
    if (keys === undefined) throw new Error(`${podName}: ${source.kind} ${source.name} is not rendered`);
    const items = source.items ?? Object.keys(keys).map((key) => ({ key, path: key }));
    for (const item of items) {
      const content = lookup(source.kind, source.name, item.key, false) ?? '';
      files.push({ path: posix.join(localDir, item.path), content });
    }
  }
  // Longest mount first, so /etc/nats/tls wins over /etc/nats.
  const byLength = [...mounts].sort((a, b) => b.mountPath.length - a.mountPath.length);
  const local = (value: string) => localPath(value, byLength);

  const env: Record<string, string> = {};
  for (const e of container.env ?? []) {
    const from = e.valueFrom;
    let value: string | undefined;
    if (from === undefined) value = e.value ?? '';
    else if (from.fieldRef !== undefined) {
      if (from.fieldRef.fieldPath === 'metadata.name') value = podName;
      else if (from.fieldRef.fieldPath === 'metadata.namespace') value = workload.namespace;
      else
        throw new Error(`${podName}: env ${e.name} reads ${from.fieldRef.fieldPath}, not available locally`);
    } else if (from.secretKeyRef !== undefined) {
      const r = from.secretKeyRef;
      value = lookup('Secret', r.name, r.key, r.optional === true);
    } else if (from.configMapKeyRef !== undefined) {
      const r = from.configMapKeyRef;
      value = lookup('ConfigMap', r.name, r.key, r.optional === true);
    } else throw new Error(`${podName}: env ${e.name} has a source the local run does not support`);
    // Later entries win, as in a pod.
    if (value !== undefined) env[e.name] = local(value);
  }
  for (const claim of workload.claimNames) {
    if (!mounts.some((m) => m.localDir.endsWith(`/${claim}`))) dirs.push(posix.join(root, 'volumes', claim));
  }
  return { podName, env, args: (container.args ?? []).map(local), dirs, files, mounts };
}

/** `value` with a leading mount path replaced by its local directory (mounts longest first). */
export function localPath(value: string, mounts: readonly { mountPath: string; localDir: string }[]): string {
  for (const m of mounts) {
    if (value === m.mountPath) return m.localDir;
    if (value.startsWith(`${m.mountPath}/`)) return m.localDir + value.slice(m.mountPath.length);
  }
  return value;
}
