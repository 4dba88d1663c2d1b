// Which build a service process is: its package version, the commit it was built from and the bus contract it
// speaks. announceBuild() is a service main's first step: it logs the build as the process's first line and
// makes it what the bus stamps on publishes and names the connection, what /version answers and what the
// `kruise_ts_build_info` gauge says.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CONTRACT_VERSION, declarePublisherBuild } from '@kruise-ts/bus';
import type { Logger } from '@kruise-ts/telemetry';
import { Gauge, type Registry } from 'prom-client';

export interface BuildInfo {
  service: string;
  version: string;
  /** Full commit id, or `unknown`. */
  commit: string;
  contractVersion: number;
}

/** The environment variable images set to the commit they were built from. */
export const BUILD_COMMIT_ENV = 'KRUISE_TS_BUILD_COMMIT';
const BUILD_INFO_METRIC = 'kruise_ts_build_info';

/** The `version` of the nearest package.json at or above a module (pass `import.meta.url`). */
export function packageVersion(moduleUrl: string): string {
  let dir = dirname(fileURLToPath(moduleUrl));
  for (let depth = 0; depth < 8; depth++) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const version = (JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version;
      if (typeof version !== 'string' || version === '') throw new Error(`${file} has no version`);
      return version;
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new Error(`no package.json above ${moduleUrl}`);
}

/** The commit: the image's baked-in env, else `git rev-parse HEAD` in `cwd` once, else `unknown`. */
export function buildCommit(env: Record<string, string | undefined>, cwd: string): string {
  const baked = env[BUILD_COMMIT_ENV]?.trim();
  if (baked) return baked;
  try {
    const out = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5_000,
    }).trim();
    return /^[0-9a-f]{7,64}$/.test(out) ? out : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The URL of the script the process was started with (a service's main.ts). */
export function entryUrl(): string {
  return pathToFileURL(process.argv[1] ?? process.cwd()).href;
}

let announced: BuildInfo | undefined;

/** The build this process announced; undefined before announceBuild. */
export function currentBuild(): BuildInfo | undefined {
  return announced;
}

/**
 * Resolves and declares this process's build, and logs it (call it before anything else logs). `version`
 * defaults to the package.json next to `moduleUrl`.
 */
export function announceBuild(o: {
  service: string;
  version?: string;
  /** `import.meta.url` of the service's main: finds its package.json and its git checkout. */
  moduleUrl: string;
  logger?: Logger;
  env?: Record<string, string | undefined>;
}): BuildInfo {
  const info: BuildInfo = {
    service: o.service,
    version: o.version ?? packageVersion(o.moduleUrl),
    commit: buildCommit(o.env ?? process.env, dirname(fileURLToPath(o.moduleUrl))),
    contractVersion: CONTRACT_VERSION,
  };
  announced = info;
  declarePublisherBuild(info);
  o.logger?.info({ build: info }, `${info.service} ${info.version} (${info.commit.slice(0, 12)})`);
  return info;
}

/** `kruise_ts_build_info{service,version,commit} 1` on a registry (once per registry). */
export function registerBuildInfo(registry: Registry, info: BuildInfo): void {
  if (registry.getSingleMetric(BUILD_INFO_METRIC) !== undefined) return;
  const gauge = new Gauge({
    name: BUILD_INFO_METRIC,
    help: 'The build of this process: always 1, labelled with its service, version and commit',
    labelNames: ['service', 'version', 'commit'],
    registers: [registry],
  });
  gauge.set({ service: info.service, version: info.version, commit: info.commit }, 1);
}

/** The /version document. */
export function versionDocument(info: BuildInfo): string {
  return `${JSON.stringify({
    service: info.service,
    version: info.version,
    commit: info.commit,
    contractVersion: info.contractVersion,
  })}\n`;
}
