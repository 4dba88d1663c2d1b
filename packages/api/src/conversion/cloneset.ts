// CloneSet v1alpha1 ⇄ v1beta1: Kruise's mapping (apis/apps/v1alpha1/cloneset_conversion.go) made lossless by
// stash.ts. Kruise maps: type ReCreate|InPlaceIfPossible|InPlaceOnly|"" ⇒ RollingUpdate + podUpdatePolicy;
// OnDelete ⇒ OnDelete without rollingUpdate; enablePVCReuse = !disablePVCReuse; the scaling-exclude label ⇒
// excludePreparingDelete; image pre-download annotations ⇔ inPlaceUpdateStrategy fields.
import { KRUISE_GROUP } from '@kruise-ts/kube';
import { CloneSetKeys } from '../constants.ts';
import type { CloneSetV1alpha1, CloneSetV1beta1, CloneSetV1beta1RollingUpdate } from '../schema/cloneset.ts';
import type { InPlaceUpdateStrategy } from '../schema/shared.ts';
import { pick } from './pick.ts';
import { convertLossless } from './stash.ts';

const group = KRUISE_GROUP;
const commonSpecKeys = [
  'replicas',
  'selector',
  'template',
  'volumeClaimTemplates',
  'revisionHistoryLimit',
  'minReadySeconds',
  'lifecycle',
  'progressDeadlineSeconds',
] as const;

/** Go strconv.ParseInt(s, 10, 32). */
function parseInt32(text: string): number | undefined {
  if (!/^[+-]?\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n >= -2147483648 && n <= 2147483647 ? n : undefined;
}

/** intstr.Parse: an int when Atoi succeeds, else the string. */
function parseIntOrString(text: string): number | string {
  return parseInt32(text) ?? text;
}

function inPlaceToV1beta1(
  src: InPlaceUpdateStrategy | undefined,
  annotations: Record<string, string> | undefined,
): InPlaceUpdateStrategy | undefined {
  const parallelism = annotations?.[CloneSetKeys.imagePreDownloadParallelism] ?? '';
  const timeout = annotations?.[CloneSetKeys.imagePreDownloadTimeoutSeconds] ?? '';
  const minPods = annotations?.[CloneSetKeys.imagePreDownloadMinUpdatedReadyPods] ?? '';
  if (!src && parallelism === '' && timeout === '' && minPods === '') return undefined;
  // Only the grace period is copied from a v1alpha1 spec; the pre-download knobs come from annotations.
  const dst: InPlaceUpdateStrategy = src?.gracePeriodSeconds
    ? { gracePeriodSeconds: src.gracePeriodSeconds }
    : {};
  if (parallelism !== '') dst.imagePreDownloadParallelism = parseIntOrString(parallelism);
  const t = parseInt32(timeout);
  if (t !== undefined) dst.imagePreDownloadTimeoutSeconds = t;
  const m = parseInt32(minPods);
  if (m !== undefined) dst.imagePreDownloadMinUpdatedReadyPods = m;
  return dst;
}

/** Kruise's CloneSet ConvertTo (v1alpha1 → v1beta1), lossy. */
export function cloneSetV1alpha1ToV1beta1(src: CloneSetV1alpha1): CloneSetV1beta1 {
  const meta = src.metadata === undefined ? undefined : structuredClone(src.metadata);
  const s = src.spec;
  const scale = s.scaleStrategy ?? {};
  const spec = pick(s, commonSpecKeys) as CloneSetV1beta1['spec'];
  const scaleStrategy = {
    ...pick(scale, ['podsToDelete', 'maxUnavailable']),
    ...(scale.disablePVCReuse ? {} : { enablePVCReuse: true }),
    ...(meta?.labels?.[CloneSetKeys.scalingExcludePreparingDelete] === 'true'
      ? { excludePreparingDelete: true }
      : {}),
  };
  // Go always writes the struct; an empty one is left out so that typical objects convert without a stash. A
  // non-empty one gets the explicit `enablePVCReuse: false` the CRD default would add on storage anyway.
  if (Object.keys(scaleStrategy).length > 0) {
    spec.scaleStrategy = scale.disablePVCReuse ? { ...scaleStrategy, enablePVCReuse: false } : scaleStrategy;
  }
  const strategy = s.updateStrategy ?? {};
  if (strategy.type === 'OnDelete') {
    spec.updateStrategy = { type: 'OnDelete' };
  } else {
    const policy =
      strategy.type === 'InPlaceIfPossible' || strategy.type === 'InPlaceOnly' ? strategy.type : 'ReCreate';
    const rolling: CloneSetV1beta1RollingUpdate = {
      ...pick(strategy, ['partition', 'maxUnavailable', 'maxSurge']),
      podUpdatePolicy: policy,
      ...(strategy.paused ? { paused: true } : {}),
      ...pick(strategy, ['priorityStrategy', 'scatterStrategy']),
    };
    const inPlace = inPlaceToV1beta1(strategy.inPlaceUpdateStrategy, meta?.annotations);
    if (inPlace) rolling.inPlaceUpdateStrategy = inPlace;
    spec.updateStrategy = { type: 'RollingUpdate', rollingUpdate: rolling };
  }
  const out: CloneSetV1beta1 = { apiVersion: `${group}/v1beta1`, kind: src.kind ?? 'CloneSet', spec };
  if (meta) out.metadata = meta;
  if (src.status) out.status = structuredClone(src.status);
  return out;
}

/** Kruise's CloneSet ConvertFrom (v1beta1 → v1alpha1), lossy. */
export function cloneSetV1beta1ToV1alpha1(src: CloneSetV1beta1): CloneSetV1alpha1 {
  const meta = src.metadata === undefined ? undefined : structuredClone(src.metadata);
  const s = src.spec;
  const scale = s.scaleStrategy ?? {};
  const spec = pick(s, commonSpecKeys) as CloneSetV1alpha1['spec'];
  const scaleStrategy = {
    ...pick(scale, ['podsToDelete', 'maxUnavailable']),
    ...(scale.enablePVCReuse ? {} : { disablePVCReuse: true as const }),
  };
  if (Object.keys(scaleStrategy).length > 0) spec.scaleStrategy = scaleStrategy;
  const strategy = s.updateStrategy ?? {};
  const rolling = strategy.rollingUpdate;
  let type: NonNullable<NonNullable<CloneSetV1alpha1['spec']['updateStrategy']>['type']> = 'ReCreate';
  if (strategy.type === 'OnDelete') type = 'OnDelete';
  else if (rolling?.podUpdatePolicy === 'InPlaceIfPossible' || rolling?.podUpdatePolicy === 'InPlaceOnly') {
    type = rolling.podUpdatePolicy;
  }
  const updateStrategy: NonNullable<CloneSetV1alpha1['spec']['updateStrategy']> = { type };
  let out: CloneSetV1alpha1 = { apiVersion: `${group}/v1alpha1`, kind: src.kind ?? 'CloneSet', spec };
  if (rolling) {
    Object.assign(updateStrategy, pick(rolling, ['partition', 'maxUnavailable', 'maxSurge']));
    if (rolling.paused) updateStrategy.paused = true;
    Object.assign(updateStrategy, pick(rolling, ['priorityStrategy', 'scatterStrategy']));
    const inPlace = rolling.inPlaceUpdateStrategy;
    const hasContent =
      inPlace !== undefined &&
      (!!inPlace.gracePeriodSeconds ||
        inPlace.imagePreDownloadParallelism !== undefined ||
        inPlace.imagePreDownloadTimeoutSeconds !== undefined ||
        inPlace.imagePreDownloadMinUpdatedReadyPods !== undefined);
    if (inPlace && hasContent) {
      updateStrategy.inPlaceUpdateStrategy = inPlace.gracePeriodSeconds
        ? { gracePeriodSeconds: inPlace.gracePeriodSeconds }
        : {};
      const annotations: Record<string, string> = { ...(meta?.annotations ?? {}) };
      if (inPlace.imagePreDownloadParallelism !== undefined) {
        annotations[CloneSetKeys.imagePreDownloadParallelism] = String(inPlace.imagePreDownloadParallelism);
      }
      if (inPlace.imagePreDownloadTimeoutSeconds !== undefined) {
        annotations[CloneSetKeys.imagePreDownloadTimeoutSeconds] = String(
          inPlace.imagePreDownloadTimeoutSeconds,
        );
      }
      if (inPlace.imagePreDownloadMinUpdatedReadyPods !== undefined) {
        annotations[CloneSetKeys.imagePreDownloadMinUpdatedReadyPods] = String(
          inPlace.imagePreDownloadMinUpdatedReadyPods,
        );
      }
      out = { ...out, metadata: { ...(meta ?? {}), annotations } };
    }
  }
  spec.updateStrategy = updateStrategy;
  if (meta && !out.metadata) out.metadata = meta;
  if (src.status) out.status = structuredClone(src.status);
  return out;
}

const toHub = { forward: cloneSetV1alpha1ToV1beta1, backward: cloneSetV1beta1ToV1alpha1 };
const fromHub = { forward: cloneSetV1beta1ToV1alpha1, backward: cloneSetV1alpha1ToV1beta1 };

/** Lossless v1alpha1 → v1beta1. */
export function convertCloneSetToV1beta1(obj: CloneSetV1alpha1): CloneSetV1beta1 {
  return convertLossless(obj, 'v1alpha1', 'v1beta1', toHub);
}

/** Lossless v1beta1 → v1alpha1. */
export function convertCloneSetToV1alpha1(obj: CloneSetV1beta1): CloneSetV1alpha1 {
  return convertLossless(obj, 'v1beta1', 'v1alpha1', fromHub);
}
