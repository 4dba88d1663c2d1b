// The pure part of a release: the next version of a bump level and the CHANGELOG.md with a new entry on top.

export type BumpLevel = 'patch' | 'minor' | 'major';

export function isBumpLevel(value: string): value is BumpLevel {
  return value === 'patch' || value === 'minor' || value === 'major';
}

export function bumpVersion(version: string, level: BumpLevel): string {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (m === null) throw new Error(`'${version}' is not a plain semver version (x.y.z)`);
  const [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (level === 'major') return `${major + 1}.0.0`;
  if (level === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

const HEADER = (name: string) =>
  `# Changelog of ${name}\n\nVersions are released with \`npm run release -- <workspace> patch|minor|major\`.\n`;

/** The CHANGELOG.md text with an entry for `version` placed above every older one. */
export function addChangelogEntry(
  existing: string | undefined,
  o: { name: string; version: string; date: string; notes: readonly string[] },
): string {
  const body = existing?.trim() ? existing : HEADER(o.name);
  if (new RegExp(`^## ${o.version.replace(/\./g, '\\.')} `, 'm').test(body)) {
    throw new Error(`the changelog of ${o.name} already has an entry for ${o.version}`);
  }
  const notes = o.notes.length > 0 ? o.notes : ['No notable change.'];
  const entry = `## ${o.version} (${o.date})\n\n${notes.map((n) => `- ${n}`).join('\n')}\n`;
  const first = body.search(/^## /m);
  if (first < 0) return `${body.trimEnd()}\n\n${entry}`;
  return `${body.slice(0, first)}${entry}\n${body.slice(first)}`;
}
