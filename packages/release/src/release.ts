// The release step of one workspace: `npm run release -- <workspace> patch|minor|major [--note "…"]…`.
// Bumps its package.json version, pins every workspace depending on it to the new version, adds a
// CHANGELOG.md entry (the notes given, else the subjects of the commits that touched it since its changelog
// last changed) and refreshes package-lock.json. Commit the result yourself.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addChangelogEntry, bumpVersion, isBumpLevel } from './release-plan.ts';
import { listWorkspaces, pinned, readPackage } from './workspaces.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const args = process.argv.slice(2);
const notes: string[] = [];
const positional: string[] = [];
let refreshLock = true;
for (let i = 0; i < args.length; i++) {
  const arg = args[i] as string;
  if (arg === '--note') notes.push(args[++i] ?? '');
  else if (arg === '--no-lock') refreshLock = false;
  else positional.push(arg);
}
const [target, level] = positional;
if (target === undefined || level === undefined || !isBumpLevel(level)) {
  console.error('usage: npm run release -- <workspace> patch|minor|major [--note "text"]… [--no-lock]');
  process.exit(2);
}

const workspaces = listWorkspaces(root);
const ws = workspaces.find((w) => w.short === target || w.name === target || w.dir === target);
if (ws === undefined) {
  console.error(`no workspace '${target}'; one of: ${workspaces.map((w) => w.short).join(', ')}`);
  process.exit(2);
}

const git = (...a: string[]) => execFileSync('git', a, { cwd: root, encoding: 'utf8' }).trim();
const changelogPath = join(root, ws.dir, 'CHANGELOG.md');
if (notes.length === 0) {
  const since = existsSync(changelogPath) ? git('log', '-1', '--format=%H', '--', changelogPath) : '';
  const range = since ? [`${since}..HEAD`] : [];
  notes.push(
    ...git('log', '--format=%s', ...range, '--', ws.dir)
      .split('\n')
      .filter(Boolean),
  );
}

const version = bumpVersion(ws.version, level);
const versions = new Map(workspaces.map((w) => [w.name, w.name === ws.name ? version : w.version]));
for (const w of workspaces) {
  const pkg = readPackage(root, w.dir);
  const next = pinned(w.name === ws.name ? { ...pkg, version } : pkg, versions);
  if (JSON.stringify(next) !== JSON.stringify(pkg)) {
    writeFileSync(join(root, w.dir, 'package.json'), `${JSON.stringify(next, null, 2)}\n`);
  }
}
const existing = existsSync(changelogPath) ? readFileSync(changelogPath, 'utf8') : undefined;
const date = new Date().toISOString().slice(0, 10);
writeFileSync(changelogPath, addChangelogEntry(existing, { name: ws.name, version, date, notes }));
if (refreshLock) {
  execFileSync('npm', ['install', '--package-lock-only', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
  });
}
console.log(`${ws.name} ${ws.version} → ${version}; review ${ws.dir}/CHANGELOG.md and commit`);
