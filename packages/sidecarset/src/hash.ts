// The SidecarSet hashes Kruise's mutating webhook writes as annotations on the SidecarSet (docs/behaviour/sidecarset.md#defaults,
// pkg/control/sidecarcontrol/hash.go): sha256 over the JSON of {"containers": …} (plus all initContainers when
// one of them is a native sidecar), hex, then SafeEncoded to 64 characters. Kruise marshals its Go structs, so the
// containers are first read as Go would decode them into SidecarContainer (unknown fields dropped, empty omitempty
// fields left out, zero structs such as "resources": {} written) and then written with the struct fields in Go's
// declaration order and only map keys sorted; the values equal Kruise's byte for byte.
import { createHash } from 'node:crypto';
import {
  GoDecodeError,
  type JsonObject,
  type JsonValue,
  marshalGoJsonInOrder,
  normaliseAsGoStruct,
  safeEncodeString,
} from '@kruise-ts/core';
import { SIDECARSET_HASH_ANNOTATION, SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION } from './keys.ts';
import type { SidecarSet } from './types.ts';

export const isNativeSidecar = (c: { restartPolicy?: string | null }): boolean =>
  c.restartPolicy === 'Always';

/** What the hashes read of a SidecarSet (of either version). */
export type HashedSidecarSet = { spec: Pick<SidecarSet['spec'], 'containers' | 'initContainers'> };

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function goString(raw: unknown, path: string): string {
  if (raw === undefined || raw === null) return '';
  if (typeof raw !== 'string') throw new GoDecodeError(path, 'cannot unmarshal into Go value of type string');
  return raw;
}

function goObject(raw: unknown, path: string): Record<string, unknown> {
  if (raw === undefined || raw === null) return {};
  if (!isPlainObject(raw)) throw new GoDecodeError(path, 'cannot unmarshal into a Go struct');
  return raw;
}

function goList<T extends JsonValue>(
  raw: unknown,
  path: string,
  item: (v: unknown, path: string) => T,
): T[] | null {
  if (raw === undefined || raw === null) return null;
  if (!Array.isArray(raw)) throw new GoDecodeError(path, 'cannot unmarshal into a Go slice');
  return raw.map((v, i) => item(v, `${path}[${i}]`));
}

/** Sets `key` to a string field with omitempty. */
function putString(out: JsonObject, key: string, raw: unknown, path: string): void {
  const value = goString(raw, `${path}.${key}`);
  if (value !== '') out[key] = value;
}

const shareVolumePolicy = (raw: unknown, path: string): JsonObject => {
  const out: JsonObject = {};
  putString(out, 'type', goObject(raw, path).type, path);
  return out;
};

function transferEnvVar(raw: unknown, path: string): JsonObject {
  const input = goObject(raw, path);
  const out: JsonObject = {};
  putString(out, 'sourceContainerName', input.sourceContainerName, path);
  if (input.sourceContainerNameFrom !== undefined && input.sourceContainerNameFrom !== null) {
    const from = goObject(input.sourceContainerNameFrom, `${path}.sourceContainerNameFrom`);
    const source: JsonObject = {};
    if (from.fieldRef !== undefined && from.fieldRef !== null)
      source.fieldRef = normaliseAsGoStruct(from.fieldRef, {}, 'ObjectFieldSelector');
    out.sourceContainerNameFrom = source;
  }
  putString(out, 'envName', input.envName, path);
  const names = goList(input.envNames, `${path}.envNames`, goString);
  if (names !== null && names.length > 0) out.envNames = names;
  return out;
}

function resourcesPolicy(raw: unknown, path: string): JsonObject {
  const input = goObject(raw, path);
  const out: JsonObject = {
    targetContainersMode: goString(input.targetContainersMode, `${path}.targetContainersMode`),
  };
  putString(out, 'targetContainersNameRegex', input.targetContainersNameRegex, path);
  const exprPath = `${path}.resourcesExpr`;
  const expr = goObject(input.resourcesExpr, exprPath);
  const resourcesExpr: JsonObject = {};
  for (const key of ['limits', 'requests'] as const) {
    if (expr[key] === undefined || expr[key] === null) continue;
    const bound = goObject(expr[key], `${exprPath}.${key}`);
    const values: JsonObject = {};
    putString(values, 'cpu', bound.cpu, `${exprPath}.${key}`);
    putString(values, 'memory', bound.memory, `${exprPath}.${key}`);
    resourcesExpr[key] = values;
  }
  out.resourcesExpr = resourcesExpr;
  return out;
}

/**
 * A SidecarContainer as Go encodes it after decoding: the core/v1 Container fields (embedded, so first), then
 * Kruise's own fields in declaration order. upgradeStrategy and shareVolumePolicy are structs and always present.
 */
export function goSidecarContainer(raw: unknown, path = 'SidecarContainer'): JsonObject {
  const input = goObject(raw, path);
  const out: JsonObject = normaliseAsGoStruct(input, {}, 'Container');
  putString(out, 'podInjectPolicy', input.podInjectPolicy, path);
  const upgradePath = `${path}.upgradeStrategy`;
  const upgrade = goObject(input.upgradeStrategy, upgradePath);
  const upgradeStrategy: JsonObject = {};
  putString(upgradeStrategy, 'upgradeType', upgrade.upgradeType, upgradePath);
  putString(upgradeStrategy, 'hotUpgradeEmptyImage', upgrade.hotUpgradeEmptyImage, upgradePath);
  out.upgradeStrategy = upgradeStrategy;
  out.shareVolumePolicy = shareVolumePolicy(input.shareVolumePolicy, `${path}.shareVolumePolicy`);
  if (input.shareVolumeDevicePolicy !== undefined && input.shareVolumeDevicePolicy !== null)
    out.shareVolumeDevicePolicy = shareVolumePolicy(
      input.shareVolumeDevicePolicy,
      `${path}.shareVolumeDevicePolicy`,
    );
  const transferEnv = goList(input.transferEnv, `${path}.transferEnv`, transferEnvVar);
  if (transferEnv !== null && transferEnv.length > 0) out.transferEnv = transferEnv;
  if (input.resourcesPolicy !== undefined && input.resourcesPolicy !== null)
    out.resourcesPolicy = resourcesPolicy(input.resourcesPolicy, `${path}.resourcesPolicy`);
  return out;
}

/** A list of SidecarContainers as Go holds it: absent or null is a nil slice (null), [] stays []. */
export function goSidecarContainers(raw: unknown, path: string): JsonObject[] | null {
  return goList(raw, path, goSidecarContainer);
}

function encode(spec: HashedSidecarSet['spec'], withImages: boolean): string {
  const strip = (list: unknown): unknown =>
    withImages || !Array.isArray(list)
      ? list
      : list.map((c: unknown) => (isPlainObject(c) ? { ...c, image: '' } : c));
  const containers = goSidecarContainers(strip(spec.containers), 'spec.containers');
  // The map Kruise marshals has sorted keys: "containers" before "initContainers".
  let text = `{"containers":${containers === null ? 'null' : marshalGoJsonInOrder(containers)}`;
  const initContainers = goSidecarContainers(strip(spec.initContainers), 'spec.initContainers');
  if (initContainers?.some((c) => c.restartPolicy === 'Always'))
    text += `,"initContainers":${marshalGoJsonInOrder(initContainers)}`;
  return `${text}}`;
}

const digest = (text: string) => safeEncodeString(createHash('sha256').update(text).digest('hex'));

export function computeSidecarSetHash(sidecarSet: HashedSidecarSet): string {
  return digest(encode(sidecarSet.spec, true));
}

export function computeSidecarSetHashWithoutImage(sidecarSet: HashedSidecarSet): string {
  return digest(encode(sidecarSet.spec, false));
}

/** The hash annotations to write on a SidecarSet (Kruise overwrites user values on every write). */
export function sidecarSetHashAnnotations(sidecarSet: HashedSidecarSet): Record<string, string> {
  return {
    [SIDECARSET_HASH_ANNOTATION]: computeSidecarSetHash(sidecarSet),
    [SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION]: computeSidecarSetHashWithoutImage(sidecarSet),
  };
}

/**
 * GetSidecarSetRevision: the SidecarSet's hash annotation. A SidecarSet written while no webhook ran has none;
 * then the hash is computed, so that the webhook and the controller still agree.
 */
export function sidecarSetRevision(sidecarSet: SidecarSet): string {
  return sidecarSet.metadata?.annotations?.[SIDECARSET_HASH_ANNOTATION] || computeSidecarSetHash(sidecarSet);
}

export function sidecarSetRevisionWithoutImage(sidecarSet: SidecarSet): string {
  return (
    sidecarSet.metadata?.annotations?.[SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION] ||
    computeSidecarSetHashWithoutImage(sidecarSet)
  );
}
