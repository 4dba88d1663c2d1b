// A service's bundle (ADR 36): one file beside its package, every workspace package inside it, valid for node,
// and rewritten only when it changed. No servers: the services themselves run from their bundles in the
// cross-service e2e suites.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { asciiSource, bundlePathFor, bundleServices } from '../../src/bundles.ts';

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
    assert.doesNotMatch(text, /[\u0080-\uffff]/, 'ASCII only, so V8 holds the source as a one-byte string');
    assert.ok(text.split('\n').length < 1_000, 'whitespace dropped: V8 keeps the source and its line ends');
    assert.match(
      text,
      /function startIdleMemoryRelease\(/,
      'names kept, so stack traces name their functions',
    );
    assert.doesNotMatch(
      text,
      /import\(\s*"(node:)?http"\s*\)/,
      "the OTLP exporter's node:http is inlined: a namespace of node:http would load Node's bundled undici",
    );
    execFileSync(process.execPath, ['--check', bundle]);
    const written = statSync(bundle).mtimeMs;
    await bundleServices(repoRoot, [entry]);
    assert.equal(statSync(bundle).mtimeMs, written, 'an unchanged bundle is not rewritten');
  });

  test('two launchers in one process bundle at once: both get their bundles', async () => {
    const both = await Promise.all([bundleServices(repoRoot, [entry]), bundleServices(repoRoot, [entry])]);
    assert.deepEqual(both, [[bundlePathFor(entry)], [bundlePathFor(entry)]]);
  });

  test('asciiSource escapes what is outside ASCII, keeping the meaning in strings and regular expressions', () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
    const plain = encode('const a = 1; // nothing to escape\n');
    assert.equal(asciiSource(plain), plain, 'an ASCII source is returned as it is');
    const source = [
      '// owner uid \u2192 object keys',
      "const unit = /(ns|\u00b5s|ms)/.exec('5\u00b5s')[1];",
      "const arrow = '\u2192 \u{1f600}';",
      'export { unit, arrow };',
    ].join('\n');
    const escaped = decode(asciiSource(encode(source)));
    assert.doesNotMatch(escaped, /[\u0080-\uffff]/);
    assert.match(escaped, /^\/\/ owner uid \\u2192 object keys$/m);
    // Both sources evaluate to the same values.
    const run = (text: string) =>
      new Function(`${text.replace('export { unit, arrow };', '')}; return [unit, arrow];`)() as unknown;
    assert.deepEqual(run(escaped), run(source));
    assert.deepEqual(run(source), ['\u00b5s', '\u2192 \u{1f600}']);
  });
});
