// What each CRD declares besides its schemas (kind-schemas.ts, kept apart so that services reading these names
// never load the schema library): names, scope, subresources, printer columns (facts from Kruise's
// kubebuilder markers), and the schema of each served version.
import { KRUISE_GROUP } from '@kruise-ts/kube';

export const group = KRUISE_GROUP;
export const versions = ['v1alpha1', 'v1beta1'] as const;
export type Version = (typeof versions)[number];
/** The hub and storage version of every kind. */
export const storageVersion: Version = 'v1beta1';

export type KindName = 'CloneSet' | 'StatefulSet' | 'SidecarSet' | 'BroadcastJob' | 'AdvancedCronJob';

export interface PrinterColumn {
  name: string;
  type: 'integer' | 'string' | 'date';
  jsonPath: string;
  description: string;
  priority?: number;
}

export interface KindInfo {
  kind: KindName;
  plural: string;
  singular: string;
  listKind: string;
  shortNames: string[];
  scope: 'Namespaced' | 'Cluster';
  scale: boolean;
  columns: PrinterColumn[];
}

const age: PrinterColumn = {
  name: 'AGE',
  type: 'date',
  jsonPath: '.metadata.creationTimestamp',
  description: 'Time since the object was created.',
};

const column = (
  name: string,
  type: PrinterColumn['type'],
  jsonPath: string,
  description: string,
  priority?: number,
) =>
  priority === undefined
    ? { name, type, jsonPath, description }
    : { name, type, jsonPath, description, priority };

export const kinds: readonly KindInfo[] = [
  {
    kind: 'CloneSet',
    plural: 'clonesets',
    singular: 'cloneset',
    listKind: 'CloneSetList',
    shortNames: ['clone'],
    scope: 'Namespaced',
    scale: true,
    columns: [
      column('DESIRED', 'integer', '.spec.replicas', 'The desired number of pods.'),
      column('UPDATED', 'integer', '.status.updatedReplicas', 'The number of pods updated.'),
      column(
        'UPDATED_READY',
        'integer',
        '.status.updatedReadyReplicas',
        'The number of pods updated and ready.',
      ),
      column(
        'UPDATED_AVAILABLE',
        'integer',
        '.status.updatedAvailableReplicas',
        'The number of pods updated and available.',
      ),
      column('READY', 'integer', '.status.readyReplicas', 'The number of pods ready.'),
      column('TOTAL', 'integer', '.status.replicas', 'The number of all current pods.'),
      age,
      column(
        'CONTAINERS',
        'string',
        '.spec.template.spec.containers[*].name',
        'The containers of the cloneset.',
        1,
      ),
      column('IMAGES', 'string', '.spec.template.spec.containers[*].image', 'The images of the cloneset.', 1),
      column('SELECTOR', 'string', '.status.labelSelector', 'The selector of the cloneset.', 1),
    ],
  },
  {
    kind: 'StatefulSet',
    plural: 'statefulsets',
    singular: 'statefulset',
    listKind: 'StatefulSetList',
    shortNames: ['sts', 'asts'],
    scope: 'Namespaced',
    scale: true,
    columns: [
      column('DESIRED', 'integer', '.spec.replicas', 'The desired number of pods.'),
      column('CURRENT', 'integer', '.status.replicas', 'The number of all current pods.'),
      column('UPDATED', 'integer', '.status.updatedReplicas', 'The number of pods updated.'),
      column('READY', 'integer', '.status.readyReplicas', 'The number of pods ready.'),
      age,
      column(
        'CONTAINERS',
        'string',
        '.spec.template.spec.containers[*].name',
        'The containers of the statefulset.',
        1,
      ),
      column(
        'IMAGES',
        'string',
        '.spec.template.spec.containers[*].image',
        'The images of the statefulset.',
        1,
      ),
    ],
  },
  {
    kind: 'SidecarSet',
    plural: 'sidecarsets',
    singular: 'sidecarset',
    listKind: 'SidecarSetList',
    shortNames: [],
    scope: 'Cluster',
    scale: false,
    columns: [
      column('MATCHED', 'integer', '.status.matchedPods', 'The number of pods matched.'),
      column('UPDATED', 'integer', '.status.updatedPods', 'The number of pods matched and updated.'),
      column('READY', 'integer', '.status.readyPods', 'The number of pods matched and ready.'),
      age,
    ],
  },
  {
    kind: 'BroadcastJob',
    plural: 'broadcastjobs',
    singular: 'broadcastjob',
    listKind: 'BroadcastJobList',
    shortNames: ['bcj'],
    scope: 'Namespaced',
    scale: false,
    columns: [
      column(
        'Desired',
        'integer',
        '.status.desired',
        'The desired number of pods (usually the number of fitting nodes).',
      ),
      column('Active', 'integer', '.status.active', 'The number of actively running pods.'),
      column(
        'Succeeded',
        'integer',
        '.status.succeeded',
        'The number of pods which reached phase Succeeded.',
      ),
      column('Failed', 'integer', '.status.failed', 'The number of pods which reached phase Failed.'),
      age,
    ],
  },
  {
    kind: 'AdvancedCronJob',
    plural: 'advancedcronjobs',
    singular: 'advancedcronjob',
    listKind: 'AdvancedCronJobList',
    shortNames: ['acj'],
    scope: 'Namespaced',
    scale: false,
    columns: [
      column('Schedule', 'string', '.spec.schedule', 'The schedule of the advanced cron job.'),
      column('Type', 'string', '.status.type', 'The kind of job the template creates.'),
      column('LastScheduleTime', 'date', '.status.lastScheduleTime', 'The last time a job was scheduled.'),
      age,
    ],
  },
];

export function kindInfo(kind: KindName): KindInfo {
  const info = kinds.find((k) => k.kind === kind);
  if (!info) throw new Error(`unknown kind ${kind}`);
  return info;
}
