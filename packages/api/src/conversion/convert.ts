// One entry point for the conversion webhook: any kruise-ts kind, from its apiVersion to the desired one.
import { group, type KindName, type Version, versions } from '../crd/kinds.ts';
import type { KruiseObject } from '../object.ts';
import { convertCloneSetToV1alpha1, convertCloneSetToV1beta1 } from './cloneset.ts';
import {
  convertAdvancedCronJobToV1alpha1,
  convertAdvancedCronJobToV1beta1,
  convertBroadcastJobToV1alpha1,
  convertBroadcastJobToV1beta1,
} from './jobs.ts';
import { convertSidecarSetToV1alpha1, convertSidecarSetToV1beta1 } from './sidecarset.ts';
import { convertStatefulSetToV1alpha1, convertStatefulSetToV1beta1 } from './statefulset.ts';

type Converter = (obj: never) => unknown;

const converters: Record<KindName, { toV1beta1: Converter; toV1alpha1: Converter }> = {
  CloneSet: { toV1beta1: convertCloneSetToV1beta1, toV1alpha1: convertCloneSetToV1alpha1 },
  StatefulSet: { toV1beta1: convertStatefulSetToV1beta1, toV1alpha1: convertStatefulSetToV1alpha1 },
  SidecarSet: { toV1beta1: convertSidecarSetToV1beta1, toV1alpha1: convertSidecarSetToV1alpha1 },
  BroadcastJob: { toV1beta1: convertBroadcastJobToV1beta1, toV1alpha1: convertBroadcastJobToV1alpha1 },
  AdvancedCronJob: {
    toV1beta1: convertAdvancedCronJobToV1beta1,
    toV1alpha1: convertAdvancedCronJobToV1alpha1,
  },
};

export class ConversionError extends Error {
  override name = 'ConversionError';
}

function versionOf(apiVersion: unknown): Version {
  const [g, v] = typeof apiVersion === 'string' ? apiVersion.split('/') : [];
  if (g !== group || !versions.includes(v as Version)) {
    throw new ConversionError(`unsupported apiVersion ${JSON.stringify(apiVersion)}`);
  }
  return v as Version;
}

/**
 * Converts `obj` to `desiredAPIVersion` (e.g. `apps.kruise.io/v1beta1`) without loss (see stash.ts). The same
 * version returns a copy unchanged.
 */
export function convertObject(obj: KruiseObject, desiredAPIVersion: string): KruiseObject {
  const from = versionOf(obj.apiVersion);
  const to = versionOf(desiredAPIVersion);
  const entry = converters[obj.kind as KindName];
  if (!entry) throw new ConversionError(`unsupported kind ${JSON.stringify(obj.kind)}`);
  if (from === to) return structuredClone(obj);
  const convert = to === 'v1beta1' ? entry.toV1beta1 : entry.toV1alpha1;
  try {
    return convert(obj as never) as KruiseObject;
  } catch (err) {
    throw new ConversionError(`converting ${obj.kind} from ${from} to ${to} failed`, { cause: err });
  }
}
