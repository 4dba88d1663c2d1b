// The child object for one scheduled run (docs/behaviour/advancedcronjob.md#controller step 8; Kruise's constructJobForCronJob and
// constructBrJobForCronJob): a Job or BroadcastJob named for the run, carrying the template's labels,
// annotations and spec, the scheduled-at annotation and a controller ownerReference to the ACJ.

import { newControllerReference } from '@kruise-ts/core';
import { ACJ_KIND, SCHEDULED_AT_ANNOTATION } from './children.ts';
import { formatRfc3339InZone } from './cron/zone.ts';
import type { AdvancedCronJob, NewChild, NewChildMeta, OwnerReference, TemplateKind } from './types.ts';

export const ACJ_API_VERSION = 'apps.kruise.io/v1beta1';

/** Kruise's FindTemplateKind: jobTemplate wins, then imageListPullJobTemplate, else BroadcastJob. */
export function findTemplateKind(spec: Pick<AdvancedCronJob['spec'], 'template'>): TemplateKind {
  if (spec.template.jobTemplate) return 'Job';
  if (spec.template.imageListPullJobTemplate) return 'ImageListPullJob';
  return 'BroadcastJob';
}

/** `<acj>-<Unix seconds of the scheduled time>`: the same run always gets the same name, so it is never created twice. */
export function childName(acjName: string, scheduledTime: number): string {
  return `${acjName}-${Math.floor(scheduledTime / 1000)}`;
}

/** ctrl.SetControllerReference with the ACJ's v1beta1 kind. */
export function acjControllerRef(acj: Pick<AdvancedCronJob, 'metadata'>): OwnerReference {
  return newControllerReference({
    apiVersion: ACJ_API_VERSION,
    kind: ACJ_KIND,
    name: acj.metadata?.name ?? '',
    uid: acj.metadata?.uid ?? '',
  });
}

const NO_TEMPLATE = 'spec.template has neither jobTemplate nor broadcastJobTemplate';

/** Why no child can be made from this template (an ImageListPullJob one, or none); undefined when one can. */
export function templateError(spec: Pick<AdvancedCronJob['spec'], 'template'>): string | undefined {
  const kind = findTemplateKind(spec);
  if (kind === 'ImageListPullJob')
    return 'imageListPullJobTemplate is not supported: this controller creates only Jobs (jobTemplate) and BroadcastJobs (broadcastJobTemplate)';
  if (kind === 'BroadcastJob' && !spec.template.broadcastJobTemplate) return NO_TEMPLATE;
  return undefined;
}

export type NewChildResult = { child: NewChild } | { error: string };

/**
 * The child for the run at `scheduledTime` (epoch ms). `zone` is the zone the scheduled-at annotation is
 * printed in: Kruise formats the time robfig's Next returned, which carries the zone of the time it was
 * given — the controller's own zone, not the schedule's.
 */
export function newChild(
  acj: Pick<AdvancedCronJob, 'metadata' | 'spec'>,
  scheduledTime: number,
  zone = 'UTC',
): NewChildResult {
  const unsupported = templateError(acj.spec);
  if (unsupported !== undefined) return { error: unsupported };
  const kind = findTemplateKind(acj.spec);
  const template = kind === 'Job' ? acj.spec.template.jobTemplate : acj.spec.template.broadcastJobTemplate;
  if (!template) return { error: NO_TEMPLATE };

  const name = acj.metadata?.name ?? '';
  const labels = { ...template.metadata?.labels };
  const metadata: NewChildMeta = {
    name: childName(name, scheduledTime),
    ...(acj.metadata?.namespace === undefined ? {} : { namespace: acj.metadata.namespace }),
    // Go's empty label map is omitted from the object.
    ...(Object.keys(labels).length === 0 ? {} : { labels }),
    annotations: {
      ...template.metadata?.annotations,
      [SCHEDULED_AT_ANNOTATION]: formatRfc3339InZone(scheduledTime, zone),
    },
    ownerReferences: [acjControllerRef(acj)],
  };
  const jobTemplate = acj.spec.template.jobTemplate;
  if (kind === 'Job' && jobTemplate)
    return {
      child: { apiVersion: 'batch/v1', kind: 'Job', metadata, spec: structuredClone(jobTemplate.spec ?? {}) },
    };
  const bcjSpec = acj.spec.template.broadcastJobTemplate?.spec ?? {};
  return {
    child: {
      apiVersion: 'apps.kruise.io/v1beta1',
      kind: 'BroadcastJob',
      metadata,
      spec: structuredClone(bcjSpec),
    },
  };
}
