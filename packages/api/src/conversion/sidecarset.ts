// SidecarSet v1alpha1 ⇄ v1beta1 (apis/apps/v1alpha1/sidecarset_conversion.go): `spec.namespace` becomes a
// namespaceSelector on kubernetes.io/metadata.name (and wins over a namespaceSelector), the custom-version label
// becomes `spec.customVersion` and back. Kruise never restores `spec.namespace`; stash.ts does.
import { KRUISE_GROUP } from '@kruise-ts/kube';
import { SidecarSetKeys } from '../constants.ts';
import type { SidecarSetV1alpha1, SidecarSetV1beta1 } from '../schema/sidecarset.ts';
import { pick } from './pick.ts';
import { convertLossless } from './stash.ts';

const group = KRUISE_GROUP;
const commonSpecKeys = [
  'selector',
  'initContainers',
  'containers',
  'volumes',
  'updateStrategy',
  'injectionStrategy',
  'imagePullSecrets',
  'revisionHistoryLimit',
  'patchPodMetadata',
] as const;

export function sidecarSetV1alpha1ToV1beta1(src: SidecarSetV1alpha1): SidecarSetV1beta1 {
  const spec = pick(src.spec, commonSpecKeys) as SidecarSetV1beta1['spec'];
  if (src.spec.namespace) {
    spec.namespaceSelector = { matchLabels: { [SidecarSetKeys.namespaceName]: src.spec.namespace } };
  } else if (src.spec.namespaceSelector) {
    spec.namespaceSelector = structuredClone(src.spec.namespaceSelector);
  }
  const out: SidecarSetV1beta1 = { apiVersion: `${group}/v1beta1`, kind: src.kind ?? 'SidecarSet', spec };
  if (src.metadata) {
    const meta = structuredClone(src.metadata);
    const labels = meta.labels;
    if (labels && Object.hasOwn(labels, SidecarSetKeys.customVersion)) {
      const version = labels[SidecarSetKeys.customVersion];
      if (version) spec.customVersion = version;
      delete labels[SidecarSetKeys.customVersion];
      // Go's omitempty drops the map once it is empty.
      if (Object.keys(labels).length === 0) delete meta.labels;
    }
    out.metadata = meta;
  }
  if (src.status) out.status = structuredClone(src.status);
  return out;
}

export function sidecarSetV1beta1ToV1alpha1(src: SidecarSetV1beta1): SidecarSetV1alpha1 {
  const spec = pick(src.spec, [...commonSpecKeys, 'namespaceSelector']) as SidecarSetV1alpha1['spec'];
  const out: SidecarSetV1alpha1 = { apiVersion: `${group}/v1alpha1`, kind: src.kind ?? 'SidecarSet', spec };
  if (src.metadata) out.metadata = structuredClone(src.metadata);
  if (src.spec.customVersion) {
    out.metadata ??= {};
    const meta = out.metadata;
    meta.labels = { ...(meta.labels ?? {}), [SidecarSetKeys.customVersion]: src.spec.customVersion };
  }
  if (src.status) out.status = structuredClone(src.status);
  return out;
}

export function convertSidecarSetToV1beta1(obj: SidecarSetV1alpha1): SidecarSetV1beta1 {
  return convertLossless(obj, 'v1alpha1', 'v1beta1', {
    forward: sidecarSetV1alpha1ToV1beta1,
    backward: sidecarSetV1beta1ToV1alpha1,
  });
}

export function convertSidecarSetToV1alpha1(obj: SidecarSetV1beta1): SidecarSetV1alpha1 {
  return convertLossless(obj, 'v1beta1', 'v1alpha1', {
    forward: sidecarSetV1beta1ToV1alpha1,
    backward: sidecarSetV1alpha1ToV1beta1,
  });
}
