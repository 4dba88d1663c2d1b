// The in-place update record Kruise keeps on a pod (docs/behaviour/cloneset.md#in-place-procedure): annotation apps.kruise.io/inplace-update-state
// (JSON InPlaceUpdateState) and, during a grace period, apps.kruise.io/inplace-update-grace. The pre-1.0 keys
// without the "apps.kruise.io/" prefix are still read.

import { marshalGoJson } from './go-json.ts';
import type { ObjectMeta, ResourceRequirements } from './kube-types.ts';

export const INPLACE_UPDATE_STATE_KEY = 'apps.kruise.io/inplace-update-state';
export const INPLACE_UPDATE_STATE_KEY_OLD = 'inplace-update-state';
export const INPLACE_UPDATE_GRACE_KEY = 'apps.kruise.io/inplace-update-grace';
export const INPLACE_UPDATE_GRACE_KEY_OLD = 'inplace-update-grace';
export const RUNTIME_CONTAINER_META_KEY = 'apps.kruise.io/runtime-containers-meta';

export interface InPlaceUpdateContainerStatus {
  imageID?: string;
}

export interface InPlaceUpdateContainerBatch {
  /** RFC 3339; null for Go's zero time. */
  timestamp: string | null;
  containers: string[] | null;
}

export interface InPlaceUpdatePreCheckBeforeNext {
  containersRequiredReady?: string[];
}

export interface InPlaceUpdateState {
  /** Target revision name. */
  revision: string;
  /** RFC 3339 start of the update; null for Go's zero time. */
  updateTimestamp: string | null;
  /** Container name → imageID before the update (null while a grace period defers the patch). */
  lastContainerStatuses: Record<string, InPlaceUpdateContainerStatus> | null;
  updateEnvFromMetadata?: boolean;
  updateResources?: boolean;
  updateImages?: boolean;
  nextContainerImages?: Record<string, string>;
  nextContainerRefMetadata?: Record<string, Pick<ObjectMeta, 'labels' | 'annotations'>>;
  nextContainerResources?: Record<string, ResourceRequirements>;
  preCheckBeforeNext?: InPlaceUpdatePreCheckBeforeNext;
  containerBatchesRecord?: InPlaceUpdateContainerBatch[];
}

export class InPlaceUpdateStateError extends Error {
  override name = 'InPlaceUpdateStateError';
}

type Meta = Pick<ObjectMeta, 'annotations'>;

/** The raw state annotation (new key first, then the old one). */
export function getInPlaceUpdateStateAnnotation(meta: Meta): string | undefined {
  return meta.annotations?.[INPLACE_UPDATE_STATE_KEY] ?? meta.annotations?.[INPLACE_UPDATE_STATE_KEY_OLD];
}

/** The raw grace annotation (new key first, then the old one). */
export function getInPlaceUpdateGraceAnnotation(meta: Meta): string | undefined {
  return meta.annotations?.[INPLACE_UPDATE_GRACE_KEY] ?? meta.annotations?.[INPLACE_UPDATE_GRACE_KEY_OLD];
}

export function isInPlaceUpdateInGracePeriod(meta: Meta): boolean {
  return getInPlaceUpdateGraceAnnotation(meta) !== undefined;
}

/** Annotations without either grace key (RemoveInPlaceUpdateGrace); the input is not changed. */
export function withoutInPlaceUpdateGrace(
  annotations: Record<string, string> | undefined,
): Record<string, string> {
  const {
    [INPLACE_UPDATE_GRACE_KEY]: _new,
    [INPLACE_UPDATE_GRACE_KEY_OLD]: _old,
    ...rest
  } = annotations ?? {};
  return rest;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function field<T>(
  obj: Record<string, unknown>,
  key: string,
  check: (v: unknown) => v is T,
  what: string,
): T | undefined {
  const v = obj[key];
  if (v === undefined || v === null) return undefined;
  if (!check(v)) throw new InPlaceUpdateStateError(`inplace-update-state: ${key} must be ${what}`);
  return v;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isBool = (v: unknown): v is boolean => typeof v === 'boolean';
const isStringMap = (v: unknown): v is Record<string, string> =>
  isObject(v) && Object.values(v).every(isString);

/** Parses the annotation like Go's json.Unmarshal into InPlaceUpdateState (unknown fields ignored). */
export function parseInPlaceUpdateState(text: string): InPlaceUpdateState {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (cause) {
    throw new InPlaceUpdateStateError('inplace-update-state is not valid JSON', { cause });
  }
  if (!isObject(raw)) throw new InPlaceUpdateStateError('inplace-update-state must be a JSON object');
  const last = field(raw, 'lastContainerStatuses', isObject, 'an object');
  const lastContainerStatuses: Record<string, InPlaceUpdateContainerStatus> | null =
    last === undefined ? null : {};
  for (const [name, status] of Object.entries(last ?? {})) {
    const imageID = isObject(status) ? field(status, 'imageID', isString, 'a string') : undefined;
    (lastContainerStatuses as Record<string, InPlaceUpdateContainerStatus>)[name] =
      imageID === undefined ? {} : { imageID };
  }
  const state: InPlaceUpdateState = {
    revision: field(raw, 'revision', isString, 'a string') ?? '',
    updateTimestamp: field(raw, 'updateTimestamp', isString, 'an RFC 3339 string') ?? null,
    lastContainerStatuses,
  };
  const flags = ['updateEnvFromMetadata', 'updateResources', 'updateImages'] as const;
  for (const f of flags) {
    const v = field(raw, f, isBool, 'a boolean');
    if (v !== undefined) state[f] = v;
  }
  const nextImages = field(raw, 'nextContainerImages', isStringMap, 'a map of strings');
  if (nextImages !== undefined) state.nextContainerImages = nextImages;
  const nextMeta = field(raw, 'nextContainerRefMetadata', isObject, 'an object');
  if (nextMeta !== undefined)
    state.nextContainerRefMetadata = nextMeta as InPlaceUpdateState['nextContainerRefMetadata'];
  const nextResources = field(raw, 'nextContainerResources', isObject, 'an object');
  if (nextResources !== undefined)
    state.nextContainerResources = nextResources as InPlaceUpdateState['nextContainerResources'];
  const preCheck = field(raw, 'preCheckBeforeNext', isObject, 'an object');
  if (preCheck !== undefined) state.preCheckBeforeNext = preCheck as InPlaceUpdatePreCheckBeforeNext;
  const batches = field(raw, 'containerBatchesRecord', Array.isArray, 'an array');
  if (batches !== undefined) {
    state.containerBatchesRecord = batches.map((b: unknown) => ({
      timestamp: isObject(b) ? (field(b, 'timestamp', isString, 'a string') ?? null) : null,
      containers: isObject(b) && Array.isArray(b.containers) ? b.containers.map(String) : null,
    }));
  }
  return state;
}

/** The state of a pod's annotation, or undefined when the pod has none. Throws on a malformed annotation. */
export function getInPlaceUpdateState(meta: Meta): InPlaceUpdateState | undefined {
  const text = getInPlaceUpdateStateAnnotation(meta);
  return text === undefined ? undefined : parseInPlaceUpdateState(text);
}

const nonEmpty = (m: object | undefined): boolean => m !== undefined && Object.keys(m).length > 0;

/**
 * Serialises in the field order and with the omitempty rules of Kruise's Go struct, so Kruise and this port read
 * each other's annotations. Nested metadata/resources are written as given (valid, not necessarily Go's bytes).
 */
export function serializeInPlaceUpdateState(state: InPlaceUpdateState): string {
  const parts: string[] = [];
  const put = (key: string, json: string) => parts.push(`${marshalGoJson(key)}:${json}`);
  put('revision', marshalGoJson(state.revision));
  put('updateTimestamp', marshalGoJson(state.updateTimestamp));
  if (state.lastContainerStatuses === null) {
    put('lastContainerStatuses', 'null');
  } else {
    const statuses: Record<string, Record<string, string>> = {};
    for (const [name, s] of Object.entries(state.lastContainerStatuses)) {
      statuses[name] = s.imageID === undefined || s.imageID === '' ? {} : { imageID: s.imageID };
    }
    put('lastContainerStatuses', marshalGoJson(statuses));
  }
  if (state.updateEnvFromMetadata === true) put('updateEnvFromMetadata', 'true');
  if (state.updateResources === true) put('updateResources', 'true');
  if (state.updateImages === true) put('updateImages', 'true');
  if (nonEmpty(state.nextContainerImages))
    put('nextContainerImages', marshalGoJson(state.nextContainerImages ?? {}));
  if (nonEmpty(state.nextContainerRefMetadata))
    put('nextContainerRefMetadata', JSON.stringify(state.nextContainerRefMetadata));
  if (nonEmpty(state.nextContainerResources))
    put('nextContainerResources', JSON.stringify(state.nextContainerResources));
  if (state.preCheckBeforeNext !== undefined) {
    const required = state.preCheckBeforeNext.containersRequiredReady ?? [];
    put(
      'preCheckBeforeNext',
      required.length > 0 ? `{"containersRequiredReady":${marshalGoJson(required)}}` : '{}',
    );
  }
  if (state.containerBatchesRecord !== undefined && state.containerBatchesRecord.length > 0) {
    const batches = state.containerBatchesRecord.map(
      (b) => `{"timestamp":${marshalGoJson(b.timestamp)},"containers":${marshalGoJson(b.containers)}}`,
    );
    put('containerBatchesRecord', `[${batches.join(',')}]`);
  }
  return `{${parts.join(',')}}`;
}
