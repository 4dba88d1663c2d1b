// How one sidecar container is completed against a pod before injection or upgrade (sidecarcontrol util.go):
// volume mounts and devices shared from the app containers, env vars transferred from them, and the merges
// that let the sidecar's own settings win. Pure functions over copies.
import { type ObjectFieldSelector, podContainerOf } from '@kruise-ts/api';
import { SIDECAR_ENV_KEY } from './keys.ts';
import type { Container, EnvVar, Pod, SidecarContainer, VolumeDevice, VolumeMount } from './types.ts';

// $(VAR) references in subPathExpr (SubPathExprEnvReg).
const subPathExprEnv = /\$\(([-._a-zA-Z][-._a-zA-Z0-9]*)\)/g;

export function containerEnvValue(container: Container, name: string): string | undefined {
  return container.env?.find((e) => e.name === name)?.value;
}

/** A container injected by a SidecarSet carries IS_INJECTED=true; everything else is an app container. */
export function isInjectedContainer(container: Container): boolean {
  return containerEnvValue(container, SIDECAR_ENV_KEY) === 'true';
}

/** The core/v1 container of a sidecar: Kruise's own fields removed. */
export function toPodContainer(sidecar: SidecarContainer): Container {
  return podContainerOf(structuredClone(sidecar));
}

/** GetInjectedVolumeMountsAndEnvs: with shareVolumePolicy enabled, every app container's mounts. */
export function sharedVolumeMounts(
  sidecar: SidecarContainer,
  pod: Pod,
): { mounts: VolumeMount[]; envs: EnvVar[] } {
  if (sidecar.shareVolumePolicy?.type !== 'enabled') return { mounts: [], envs: [] };
  const mounts: VolumeMount[] = [];
  const envs: EnvVar[] = [];
  for (const app of pod.spec.containers) {
    if (isInjectedContainer(app)) continue;
    for (const mount of app.volumeMounts ?? []) {
      mounts.push(mount);
      // A subPathExpr expands env vars of the app container: the sidecar needs the same vars.
      for (const match of (mount.subPathExpr ?? '').matchAll(subPathExprEnv)) {
        const env = app.env?.find((e) => e.name === match[1]);
        if (env) envs.push(env);
      }
    }
  }
  return { mounts, envs };
}

/** GetInjectedVolumeDevices: with shareVolumeDevicePolicy enabled, every app container's devices. */
export function sharedVolumeDevices(sidecar: SidecarContainer, pod: Pod): VolumeDevice[] {
  if (sidecar.shareVolumeDevicePolicy?.type !== 'enabled') return [];
  return pod.spec.containers.filter((c) => !isInjectedContainer(c)).flatMap((c) => c.volumeDevices ?? []);
}

/**
 * ExtractContainerNameFromFieldPath: only `metadata.labels['k']` and `metadata.annotations['k']` resolve;
 * anything else (including `metadata.name`, which validation accepts) yields undefined and is skipped.
 */
export function containerNameFromFieldRef(ref: ObjectFieldSelector, pod: Pod): string | undefined {
  const m = /^(.*)\['(.*)'\]$/.exec(ref.fieldPath);
  if (!m) return undefined;
  const [, field, key = ''] = m;
  if (field === 'metadata.annotations') return pod.metadata.annotations?.[key] ?? '';
  if (field === 'metadata.labels') return pod.metadata.labels?.[key] ?? '';
  return undefined;
}

/** GetSidecarTransferEnvs: env vars copied verbatim from a named app container; missing ones are skipped. */
export function transferredEnvs(sidecar: SidecarContainer, pod: Pod): EnvVar[] {
  const inPod = new Map<string, EnvVar>();
  for (const c of pod.spec.containers) for (const e of c.env ?? []) inPod.set(`${c.name}/${e.name}`, e);
  const out: EnvVar[] = [];
  for (const transfer of sidecar.transferEnv ?? []) {
    const names = new Set<string>();
    if (transfer.envName) names.add(transfer.envName);
    for (const n of transfer.envNames ?? []) names.add(n);
    let source = transfer.sourceContainerName ?? '';
    const ref = transfer.sourceContainerNameFrom?.fieldRef;
    if (ref) {
      const resolved = containerNameFromFieldRef(ref, pod);
      if (resolved === undefined) continue;
      source = resolved;
    }
    // sets.String.List() is sorted.
    for (const name of [...names].sort()) {
      const env = inPod.get(`${source}/${name}`);
      if (env) out.push(structuredClone(env));
    }
  }
  return out;
}

/** util.MergeEnvVar: additional vars whose names are not present yet. */
export function mergeEnv(original: readonly EnvVar[], additional: readonly EnvVar[]): EnvVar[] {
  const out = [...original];
  const names = new Set(out.map((e) => e.name));
  for (const e of additional) {
    if (names.has(e.name)) continue;
    out.push(e);
    names.add(e.name);
  }
  return out;
}

/** util.MergeVolumeMounts: additional mounts whose path is not used by a mount or device yet. */
export function mergeVolumeMounts(container: Container, additional: readonly VolumeMount[]): VolumeMount[] {
  const out = [...(container.volumeMounts ?? [])];
  const paths = new Set([
    ...out.map((m) => m.mountPath),
    ...(container.volumeDevices ?? []).map((d) => d.devicePath),
  ]);
  for (const m of additional) {
    if (paths.has(m.mountPath)) continue;
    out.push(m);
    paths.add(m.mountPath);
  }
  return out;
}

/** util.MergeVolumeDevices. */
export function mergeVolumeDevices(
  container: Container,
  additional: readonly VolumeDevice[],
): VolumeDevice[] {
  const out = [...(container.volumeDevices ?? [])];
  const paths = new Set([
    ...out.map((d) => d.devicePath),
    ...(container.volumeMounts ?? []).map((m) => m.mountPath),
  ]);
  for (const d of additional) {
    if (paths.has(d.devicePath)) continue;
    out.push(d);
    paths.add(d.devicePath);
  }
  return out;
}

/**
 * The container to inject: shared mounts and devices merged, IS_INJECTED=true appended (even when present, as
 * Kruise does), then transferred and subPathExpr env vars not yet present.
 */
export function completeSidecarContainer(sidecar: SidecarContainer, pod: Pod): Container {
  const shared = sharedVolumeMounts(sidecar, pod);
  const transfer = mergeEnv(transferredEnvs(sidecar, pod), shared.envs);
  const container = toPodContainer(sidecar);
  const mounts = mergeVolumeMounts(container, shared.mounts);
  const env = mergeEnv([...(container.env ?? []), { name: SIDECAR_ENV_KEY, value: 'true' }], transfer);
  const devices = mergeVolumeDevices(container, sharedVolumeDevices(sidecar, pod));
  const out: Container = { ...container, env };
  if (mounts.length > 0) out.volumeMounts = mounts;
  if (devices.length > 0) out.volumeDevices = devices;
  return out;
}
