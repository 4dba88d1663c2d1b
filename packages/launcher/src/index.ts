export type { LauncherState } from './state.ts';
export { LAUNCHER_STATE_FILE, removeLauncherState, writeLauncherState } from './state.ts';
export type { RunningService, RunningSystem, ServiceLaunch, SystemOptions } from './system.ts';
export { startSystem } from './system.ts';
