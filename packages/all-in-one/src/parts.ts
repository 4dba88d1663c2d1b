// The services the all-in-one process can run, in start order, each through its own package's `./service` entry
// (the only place in the repo that imports services). Order matters: cert-manager makes the certificate the
// webhook server waits for, and the controllers wait for the watcher's first full list of their kinds.
// Each part's modules are imported only when the part is chosen (KRUISE_TS_ALL_IN_ONE_PARTS): a small install
// that turns parts off does not pay their memory or start-up.
import type { GroupKind } from '@kruise-ts/bus';
import type { Env, SharedProcessParts } from '@kruise-ts/runtime';
import type { Logger, Registry } from '@kruise-ts/telemetry';
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

const LOADERS: Record<PartName, () => Promise<Configure>> = {
  'cert-manager': async () => {
    const m = await import('@kruise-ts/cert-manager/service');
    return part('cert-manager', [], m.settingsFromEnv, m.startCertManager);
  },
  'webhook-server': async () => {
    const m = await import('@kruise-ts/webhook-server/service');
    return part('webhook-server', [], m.settingsFromEnv, (settings, deps) =>
      m.startWebhookServer(settings, deps),
    );
  },
  watcher: async () => {
    const m = await import('@kruise-ts/watcher/service');
    return part('watcher', [], m.configFromEnv, m.startWatcherService);
  },
  'cloneset-controller': async () => {
    const m = await import('@kruise-ts/cloneset-controller/service');
    return part('cloneset-controller', m.CACHED_KINDS, m.configFromEnv, m.startCloneSetController);
  },
  'sidecarset-controller': async () => {
    const m = await import('@kruise-ts/sidecarset-controller/service');
    return part('sidecarset-controller', m.CACHED_KINDS, m.configFromEnv, m.startSidecarSetController);
  },
  'broadcastjob-controller': async () => {
    const m = await import('@kruise-ts/broadcastjob-controller/service');
    return part('broadcastjob-controller', m.CACHED_KINDS, m.configFromEnv, m.startBroadcastJobController);
  },
  'advancedcronjob-controller': async () => {
    const m = await import('@kruise-ts/advancedcronjob-controller/service');
    return part(
      'advancedcronjob-controller',
      m.CACHED_KINDS,
      m.configFromEnv,
      m.startAdvancedCronJobController,
    );
  },
  'statefulset-controller': async () => {
    const m = await import('@kruise-ts/statefulset-controller/service');
    return part('statefulset-controller', m.CACHED_KINDS, m.configFromEnv, m.startStatefulSetController);
  },
  'revision-gc': async () => {
    const m = await import('@kruise-ts/revision-gc/service');
    return part('revision-gc', m.CACHED_KINDS, m.configFromEnv, m.startRevisionGc);
  },
};

/** The chosen parts' modules, imported (and only those): what configureParts reads settings for. */
export type LoadedParts = ReadonlyMap<PartName, Configure>;

export async function loadParts(names: readonly PartName[]): Promise<LoadedParts> {
  // Together: one after another, each import linked its own graph and the process ended ~15 MiB larger.
  const chosen = PART_NAMES.filter((n) => names.includes(n));
  return new Map(await Promise.all(chosen.map(async (n) => [n, await LOADERS[n]()] as const)));
}

/** The chosen parts, in start order, each with its settings read (a bad setting fails here, naming it). */
export function configureParts(loaded: LoadedParts, names: readonly PartName[], env: Env): ConfiguredPart[] {
  return PART_NAMES.filter((n) => names.includes(n)).map((n) => {
    const configure = loaded.get(n);
    if (configure === undefined) throw new Error(`part ${n} was chosen but its modules were not loaded`);
    return configure(env);
  });
}

/** Every kind the chosen parts read, once: what the process's one cache holds. */
export function cachedKinds(parts: readonly Pick<ConfiguredPart, 'kinds'>[]): GroupKind[] {
  const byKey = new Map<string, GroupKind>();
  for (const p of parts)
    for (const k of p.kinds) byKey.set(`${k.kind}.${k.group}`, { group: k.group, kind: k.kind });
  return [...byKey.values()];
}
