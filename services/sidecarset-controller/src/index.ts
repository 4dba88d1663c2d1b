// @kruise-ts/sidecarset-controller: the service, for running it in-process (tests, a combined binary).
export { type ControllerConfig, configFromEnv } from './config.ts';
export {
  SERVICE_NAME,
  SERVICE_VERSION,
  type SidecarSetControllerService,
  startSidecarSetController,
} from './service.ts';
