export type { RunningService, RunningSystem } from './system.ts';
export { startSystem } from './system.ts';
