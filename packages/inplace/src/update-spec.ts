// Whether a pod can move between two revisions in place, and what the in-place update changes (docs/behaviour/cloneset.md#in-place-able,
// defaultCalculateInPlaceUpdateSpec): replaced container images, template metadata, with InPlaceUpdateEnvFromMetadata
// the labels/annotations containers read through env fieldRefs (docs/behaviour/cloneset.md#in-place-env-from-metadata)
// and with InPlaceWorkloadVerticalScaling cpu/memory resources (docs/behaviour/cloneset.md#in-place-vertical-scaling).
// Any other change — env, ports, added containers, initContainers, volumes — needs a recreate.

import {
  type ControllerRevision,
  type JsonObject,
  type JsonValue,
  marshalGoJson,
  type ResourceRequirements,
  VOLUME_CLAIM_TEMPLATE_HASH_ANNOTATION,
} from '@kruise-ts/core';
import { containerReadsMetadata, type MetadataField } from './env-from-metadata.ts';
import { createJsonPatch, type JsonPatchOp } from './json-diff.ts';
import { metadataPatch } from './metadata-patch.ts';
import type { PodContainer } from './types.ts';
import { isContainerResourcesPath, parseResourceChange, podQosClass } from './vertical.ts';

/** Labels and annotations one container reads through env fieldRefs, with their new values. */
export interface ContainerRefMetadata {
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

/** Kruise's UpdateSpec. */
export interface InPlaceUpdateSpec {
  /** Target revision name. */
  revision: string;
  /** Container name → new image. */
  containerImages: Record<string, string>;
  /** Container name → the labels/annotations it reads through env that change (InPlaceUpdateEnvFromMetadata). */
  containerRefMetadata?: Record<string, ContainerRefMetadata>;
  /** Container name → new cpu/memory quantities (InPlaceWorkloadVerticalScaling). */
  containerResources?: Record<string, ResourceRequirements>;
  /** Some container reads a changed label/annotation and must restart. */
  updateEnvFromMetadata?: boolean;
  /** {"metadata": {...}} strategic-merge patch for the pod, when the template metadata changed. */
  metadataPatch?: JsonObject;
  /** inPlaceUpdateStrategy.gracePeriodSeconds. */
  graceSeconds: number;
}

export interface InPlaceSpecOptions {
  gracePeriodSeconds?: number;
  /** Kruise ignores the volumeClaimTemplates hash for InPlaceOnly. */
  ignoreVolumeClaimTemplatesHashDiff?: boolean;
  /** RecreatePodWhenChangeVCTInCloneSetGate. */
  recreatePodWhenChangeVCT?: boolean;
  /**
   * The workload's current volumeClaimTemplates hashed as kruise-ts did before it wrote Kruise's value: an old
   * revision carrying it was written for the same templates, so its hash differs without a change.
   */
  earlierVolumeClaimTemplatesHash?: string;
  /** InPlaceUpdateEnvFromMetadata gate (Kruise default on). */
  envFromMetadata?: boolean;
  /** InPlaceWorkloadVerticalScaling gate (Kruise default off). */
  verticalScaling?: boolean;
}

/** UpdateSpec.VerticalUpdateOnly: only resources change (no image, no env-from-metadata). */
export function isVerticalUpdateOnly(spec: InPlaceUpdateSpec): boolean {
  return (
    Object.keys(spec.containerResources ?? {}).length > 0 &&
    Object.keys(spec.containerImages).length === 0 &&
    spec.updateEnvFromMetadata !== true
  );
}

const CONTAINER_IMAGE_PATH = /^\/spec\/containers\/(\d+)\/image$/;

function revisionData(rev: ControllerRevision): unknown {
  const data = rev.data;
  if (typeof data === 'string') return JSON.parse(data);
  if (data instanceof Uint8Array) return JSON.parse(new TextDecoder().decode(data));
  return data ?? null;
}

interface TemplateShape {
  metadata?: Record<string, JsonValue>;
  spec?: { containers?: PodContainer[]; initContainers?: PodContainer[] };
}

function templateOf(data: unknown): TemplateShape {
  const spec = (data as { spec?: { template?: TemplateShape } } | null)?.spec;
  return spec?.template ?? {};
}

/** Both revisions carry the volume-claim-template hash and it differs (an earlier-scheme hash of the same templates does not). */
function volumeClaimTemplatesChanged(
  oldRev: ControllerRevision,
  newRev: ControllerRevision,
  earlierHash: string | undefined,
): boolean {
  const oldHash = oldRev.metadata.annotations?.[VOLUME_CLAIM_TEMPLATE_HASH_ANNOTATION];
  const newHash = newRev.metadata.annotations?.[VOLUME_CLAIM_TEMPLATE_HASH_ANNOTATION];
  if (oldHash !== undefined && oldHash !== '' && oldHash === earlierHash) return false;
  return oldHash !== undefined && newHash !== undefined && oldHash !== newHash;
}

/**
 * The in-place update from `oldRevision` to `newRevision`, or undefined when the pod must be recreated (also when
 * the old revision is unknown, e.g. garbage-collected, or the data cannot be parsed).
 */
export function calculateInPlaceUpdateSpec(
  oldRevision: ControllerRevision | undefined,
  newRevision: ControllerRevision | undefined,
  opts: InPlaceSpecOptions = {},
): InPlaceUpdateSpec | undefined {
  if (oldRevision === undefined || newRevision === undefined) return undefined;
  let oldData: unknown;
  let newData: unknown;
  try {
    oldData = revisionData(oldRevision);
    newData = revisionData(newRevision);
  } catch {
    return undefined;
  }
  if (
    opts.recreatePodWhenChangeVCT === true &&
    opts.ignoreVolumeClaimTemplatesHashDiff !== true &&
    volumeClaimTemplatesChanged(oldRevision, newRevision, opts.earlierVolumeClaimTemplatesHash)
  ) {
    return undefined;
  }

  const oldTemplate = templateOf(oldData);
  const newTemplate = templateOf(newData);
  const spec: InPlaceUpdateSpec = {
    revision: newRevision.metadata.name ?? '',
    containerImages: {},
    graceSeconds: opts.gracePeriodSeconds ?? 0,
  };
  const metadataOps: JsonPatchOp[] = [];
  const resources: Record<string, ResourceRequirements> = {};
  for (const op of createJsonPatch(oldData, newData)) {
    const path = op.path.replace('/spec/template', '');
    if (!path.startsWith('/spec/')) {
      if (path.startsWith('/metadata/')) {
        metadataOps.push({ ...op, path });
        continue;
      }
      return undefined;
    }
    if (op.op !== 'replace') return undefined;
    const m = CONTAINER_IMAGE_PATH.exec(path);
    if (m !== null) {
      const container = oldTemplate.spec?.containers?.[Number(m[1])];
      if (container === undefined || typeof op.value !== 'string') return undefined;
      spec.containerImages[container.name ?? ''] = op.value;
      continue;
    }
    if (opts.verticalScaling === true && isContainerResourcesPath(path)) {
      const change = parseResourceChange({ ...op, path });
      if (!change.ok) return undefined;
      const name = oldTemplate.spec?.containers?.[change.index]?.name;
      if (name === undefined) return undefined;
      const r = resources[name] ?? { limits: {}, requests: {} };
      r[change.kind] = { ...r[change.kind], [change.resource]: change.quantity };
      resources[name] = r;
      continue;
    }
    return undefined;
  }
  if (Object.keys(resources).length > 0) {
    // A resize that would move the pod to another QoS class is refused by the kubelet: recreate instead.
    if (podQosClass(oldTemplate.spec ?? {}) !== podQosClass(newTemplate.spec ?? {})) return undefined;
    spec.containerResources = resources;
  }
  if (metadataOps.length > 0) {
    let oldMeta = oldTemplate.metadata;
    let newMeta = newTemplate.metadata;
    if (opts.envFromMetadata !== false) {
      const refs = containerRefMetadata(metadataOps, newTemplate.spec?.containers ?? []);
      if (refs !== undefined) {
        spec.containerRefMetadata = refs.byContainer;
        spec.updateEnvFromMetadata = true;
        // Keys read by containers are written per container batch, not by the template metadata patch.
        oldMeta = withoutKeys(oldMeta, refs.keys);
        newMeta = withoutKeys(newMeta, refs.keys);
      }
    }
    const patch = metadataPatch(oldMeta, newMeta);
    if (patch !== undefined) spec.metadataPatch = patch;
  }
  return spec;
}

const decodeToken = (t: string): string => t.replaceAll('~1', '/').replaceAll('~0', '~');

/** Changed (replaced or added) labels/annotations that some container of the new template reads through env. */
function containerRefMetadata(
  ops: readonly JsonPatchOp[],
  containers: readonly PodContainer[],
):
  | { byContainer: Record<string, ContainerRefMetadata>; keys: Record<MetadataField, Set<string>> }
  | undefined {
  const byContainer: Record<string, ContainerRefMetadata> = {};
  const keys: Record<MetadataField, Set<string>> = { labels: new Set(), annotations: new Set() };
  for (const op of ops) {
    if (op.op !== 'replace' && op.op !== 'add') continue;
    const words = op.path.split('/');
    if (words.length < 4 || (words[2] !== 'labels' && words[2] !== 'annotations')) continue;
    const field: MetadataField = words[2];
    const key = decodeToken(words.slice(3).join('/'));
    if (typeof op.value !== 'string') continue;
    for (const c of containers) {
      if (!containerReadsMetadata(c, field, key)) continue;
      const meta = byContainer[c.name] ?? {};
      meta[field] = { ...meta[field], [key]: op.value };
      byContainer[c.name] = meta;
      keys[field].add(key);
    }
  }
  return Object.keys(byContainer).length === 0 ? undefined : { byContainer, keys };
}

function withoutKeys(
  meta: Record<string, JsonValue> | undefined,
  keys: Record<MetadataField, Set<string>>,
): Record<string, JsonValue> | undefined {
  if (meta === undefined) return undefined;
  const out: Record<string, JsonValue> = { ...meta };
  for (const field of ['labels', 'annotations'] as const) {
    const map = meta[field];
    if (typeof map !== 'object' || map === null || Array.isArray(map)) continue;
    out[field] = Object.fromEntries(Object.entries(map).filter(([k]) => !keys[field].has(k)));
  }
  return out;
}

/** CanUpdateInPlace. */
export function canUpdateInPlace(
  oldRevision: ControllerRevision | undefined,
  newRevision: ControllerRevision | undefined,
  opts: InPlaceSpecOptions = {},
): boolean {
  return calculateInPlaceUpdateSpec(oldRevision, newRevision, opts) !== undefined;
}

/**
 * The grace-period annotation (apps.kruise.io/inplace-update-grace) as Kruise writes it: the UpdateSpec as Go
 * JSON, empty fields omitted, the metadata patch as base64 bytes.
 */
export function serializeUpdateSpec(spec: InPlaceUpdateSpec): string {
  const parts = [`"revision":${marshalGoJson(spec.revision)}`];
  if (Object.keys(spec.containerImages).length > 0)
    parts.push(`"containerImages":${marshalGoJson(spec.containerImages)}`);
  if (Object.keys(spec.containerRefMetadata ?? {}).length > 0)
    parts.push(`"containerRefMetadata":${marshalGoJson(spec.containerRefMetadata as JsonObject)}`);
  if (Object.keys(spec.containerResources ?? {}).length > 0)
    parts.push(`"containerResources":${marshalGoJson(spec.containerResources as JsonObject)}`);
  if (spec.metadataPatch !== undefined) {
    const bytes = Buffer.from(marshalGoJson(spec.metadataPatch), 'utf8').toString('base64');
    parts.push(`"metaDataPatch":${marshalGoJson(bytes)}`);
  }
  if (spec.updateEnvFromMetadata === true) parts.push('"updateEnvFromMetadata":true');
  if (spec.graceSeconds !== 0) parts.push(`"graceSeconds":${spec.graceSeconds}`);
  return `{${parts.join(',')}}`;
}

/** Reads a grace-period annotation back. Throws on malformed JSON. */
export function parseUpdateSpec(text: string): InPlaceUpdateSpec {
  const raw = JSON.parse(text) as {
    revision?: string;
    containerImages?: Record<string, string>;
    containerRefMetadata?: Record<string, ContainerRefMetadata>;
    containerResources?: Record<string, ResourceRequirements>;
    metaDataPatch?: string;
    updateEnvFromMetadata?: boolean;
    graceSeconds?: number;
  };
  const spec: InPlaceUpdateSpec = {
    revision: raw.revision ?? '',
    containerImages: raw.containerImages ?? {},
    graceSeconds: raw.graceSeconds ?? 0,
  };
  if (raw.containerRefMetadata !== undefined) spec.containerRefMetadata = raw.containerRefMetadata;
  if (raw.containerResources !== undefined) spec.containerResources = raw.containerResources;
  if (raw.updateEnvFromMetadata === true) spec.updateEnvFromMetadata = true;
  if (typeof raw.metaDataPatch === 'string' && raw.metaDataPatch !== '') {
    spec.metadataPatch = JSON.parse(Buffer.from(raw.metaDataPatch, 'base64').toString('utf8')) as JsonObject;
  }
  return spec;
}
