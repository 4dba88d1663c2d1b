// The volumeClaimTemplates hash a CloneSet's revisions carry (`kruise.io/cloneset-volumeclaimtemplate-hash`,
// docs/behaviour/cloneset.md#revisions): Kruise's value, and the one kruise-ts wrote before it matched Kruise's.
import {
  compareGoStrings,
  deepHashDumpOfBytes,
  fnv1a_32,
  GoDecodeError,
  type JsonValue,
  marshalGoJson,
  marshalGoJsonInOrder,
  normaliseAsGoStruct,
} from '@kruise-ts/core';
import { plain } from '@kruise-ts/kube';
import type { VolumeClaimTemplate } from '../types.ts';

/**
 * The hash of the volumeClaimTemplates ("" without any) for `kruise.io/cloneset-volumeclaimtemplate-hash`, the
 * value Kruise writes (pkg/util/volumeclaimtemplate/volume_templates_hash.go): each template as a Go
 * PersistentVolumeClaim holding only its name and spec, sorted by name, marshalled in Go's field order, hashed
 * FNV-1a 32 through DeepHashObject's dump of the bytes. The same value matters beyond equality: after a takeover
 * from Kruise, revisions written by Kruise are compared with new ones (RecreatePodWhenChangeVCTInCloneSetGate).
 */
export function volumeClaimTemplatesHash(vcts: readonly VolumeClaimTemplate[] | undefined): string {
  if (vcts === undefined || vcts.length === 0) return '';
  const name = (t: VolumeClaimTemplate) => t.metadata?.name ?? '';
  // Go's byte order (sort.SliceStable by name), not the process's locale.
  const sorted = [...vcts].sort((a, b) => compareGoStrings(name(a), name(b)));
  let claims: JsonValue[];
  try {
    claims = sorted.map((t) =>
      normaliseAsGoStruct({ metadata: { name: name(t) }, spec: t.spec }, {}, 'PersistentVolumeClaim'),
    );
  } catch (err) {
    // Templates Go cannot decode (admission refuses them; Kruise could not read such a CloneSet at all): the
    // earlier value, so the reconcile goes on with a stable hash.
    if (err instanceof GoDecodeError) return earlierVolumeClaimTemplatesHash(vcts);
    throw err;
  }
  return String(fnv1a_32(deepHashDumpOfBytes(marshalGoJsonInOrder(claims))));
}

/**
 * The same templates as kruise-ts hashed them before it wrote Kruise's value (FNV-1a 32 of the Go-marshalled
 * list sorted by name). Revisions written then carry it; the in-place decision takes it for "unchanged".
 */
export function earlierVolumeClaimTemplatesHash(vcts: readonly VolumeClaimTemplate[] | undefined): string {
  if (vcts === undefined || vcts.length === 0) return '';
  const sorted = [...vcts].sort((a, b) => compareGoStrings(a.metadata?.name ?? '', b.metadata?.name ?? ''));
  return String(fnv1a_32(marshalGoJson(plain<JsonValue>(sorted))));
}
