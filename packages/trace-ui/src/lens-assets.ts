// Zipkin Lens's assets (index.html, static/**) from the pinned io.zipkin:zipkin-lens jar on Maven Central, unpacked
// once per machine under <cache>/trace-ui/<version>. The Go module Jaeger is built from carries no UI, and Lens is
// the trace UI a package registry serves as-is (docs/adr/0015-trace-ui-from-zipkin-lens.md).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { cacheDir, versions } from '@kruise-ts/devcluster';
import { unpackZip } from './zip.ts';

const GROUP = 'io.zipkin';
const ARTIFACT = 'zipkin-lens';

/** Where the unpacked assets of this Lens version live; `index.html` is directly inside. */
export function lensAssetsDir(version: string = versions.zipkinLens): string {
  return join(cacheDir(), 'trace-ui', version, 'zipkin-lens');
}

function sha1(data: Buffer): string {
  return createHash('sha1').update(data).digest('hex');
}

/** The first hex word of a Maven `.sha1` file (some carry the file name after it). */
export function parseSha1File(text: string): string {
  const word = text.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  if (!/^[0-9a-f]{40}$/.test(word))
    throw new Error(`not a sha1 checksum: ${JSON.stringify(text.slice(0, 80))}`);
  return word;
}

/**
 * Maven's own client fetches the jar into ~/.m2 (its settings, mirrors and proxies apply): the registry is
 * reached only through its ordinary client, never by a URL of ours.
 */
function jarFromMaven(version: string, log: (msg: string) => void): Buffer {
  const probe = spawnSync('mvn', ['--version'], { stdio: 'ignore' });
  if (probe.error !== undefined || probe.status !== 0) {
    throw new Error(`the trace UI needs Maven (mvn) to fetch ${GROUP}:${ARTIFACT}:${version}; install maven`);
  }
  log(`trace-ui: mvn dependency:get ${GROUP}:${ARTIFACT}:${version}`);
  const got = spawnSync('mvn', ['-q', '-B', 'dependency:get', `-Dartifact=${GROUP}:${ARTIFACT}:${version}`], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const dir = join(homedir(), '.m2', 'repository', ...GROUP.split('.'), ARTIFACT, version);
  const jar = join(dir, `${ARTIFACT}-${version}.jar`);
  if (got.status !== 0 || !existsSync(jar)) {
    throw new Error(
      `mvn dependency:get ${GROUP}:${ARTIFACT}:${version} failed (exit ${got.status}): ${got.stderr.slice(-500)}`,
    );
  }
  const data = readFileSync(jar);
  const sum = join(dir, `${ARTIFACT}-${version}.jar.sha1`);
  if (existsSync(sum) && parseSha1File(readFileSync(sum, 'utf8')) !== sha1(data)) {
    throw new Error(`${jar} does not match its .sha1; delete it and retry`);
  }
  return data;
}

/**
 * The directory holding Lens's index.html, fetching and unpacking the jar first when this machine has not yet.
 * Unpacks into a temporary sibling and renames it into place, so a cut-short run never looks like a cache hit.
 */
export async function ensureLensAssets(
  version: string = versions.zipkinLens,
  log: (msg: string) => void = (msg) => console.error(msg),
): Promise<string> {
  const dir = lensAssetsDir(version);
  if (existsSync(join(dir, 'index.html'))) return dir;
  const jar = jarFromMaven(version, log);
  const versionDir = join(dir, '..');
  const tmp = `${versionDir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  const files = unpackZip(jar, tmp, (name) => name.startsWith(`${ARTIFACT}/`));
  if (!existsSync(join(tmp, ARTIFACT, 'index.html'))) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(`${GROUP}:${ARTIFACT}:${version} has no ${ARTIFACT}/index.html`);
  }
  mkdirSync(join(versionDir, '..'), { recursive: true });
  try {
    renameSync(tmp, versionDir);
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    // Another process unpacked it first: theirs is as good as ours.
    if (!existsSync(join(dir, 'index.html'))) {
      throw new Error(`cannot move the Lens assets into ${versionDir}`, { cause: err });
    }
  }
  log(`trace-ui: ${files} Lens files cached in ${dir}`);
  return dir;
}
