// The repo's workspace directories, from the root package.json's `workspaces` globs.
import { existsSync, globSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export function workspaceDirs(): string[] {
  const { workspaces } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  return workspaces
    .flatMap((pattern) => globSync(pattern, { cwd: repoRoot }))
    .filter((dir) => existsSync(join(repoRoot, dir, 'package.json')))
    .sort();
}
