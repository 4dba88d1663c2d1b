// BroadcastJob and AdvancedCronJob v1alpha1 ⇄ v1beta1: field copies (apis/apps/v1alpha1/{broadcastjob,
// advancedcronjob}_conversion.go). Kruise refuses to convert an AdvancedCronJob with an imageListPullJobTemplate
// to v1alpha1; kruise-ts drops it from the v1alpha1 object and keeps it in the stash (stash.ts) instead.
import { KRUISE_GROUP } from '@kruise-ts/kube';
import type { AdvancedCronJobV1alpha1, AdvancedCronJobV1beta1 } from '../schema/advancedcronjob.ts';
import type { BroadcastJobV1alpha1, BroadcastJobV1beta1 } from '../schema/broadcastjob.ts';
import { convertLossless } from './stash.ts';

const group = KRUISE_GROUP;

function retag<T extends { apiVersion?: string }>(src: T, version: string): T {
  const out = structuredClone(src);
  out.apiVersion = `${group}/${version}`;
  return out;
}

export const broadcastJobV1alpha1ToV1beta1 = (src: BroadcastJobV1alpha1): BroadcastJobV1beta1 =>
  retag(src, 'v1beta1');
export const broadcastJobV1beta1ToV1alpha1 = (src: BroadcastJobV1beta1): BroadcastJobV1alpha1 =>
  retag(src, 'v1alpha1');

export function convertBroadcastJobToV1beta1(obj: BroadcastJobV1alpha1): BroadcastJobV1beta1 {
  return convertLossless(obj, 'v1alpha1', 'v1beta1', {
    forward: broadcastJobV1alpha1ToV1beta1,
    backward: broadcastJobV1beta1ToV1alpha1,
  });
}

export function convertBroadcastJobToV1alpha1(obj: BroadcastJobV1beta1): BroadcastJobV1alpha1 {
  return convertLossless(obj, 'v1beta1', 'v1alpha1', {
    forward: broadcastJobV1beta1ToV1alpha1,
    backward: broadcastJobV1alpha1ToV1beta1,
  });
}

export const advancedCronJobV1alpha1ToV1beta1 = (src: AdvancedCronJobV1alpha1): AdvancedCronJobV1beta1 =>
  retag(src, 'v1beta1') as AdvancedCronJobV1beta1;

export function advancedCronJobV1beta1ToV1alpha1(src: AdvancedCronJobV1beta1): AdvancedCronJobV1alpha1 {
  const out = retag(src, 'v1alpha1');
  if (out.spec?.template) delete out.spec.template.imageListPullJobTemplate;
  return out as AdvancedCronJobV1alpha1;
}

export function convertAdvancedCronJobToV1beta1(obj: AdvancedCronJobV1alpha1): AdvancedCronJobV1beta1 {
  return convertLossless(obj, 'v1alpha1', 'v1beta1', {
    forward: advancedCronJobV1alpha1ToV1beta1,
    backward: advancedCronJobV1beta1ToV1alpha1,
  });
}

export function convertAdvancedCronJobToV1alpha1(obj: AdvancedCronJobV1beta1): AdvancedCronJobV1alpha1 {
  return convertLossless(obj, 'v1beta1', 'v1alpha1', {
    forward: advancedCronJobV1beta1ToV1alpha1,
    backward: advancedCronJobV1alpha1ToV1beta1,
  });
}
