import { SERVICES, type ServiceName } from '@kruise-ts/runtime/settings';

/** A service the chart deploys and an image is built for. */
export type DeployedService = Exclude<ServiceName, 'all-in-one'>;

/**
 * The services the chart deploys and the images are built for, one image and one Deployment each: every service
 * of the settings table (packages/runtime/src/settings/table.ts, where a new service is named) but the
 * all-in-one process, which runs them all in one (docs/adr/0024-all-in-one-process.md) and is not deployed.
 */
export const services: readonly DeployedService[] = SERVICES.filter(
  (s): s is DeployedService => s !== 'all-in-one',
);

/**
 * Node flags every service runs with. V8 grows each young-generation semi-space to 16 MiB (or more) under load
 * and keeps it; a controller's garbage is small and short-lived, so 2 MiB semi-spaces cost little CPU and keep
 * an idle service's resident memory down (docs/performance.md). The launcher and the images both run
 * services with them.
 */
export const SERVICE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=2'];
