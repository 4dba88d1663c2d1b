// The services the all-in-one process can run, in start order, each through its own package's `./service` entry
// (the only place in the repo that imports services). Order matters: cert-manager makes the certificate the
// webhook server waits for, and the controllers wait for the watcher's first full list of their kinds.
import * as advancedCronJob from '@kruise-ts/advancedcronjob-controller/service';
import * as broadcastJob from '@kruise-ts/broadcastjob-controller/service';
import type { GroupKind } from '@kruise-ts/bus';
import * as certManager from '@kruise-ts/cert-manager/service';
import * as cloneSet from '@kruise-ts/cloneset-controller/service';
import * as revisionGc from '@kruise-ts/revision-gc/service';
import type { Env, SharedProcessParts } from '@kruise-ts/runtime';
import * as sidecarSet from '@kruise-ts/sidecarset-controller/service';
import * as statefulSet from '@kruise-ts/statefulset-controller/service';
import type { Logger, Registry } from '@kruise-ts/telemetry';
import * as watcher from '@kruise-ts/watcher/service';
import * as webhookServer from '@kruise-ts/webhook-server/service';
import { PART_NAMES, type PartName } from './part-names.ts';

export interface PartDeps {
  logger: Logger;
  registry: Registry;
  shared: SharedProcessParts;
}

/** A part, configured from the environment (its service's own settings), ready to start. */
export interface ConfiguredPart {
  name: PartName;
  /** The kinds it reads from the process's cache. */
  kinds: readonly GroupKind[];
  /** Deprecated setting names it read, for the start log. */
  deprecations: readonly string[];
  start(deps: PartDeps): Promise<{ stop(): Promise<void> }>;
}

type Configure = (env: Env) => ConfiguredPart;

function part<C extends { deprecations: readonly string[] }>(
  name: PartName,
  kinds: readonly GroupKind[],
  configFromEnv: (env: Env) => C,
  start: (config: C, deps: PartDeps) => Promise<{ stop(): Promise<void> }>,
): Configure {
  return (env) => {
    const config = configFromEnv(env);
    return { name, kinds, deprecations: config.deprecations, start: (deps) => start(config, deps) };
  };
}

const PARTS: Record<PartName, Configure> = {
  'cert-manager': part('cert-manager', [], certManager.settingsFromEnv, certManager.startCertManager),
  'webhook-server': part('webhook-server', [], webhookServer.settingsFromEnv, (settings, deps) =>
    webhookServer.startWebhookServer(settings, deps),
  ),
  watcher: part('watcher', [], watcher.configFromEnv, watcher.startWatcherService),
  'cloneset-controller': part(
    'cloneset-controller',
    cloneSet.CACHED_KINDS,
    cloneSet.configFromEnv,
    cloneSet.startCloneSetController,
  ),
  'sidecarset-controller': part(
    'sidecarset-controller',
    sidecarSet.CACHED_KINDS,
    sidecarSet.configFromEnv,
    sidecarSet.startSidecarSetController,
  ),
  'broadcastjob-controller': part(
    'broadcastjob-controller',
    broadcastJob.CACHED_KINDS,
    broadcastJob.configFromEnv,
    broadcastJob.startBroadcastJobController,
  ),
  'advancedcronjob-controller': part(
    'advancedcronjob-controller',
    advancedCronJob.CACHED_KINDS,
    advancedCronJob.configFromEnv,
    advancedCronJob.startAdvancedCronJobController,
  ),
  'statefulset-controller': part(
    'statefulset-controller',
    statefulSet.CACHED_KINDS,
    statefulSet.configFromEnv,
    statefulSet.startStatefulSetController,
  ),
  'revision-gc': part(
    'revision-gc',
    revisionGc.CACHED_KINDS,
    revisionGc.configFromEnv,
    revisionGc.startRevisionGc,
  ),
};

/** The chosen parts, in start order, each with its settings read (a bad setting fails here, naming it). */
export function configureParts(names: readonly PartName[], env: Env): ConfiguredPart[] {
  return PART_NAMES.filter((n) => names.includes(n)).map((n) => PARTS[n](env));
}

/** Every kind the chosen parts read, once: what the process's one cache holds. */
export function cachedKinds(parts: readonly Pick<ConfiguredPart, 'kinds'>[]): GroupKind[] {
  const byKey = new Map<string, GroupKind>();
  for (const p of parts)
    for (const k of p.kinds) byKey.set(`${k.kind}.${k.group}`, { group: k.group, kind: k.kind });
  return [...byKey.values()];
}
