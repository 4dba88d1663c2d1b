// The services the chart deploys and the images are built for, one image and one Deployment each.
export const services: readonly string[] = [
  'watcher',
  'webhook-server',
  'cert-manager',
  'cloneset-controller',
  'statefulset-controller',
  'sidecarset-controller',
  'broadcastjob-controller',
  'advancedcronjob-controller',
  'revision-gc',
];
