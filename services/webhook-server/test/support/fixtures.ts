// One valid object per kind (as a user would write it), and for each an edit that validation must reject, with
// the field path the denial must name.
export interface KindFixture {
  kind: string;
  plural: string;
  namespaced: boolean;
  valid(name: string, version: 'v1alpha1' | 'v1beta1'): Record<string, unknown>;
  invalid: { edit(obj: Record<string, unknown>): void; field: string; message: RegExp };
}

const podTemplate = (app: string) => ({
  metadata: { labels: { app } },
  spec: { containers: [{ name: 'main', image: 'nginx:1.25' }] },
});

const spec = (obj: Record<string, unknown>) => obj.spec as Record<string, unknown>;

export const fixtures: KindFixture[] = [
  {
    kind: 'CloneSet',
    plural: 'clonesets',
    namespaced: true,
    valid: (name, version) => ({
      apiVersion: `apps.kruise.io/${version}`,
      kind: 'CloneSet',
      metadata: { name },
      spec: { replicas: 2, selector: { matchLabels: { app: name } }, template: podTemplate(name) },
    }),
    invalid: {
      // (replicas: -1 would already be refused by the CRD schema, before admission.)
      edit: (obj) => {
        spec(obj).selector = { matchLabels: { app: 'someone-else' } };
      },
      field: 'spec.template.metadata.labels',
      message:
        /spec\.template\.metadata\.labels: Invalid value: .*`selector` does not match template `labels`/,
    },
  },
  {
    kind: 'StatefulSet',
    plural: 'statefulsets',
    namespaced: true,
    valid: (name, version) => ({
      apiVersion: `apps.kruise.io/${version}`,
      kind: 'StatefulSet',
      metadata: { name },
      spec: {
        replicas: 1,
        serviceName: name,
        selector: { matchLabels: { app: name } },
        template: podTemplate(name),
      },
    }),
    invalid: {
      edit: (obj) => {
        spec(obj).podManagementPolicy = 'Sometimes';
      },
      field: 'spec.podManagementPolicy',
      message: /spec\.podManagementPolicy: (Invalid|Unsupported) value: "Sometimes"/,
    },
  },
  {
    kind: 'SidecarSet',
    plural: 'sidecarsets',
    namespaced: false,
    valid: (name, version) => ({
      apiVersion: `apps.kruise.io/${version}`,
      kind: 'SidecarSet',
      metadata: { name },
      spec: {
        selector: { matchLabels: { app: name } },
        containers: [{ name: 'sidecar', image: 'busybox:1.36', command: ['sleep', '3600'] }],
      },
    }),
    invalid: {
      edit: (obj) => {
        spec(obj).selector = undefined;
      },
      field: 'spec.selector',
      message: /spec\.selector: Required value/,
    },
  },
  {
    kind: 'BroadcastJob',
    plural: 'broadcastjobs',
    namespaced: true,
    valid: (name, version) => ({
      apiVersion: `apps.kruise.io/${version}`,
      kind: 'BroadcastJob',
      metadata: { name },
      spec: {
        template: {
          spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox:1.36' }] },
        },
      },
    }),
    invalid: {
      edit: (obj) => {
        spec(obj).completionPolicy = { type: 'Never', ttlSecondsAfterFinished: 10 };
      },
      field: 'spec.completionPolicy.ttlSecondsAfterFinished',
      message: /spec\.completionPolicy\.ttlSecondsAfterFinished/,
    },
  },
  {
    kind: 'AdvancedCronJob',
    plural: 'advancedcronjobs',
    namespaced: true,
    valid: (name, version) => ({
      apiVersion: `apps.kruise.io/${version}`,
      kind: 'AdvancedCronJob',
      metadata: { name },
      spec: {
        schedule: '*/5 * * * *',
        template: {
          broadcastJobTemplate: {
            spec: {
              template: {
                spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox:1.36' }] },
              },
            },
          },
        },
      },
    }),
    invalid: {
      edit: (obj) => {
        spec(obj).schedule = 'every tuesday';
      },
      field: 'spec.schedule',
      message: /spec\.schedule/,
    },
  },
];
