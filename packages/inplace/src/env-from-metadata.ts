// Which containers read a pod label or annotation through env `valueFrom.fieldRef`
// (docs/behaviour/cloneset.md#in-place-env-from-metadata; Kruise pkg/util/containermeta/env_hash.go
// IsContainerReferenceToMeta). With the InPlaceUpdateEnvFromMetadata gate a template change of such a key is an
// in-place update that restarts exactly those containers.

import type { PodContainer } from './types.ts';

/** Env names SidecarSet manages itself; Kruise never counts them as metadata references. */
const EXCLUDED_ENVS = new Set(['SIDECARSET_VERSION', 'SIDECARSET_VERSION_ALT']);

/** `metadata.labels['k']` → {path: 'metadata.labels', key: 'k'} (k8s fieldpath.SplitMaybeSubscriptedPath). */
export function splitSubscriptedPath(fieldPath: string): { path: string; key: string } | undefined {
  if (!fieldPath.endsWith("']")) return undefined;
  const open = fieldPath.indexOf("['");
  if (open < 0) return undefined;
  return { path: fieldPath.slice(0, open), key: fieldPath.slice(open + 2, -2) };
}

export type MetadataField = 'labels' | 'annotations';

/** The container has an env var (without a literal value) whose fieldRef reads `metadata.<field>['<key>']`. */
export function containerReadsMetadata(container: PodContainer, field: MetadataField, key: string): boolean {
  for (const env of container.env ?? []) {
    if ((env.value ?? '') !== '' || EXCLUDED_ENVS.has(env.name)) continue;
    const fieldPath = env.valueFrom?.fieldRef?.fieldPath;
    if (fieldPath === undefined) continue;
    const split = splitSubscriptedPath(fieldPath);
    if (split !== undefined && split.path === `metadata.${field}` && split.key === key) return true;
  }
  return false;
}

/** The fieldRef paths of every env of the container that reads a label or annotation (sorted, unique). */
export function metadataReferences(container: PodContainer): string[] {
  const refs = new Set<string>();
  for (const env of container.env ?? []) {
    if ((env.value ?? '') !== '' || EXCLUDED_ENVS.has(env.name)) continue;
    const split = splitSubscriptedPath(env.valueFrom?.fieldRef?.fieldPath ?? '');
    if (split?.path === 'metadata.labels' || split?.path === 'metadata.annotations') {
      refs.add(`${split.path}['${split.key}']`);
    }
  }
  return [...refs].sort();
}

/**
 * Restart request the controller writes when a batch changes labels/annotations containers read through env:
 * `<container>,<container>;<revision>;<RFC 3339 time>`. The project's fake kubelet (packages/devcluster
 * kwok-stages.ts, standing in for kruise-daemon) restarts the listed containers, copies the value to
 * RESTARTED_CONTAINERS_KEY and writes apps.kruise.io/runtime-containers-meta.
 */
export const RESTART_CONTAINERS_KEY = 'kruise-ts.dev/restart-containers';
/** The last restart request the fake kubelet carried out. */
export const RESTARTED_CONTAINERS_KEY = 'kruise-ts.dev/restarted-containers';

export function restartRequest(containers: readonly string[], revision: string, at: string): string {
  return `${[...containers].sort().join(',')};${revision};${at}`;
}

/**
 * Kruise compares kruise-daemon's ExtractedEnvFromMetadataHash with the pod spec; here the stand-in daemon reports
 * that it restarted the containers of the latest request. Plain hashes are never claimed (image updates are
 * judged by the container statuses).
 */
export function envFromMetadataRestarted(
  pod: { metadata: { annotations?: Record<string, string> } },
  _meta: unknown,
  kind: 'PlainHash' | 'ExtractedEnvFromMetadataHash',
): boolean {
  if (kind !== 'ExtractedEnvFromMetadataHash') return false;
  const requested = pod.metadata.annotations?.[RESTART_CONTAINERS_KEY];
  return requested === undefined || requested === pod.metadata.annotations?.[RESTARTED_CONTAINERS_KEY];
}
