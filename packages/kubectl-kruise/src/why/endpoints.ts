// Where `rollout why` reads the trace and where it links to. The flags win, then the variables `npm start`
// prints, then what the local cluster's directory says: the kubeconfig of a kruise-ts cluster sits in that
// directory next to `cluster.json` (devcluster: Jaeger's query address) and, while `npm start` runs on it,
// `launcher.json` (packages/launcher/src/state.ts: the trace UI's address and the launcher's pid). So with only
// the printed `export KUBECONFIG=…`, the link goes into the trace UI, else to Jaeger.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

export const JAEGER_URL_ENV = 'KRUISE_TS_JAEGER_QUERY_URL';
export const TRACE_UI_URL_ENV = 'KRUISE_TS_TRACE_UI_URL';
/** The file names of devcluster's and the launcher's state in the cluster directory. */
export const CLUSTER_STATE_FILE = 'cluster.json';
export const LAUNCHER_STATE_FILE = 'launcher.json';

/** What the cluster directory holds (only the fields read here). */
export interface LocalState {
  cluster?: { jaegerQueryUrl?: string };
  /** Left out when its launcher is gone. */
  launcher?: { jaegerQueryUrl?: string; traceUiUrl?: string };
}

export interface TraceEndpoints {
  jaegerUrl?: string;
  traceUiUrl?: string;
}

const given = (v: string | undefined): string | undefined => (v === undefined || v === '' ? undefined : v);

/** Flag, else variable, else the running launcher's state, else the cluster's (Jaeger only). */
export function resolveTraceEndpoints(input: {
  flags: { jaegerUrl?: string; traceUiUrl?: string };
  env: Record<string, string | undefined>;
  local: LocalState;
}): TraceEndpoints {
  const { flags, env, local } = input;
  const jaegerUrl =
    given(flags.jaegerUrl) ??
    given(env[JAEGER_URL_ENV]) ??
    given(local.launcher?.jaegerQueryUrl) ??
    given(local.cluster?.jaegerQueryUrl);
  const traceUiUrl =
    given(flags.traceUiUrl) ?? given(env[TRACE_UI_URL_ENV]) ?? given(local.launcher?.traceUiUrl);
  return {
    ...(jaegerUrl === undefined ? {} : { jaegerUrl }),
    ...(traceUiUrl === undefined ? {} : { traceUiUrl }),
  };
}

/** kubectl's choice of kubeconfig file: --kubeconfig, else the first of KUBECONFIG, else ~/.kube/config. */
export function kubeconfigPath(flag: string | undefined, env: Record<string, string | undefined>): string {
  if (given(flag) !== undefined) return flag as string;
  const first = given(env.KUBECONFIG)
    ?.split(delimiter)
    .find((p) => p !== '');
  return first ?? join(env.HOME ?? homedir(), '.kube', 'config');
}

function readJson(path: string): Record<string, unknown> | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function alive(pid: unknown): boolean {
  if (typeof pid !== 'number' || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, owned by someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The state files next to the kubeconfig; a launcher.json whose launcher is gone is ignored. */
export function readLocalState(kubeconfig: string): LocalState {
  const dir = dirname(kubeconfig);
  const state: LocalState = {};
  const cluster = readJson(join(dir, CLUSTER_STATE_FILE));
  const clusterJaeger = str(cluster?.jaegerQueryUrl);
  if (clusterJaeger !== undefined) state.cluster = { jaegerQueryUrl: clusterJaeger };
  const launcher = readJson(join(dir, LAUNCHER_STATE_FILE));
  if (launcher !== undefined && alive(launcher.pid)) {
    const jaegerQueryUrl = str(launcher.jaegerQueryUrl);
    const traceUiUrl = str(launcher.traceUiUrl);
    state.launcher = {
      ...(jaegerQueryUrl === undefined ? {} : { jaegerQueryUrl }),
      ...(traceUiUrl === undefined ? {} : { traceUiUrl }),
    };
  }
  return state;
}
