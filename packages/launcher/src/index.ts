export type { RunningService, RunningSystem, ServiceLaunch, SystemOptions } from './system.ts';
export { startSystem } from './system.ts';
