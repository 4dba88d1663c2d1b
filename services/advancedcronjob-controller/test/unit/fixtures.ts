// Builders in the spirit of Kruise's createJob (advancedcronjob_controller_test.go): an ACJ in "default" with
// UID 12345, and children it controls, as the apiserver would return them.

import type { AcjChild, AdvancedCronJob } from '../../src/types.ts';

export const at = (iso: string) => Date.parse(iso);
/** RFC 3339 at second precision in UTC, as metav1.Time marshals. */
export const iso = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;
export const MINUTE = 60_000;

export const jobTemplate = () => ({
  metadata: { labels: { app: 'report' }, annotations: { team: 'data' } },
  spec: {
    backoffLimit: 2,
    template: { spec: { containers: [{ name: 'main', image: 'busybox' }], restartPolicy: 'Never' } },
  },
});

export const broadcastJobTemplate = () => ({
  metadata: { labels: { app: 'scan' } },
  spec: {
    parallelism: 1,
    template: { spec: { containers: [{ name: 'main', image: 'busybox' }], restartPolicy: 'Never' } },
    completionPolicy: { type: 'Always' as const },
  },
});

export function makeAcj(
  spec: Partial<AdvancedCronJob['spec']> = {},
  meta: { name?: string; created?: string | null } = {},
): AdvancedCronJob {
  return {
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'AdvancedCronJob',
    metadata: {
      name: meta.name ?? 'acj',
      namespace: 'default',
      uid: '12345',
      creationTimestamp: meta.created === undefined ? '2025-10-10T09:00:00Z' : meta.created,
    },
    spec: {
      schedule: '*/5 * * * *',
      concurrencyPolicy: 'Allow',
      paused: false,
      successfulJobsHistoryLimit: 3,
      failedJobsHistoryLimit: 1,
      template: { jobTemplate: jobTemplate() },
      ...spec,
    },
  };
}

export interface ChildOptions {
  /** scheduled-at annotation value */
  scheduledAt?: string;
  state?: 'active' | 'complete' | 'failed';
  startTime?: string;
  owner?: string;
  ownerApiVersion?: string;
  namespace?: string;
  resourceVersion?: string;
}

export function makeChild(name: string, o: ChildOptions = {}): AcjChild {
  const conditions =
    o.state === 'complete'
      ? [{ type: 'Complete', status: 'True' }]
      : o.state === 'failed'
        ? [{ type: 'Failed', status: 'True' }]
        : [];
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name,
      namespace: o.namespace ?? 'default',
      uid: `uid-${name}`,
      ...(o.resourceVersion === undefined ? {} : { resourceVersion: o.resourceVersion }),
      ...(o.scheduledAt === undefined
        ? {}
        : { annotations: { 'apps.kruise.io/scheduled-at': o.scheduledAt } }),
      ownerReferences: [
        {
          apiVersion: o.ownerApiVersion ?? 'apps.kruise.io/v1beta1',
          kind: 'AdvancedCronJob',
          name: o.owner ?? 'acj',
          uid: '12345',
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    status: { conditions, ...(o.startTime === undefined ? {} : { startTime: o.startTime }) },
  };
}
