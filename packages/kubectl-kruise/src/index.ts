// The plugin's pure parts, for reuse (a UI or another CLI reading the same traces and statuses).

export { run } from './cli/run.ts';
export { rolloutStatus } from './rollout/status-message.ts';
export { analyseRollout, criticalPath, formatAnalysis, type RolloutAnalysis } from './why/critical-path.ts';
