// The previous build of kruise-ts, from the project's own history: the commit in e2e/skew-baseline.json,
// checked out with `git worktree add` into the machine's cache (~/.cache/kruise-ts/baseline/<commit>) and
// installed with `npm ci` once; later runs reuse it. Its services run with its own node and node_modules.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheDir } from '@kruise-ts/devcluster';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', '..');

export interface Build {
  /** `baseline` or `current`. */
  label: string;
  root: string;
  commit: string;
  node: string;
  entry(service: string): string;
  version(service: string): string;
}

function build(label: string, root: string, commit: string): Build {
  return {
    label,
    root,
    commit,
    node: join(root, 'node_modules', '.bin', 'node'),
    entry: (service) => join(root, 'services', service, 'src', 'main.ts'),
    version: (service) =>
      (
        JSON.parse(readFileSync(join(root, 'services', service, 'package.json'), 'utf8')) as {
          version: string;
        }
      ).version,
  };
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

export function currentBuild(): Build {
  let commit = 'unknown';
  try {
    commit = git(repoRoot, 'rev-parse', 'HEAD');
  } catch {
    // Not a git checkout: the version still tells the builds apart.
  }
  return build('current', repoRoot, commit);
}

export function baselineCommit(): string {
  const recorded = JSON.parse(readFileSync(join(repoRoot, 'e2e', 'skew-baseline.json'), 'utf8')) as {
    commit: string;
  };
  if (!/^[0-9a-f]{40}$/.test(recorded.commit)) throw new Error(`bad baseline commit '${recorded.commit}'`);
  return recorded.commit;
}

/** The baseline checkout, created and installed when missing (a minute or two the first time on a machine). */
export function ensureBaseline(log: (line: string) => void = () => {}): Build {
  const commit = baselineCommit();
  const dir = join(cacheDir(), 'baseline', commit);
  const ready = join(dir, '.kruise-ts-ready');
  if (!existsSync(ready)) {
    if (existsSync(dir)) {
      // A half-made checkout from an interrupted run: start over.
      try {
        git(repoRoot, 'worktree', 'remove', '--force', dir);
      } catch {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    git(repoRoot, 'worktree', 'prune');
    log(`skew: checking out baseline ${commit.slice(0, 7)} into ${dir}`);
    git(repoRoot, 'worktree', 'add', '--detach', dir, commit);
    log('skew: npm ci in the baseline checkout');
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    writeFileSync(ready, `${new Date().toISOString()}\n`);
  }
  return build('baseline', dir, commit);
}

/**
 * The baseline reads cert-manager/webhook-server settings as NATS_URL, BUS_PREFIX, BUS_PARTITIONS and
 * HEALTH_HOST/PORT, controllers and the watcher as KRUISE_TS_*: give it both spellings with the same values.
 */
export function bothSpellings(env: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = { ...env };
  const pairs: [string, string][] = [
    ['KRUISE_TS_NATS_URL', 'NATS_URL'],
    ['KRUISE_TS_BUS_PREFIX', 'BUS_PREFIX'],
    ['KRUISE_TS_PARTITIONS', 'BUS_PARTITIONS'],
    ['KRUISE_TS_HTTP_HOST', 'HEALTH_HOST'],
    ['KRUISE_TS_HTTP_PORT', 'HEALTH_PORT'],
  ];
  for (const [a, b] of pairs) {
    const value = out[a] ?? out[b];
    if (value !== undefined) {
      out[a] = value;
      out[b] = value;
    }
  }
  return out;
}

/** `cloneset-controller 0.1.0 (7b63903)`. */
export function describe(b: Build, service: string): string {
  return `${service} ${b.version(service)} (${b.commit.slice(0, 7)})`;
}
