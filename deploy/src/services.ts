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

/**
 * Node flags every service runs with. V8 grows each young-generation semi-space to 16 MiB (or more) under load
 * and keeps it; a controller's garbage is small and short-lived, so 2 MiB semi-spaces cost little CPU and keep
 * an idle service's resident memory down (docs/performance.md). The launcher and the images both run
 * services with them.
 */
export const SERVICE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=2'];
