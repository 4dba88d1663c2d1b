// The workspaces of the repo as the release step sees them: directory, package name, version and the internal
// (`@kruise-ts/*`) dependencies with the range each pins.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Workspace {
  /** Directory relative to the repo root, e.g. `services/watcher`. */
  dir: string;
  /** Short name: the directory's last part, e.g. `watcher`. */
  short: string;
  name: string;
  version: string;
}

export interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  [field: string]: unknown;
}

export const INTERNAL_SCOPE = '@kruise-ts/';

/** The workspaces the root package.json declares (`dir/*` globs and plain directories), in a stable order. */
export function listWorkspaces(root: string): Workspace[] {
  const declared = (readPackage(root, '.').workspaces ?? []) as string[];
  const dirs: string[] = [];
  for (const pattern of declared) {
    if (pattern.endsWith('/*')) {
      const parent = pattern.slice(0, -2);
      for (const entry of readdirSync(join(root, parent)).sort()) dirs.push(`${parent}/${entry}`);
    } else dirs.push(pattern);
  }
  return dirs
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .map((dir) => {
      const pkg = readPackage(root, dir);
      return { dir, short: dir.split('/').pop() as string, name: pkg.name, version: pkg.version };
    });
}

export function readPackage(root: string, dir: string): PackageJson {
  return JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as PackageJson;
}

/** Internal dependencies whose range is not the exact version of the workspace providing them. */
export function unpinned(
  pkg: PackageJson,
  versions: ReadonlyMap<string, string>,
): { dependency: string; range: string; version: string | undefined }[] {
  const out: { dependency: string; range: string; version: string | undefined }[] = [];
  for (const deps of [pkg.dependencies, pkg.devDependencies]) {
    for (const [dependency, range] of Object.entries(deps ?? {})) {
      if (!dependency.startsWith(INTERNAL_SCOPE)) continue;
      const version = versions.get(dependency);
      if (range !== version) out.push({ dependency, range, version });
    }
  }
  return out;
}

/** The package with every internal dependency pinned to the given versions. */
export function pinned(pkg: PackageJson, versions: ReadonlyMap<string, string>): PackageJson {
  const pin = (deps: Record<string, string> | undefined) =>
    deps === undefined
      ? undefined
      : Object.fromEntries(
          Object.entries(deps).map(([d, r]) => [
            d,
            d.startsWith(INTERNAL_SCOPE) ? (versions.get(d) ?? r) : r,
          ]),
        );
  const out: PackageJson = { ...pkg };
  if (pkg.dependencies) out.dependencies = pin(pkg.dependencies) as Record<string, string>;
  if (pkg.devDependencies) out.devDependencies = pin(pkg.devDependencies) as Record<string, string>;
  return out;
}
