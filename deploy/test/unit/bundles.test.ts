// A service's bundle (ADR 36): one file beside its package, every workspace package inside it, valid for node,
// and rewritten only when it changed. No servers: the services themselves run from their bundles in the
// cross-service e2e suites.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { bundlePathFor, bundleServices } from '../../src/bundles.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const entry = join(repoRoot, 'services', 'revision-gc', 'src', 'main.ts');

describe('bundleServices', () => {
  test('a service entry bundles to <package>/dist/main.mjs', () => {
    assert.equal(bundlePathFor('/r/services/watcher/src/main.ts'), '/r/services/watcher/dist/main.mjs');
  });

  test('inlines the workspace packages, passes node --check, and leaves an unchanged bundle alone', async () => {
    const [bundle] = await bundleServices(repoRoot, [entry]);
    assert.equal(bundle, join(repoRoot, 'services', 'revision-gc', 'dist', 'main.mjs'));
    const text = readFileSync(bundle, 'utf8');
    assert.doesNotMatch(text, /from ['"]@kruise-ts\//, 'no workspace package is left to import');
    assert.match(text, /^import \{ createRequire as __ktsCreateRequire \}/, 'the banner comes first');
    assert.ok(statSync(`${bundle}.map`).size > 0, 'a source map beside it');
    execFileSync(process.execPath, ['--check', bundle]);
    const written = statSync(bundle).mtimeMs;
    await bundleServices(repoRoot, [entry]);
    assert.equal(statSync(bundle).mtimeMs, written, 'an unchanged bundle is not rewritten');
  });

  test('two launchers in one process bundle at once: both get their bundles', async () => {
    const both = await Promise.all([bundleServices(repoRoot, [entry]), bundleServices(repoRoot, [entry])]);
    assert.deepEqual(both, [[bundlePathFor(entry)], [bundlePathFor(entry)]]);
  });
});
