// Citations in the repository lead somewhere a reader can follow: no file cites the behaviour spec that is not
// in the repository, and every `docs/behaviour/<file>.md#<anchor>` cited anywhere names an explicit
// `<a id="<anchor>">` of that document. (Rewriting old citations: /work/tools/rewrite-spec-cites.mjs, kept
// outside the repo.)
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot } from '../../src/workspaces.ts';

const SKIP_DIRS = new Set(['node_modules', '.git', '.turbo', '.test-results']);
const MAX_BYTES = 2 * 1024 * 1024;

function repoFiles(dir = repoRoot): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name)) continue;
    const path = join(dir, name);
    const st = statSync(path);
    if (st.isDirectory()) out.push(...repoFiles(path));
    else if (st.isFile() && st.size <= MAX_BYTES) out.push(path);
  }
  return out;
}

interface TextFile {
  rel: string;
  text: string;
}
const textFiles: TextFile[] = repoFiles()
  .map((path) => ({ rel: relative(repoRoot, path), buf: readFileSync(path) }))
  .filter(({ buf }) => !buf.includes(0))
  .map(({ rel, buf }) => ({ rel, text: buf.toString('utf8') }));

/** `<a id="x">` anchors of a docs/behaviour file. */
function anchorsOf(file: string): Set<string> {
  const text = readFileSync(join(repoRoot, 'docs', 'behaviour', file), 'utf8');
  return new Set([...text.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1] as string));
}

interface Citation {
  where: string;
  file: string;
  anchor: string;
}

/**
 * Citations in one text: `docs/behaviour/<file>.md#<anchor>`, followed on the same line by `, #<anchor>` for
 * more anchors of the same file; in docs/behaviour itself also Markdown links `](<file>.md#a)` and `](#a)`.
 */
function citationsIn(rel: string, text: string): Citation[] {
  const found: Citation[] = [];
  text.split('\n').forEach((line, i) => {
    const where = `${rel}:${i + 1}`;
    let current: string | undefined;
    for (const m of line.matchAll(/docs\/behaviour\/([\w.-]+\.md)#([\w-]+)|, \[?#([\w-]+)/g)) {
      if (m[1] !== undefined) {
        current = m[1];
        found.push({ where, file: m[1], anchor: m[2] as string });
      } else if (current !== undefined) {
        found.push({ where, file: current, anchor: m[3] as string });
      }
    }
    if (rel.startsWith('docs/behaviour/')) {
      const self = rel.slice('docs/behaviour/'.length);
      for (const m of line.matchAll(/\]\((?:([\w.-]+\.md))?#([\w-]+)\)/g)) {
        found.push({ where, file: m[1] ?? self, anchor: m[2] as string });
      }
    }
  });
  return found;
}

// Built from escapes so this file does not match itself.
const SECTION_SIGN = '\u00a7';
const forbidden: [string, RegExp][] = [
  [`spec ${SECTION_SIGN}`, new RegExp(`spec ${SECTION_SIGN}`)],
  ['a section sign before a section number', new RegExp(`${SECTION_SIGN}\\s?[0-9]`)],
  ['the spec documents by name', /spec\/(cloneset|workloads|controlplane)\.md/],
];

describe('citations', () => {
  test('the repository has files to check, and docs/behaviour has anchors', () => {
    assert.ok(textFiles.length > 100, `only ${textFiles.length} files found under ${repoRoot}`);
    assert.ok(anchorsOf('cloneset.md').has('reconcile-steps'));
  });

  for (const [what, pattern] of forbidden) {
    test(`no file cites the out-of-repo spec (${what})`, () => {
      const hits = textFiles
        .filter((f) => f.rel !== 'packages/test-runner/test/unit/citations.test.ts')
        .flatMap((f) =>
          f.text
            .split('\n')
            .map((line, i) => [line, i] as const)
            .filter(([line]) => pattern.test(line))
            .map(([line, i]) => `${f.rel}:${i + 1}: ${line.trim().slice(0, 120)}`),
        );
      assert.deepEqual(hits, [], 'rewrite them with: node /work/tools/rewrite-spec-cites.mjs <repo-root>');
    });
  }

  test('every cited docs/behaviour anchor exists', () => {
    const anchors = new Map<string, Set<string> | undefined>();
    const broken: string[] = [];
    let count = 0;
    for (const f of textFiles) {
      for (const c of citationsIn(f.rel, f.text)) {
        count++;
        if (!anchors.has(c.file)) {
          anchors.set(
            c.file,
            existsSync(join(repoRoot, 'docs', 'behaviour', c.file)) ? anchorsOf(c.file) : undefined,
          );
        }
        const ids = anchors.get(c.file);
        if (ids === undefined) broken.push(`${c.where}: docs/behaviour/${c.file} does not exist`);
        else if (!ids.has(c.anchor))
          broken.push(`${c.where}: no <a id="${c.anchor}"> in docs/behaviour/${c.file}`);
      }
    }
    assert.deepEqual(broken, []);
    assert.ok(count > 0, 'no citation found at all');
  });

  test('anchors are unique within each document', () => {
    for (const file of readdirSync(join(repoRoot, 'docs', 'behaviour')).filter((n) => n.endsWith('.md'))) {
      const text = readFileSync(join(repoRoot, 'docs', 'behaviour', file), 'utf8');
      const ids = [...text.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]);
      const dupes = ids.filter((id, i) => ids.indexOf(id) !== i);
      assert.deepEqual(dupes, [], `duplicate anchors in docs/behaviour/${file}`);
    }
  });

  test('citationsIn reads full citations, continuations and Markdown links', () => {
    const code =
      '// (docs/behaviour/cloneset.md#revisions, #labels; see docs/behaviour/sidecarset.md#triggers)';
    assert.deepEqual(
      citationsIn('x.ts', code).map((c) => `${c.file}#${c.anchor}`),
      ['cloneset.md#revisions', 'cloneset.md#labels', 'sidecarset.md#triggers'],
    );
    const md = 'see [docs/behaviour/cloneset.md#status](../docs/behaviour/cloneset.md#status), [#labels](x)';
    assert.deepEqual(
      citationsIn('README.md', md).map((c) => `${c.file}#${c.anchor}`),
      ['cloneset.md#status', 'cloneset.md#status', 'cloneset.md#labels'],
    );
    const doc = 'as in [in-place](cloneset.md#in-place-procedure) and [above](#api)';
    assert.deepEqual(
      citationsIn('docs/behaviour/advanced-statefulset.md', doc).map((c) => `${c.file}#${c.anchor}`),
      ['cloneset.md#in-place-procedure', 'advanced-statefulset.md#api'],
    );
  });
});
