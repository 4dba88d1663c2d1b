// The built-in resources the services read and write, as ResourceRefs for `kube.resource<T>(ref)`. Kruise's
// own kinds take their refs from where their group and version are defined (services, @kruise-ts/api).
import type { ResourceRef } from './resource.ts';

const core = (plural: string, namespaced = true): ResourceRef => ({
  group: '',
  version: 'v1',
  plural,
  namespaced,
});

export const resources = {
  pods: core('pods'),
  persistentVolumeClaims: core('persistentvolumeclaims'),
  configMaps: core('configmaps'),
  secrets: core('secrets'),
  events: core('events'),
  services: core('services'),
  namespaces: core('namespaces', false),
  nodes: core('nodes', false),
  controllerRevisions: { group: 'apps', version: 'v1', plural: 'controllerrevisions', namespaced: true },
  jobs: { group: 'batch', version: 'v1', plural: 'jobs', namespaced: true },
  leases: { group: 'coordination.k8s.io', version: 'v1', plural: 'leases', namespaced: true },
  storageClasses: { group: 'storage.k8s.io', version: 'v1', plural: 'storageclasses', namespaced: false },
  customResourceDefinitions: {
    group: 'apiextensions.k8s.io',
    version: 'v1',
    plural: 'customresourcedefinitions',
    namespaced: false,
  },
  mutatingWebhookConfigurations: {
    group: 'admissionregistration.k8s.io',
    version: 'v1',
    plural: 'mutatingwebhookconfigurations',
    namespaced: false,
  },
  validatingWebhookConfigurations: {
    group: 'admissionregistration.k8s.io',
    version: 'v1',
    plural: 'validatingwebhookconfigurations',
    namespaced: false,
  },
} as const satisfies Record<string, ResourceRef>;
