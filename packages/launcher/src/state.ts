// What a running launcher tells other local tools: `<cluster dir>/launcher.json`, next to the cluster's
// `admin.kubeconfig` and `cluster.json`, so a tool that holds that kubeconfig (`kubectl kruise rollout why`)
// finds the trace UI and Jaeger without any variable exported. Written once the system is up, removed when it
// stops; `pid` lets a reader tell a file left by a killed launcher.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LAUNCHER_STATE_FILE = 'launcher.json';

export interface LauncherState {
  pid: number;
  jaegerQueryUrl: string;
  /** The trace UI's base (`http://127.0.0.1:<port>/zipkin/`); absent when it is not running. */
  traceUiUrl?: string;
  webhookUrl: string;
}

export function writeLauncherState(clusterDir: string, state: LauncherState): void {
  writeFileSync(join(clusterDir, LAUNCHER_STATE_FILE), `${JSON.stringify(state, null, 2)}\n`);
}

export function removeLauncherState(clusterDir: string): void {
  rmSync(join(clusterDir, LAUNCHER_STATE_FILE), { force: true });
}
