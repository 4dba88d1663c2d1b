// Services import @kruise-ts/api at run time; the schema library is for building CRDs only (src/crd.ts).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

function packagesLoaded(entry: string): string[] {
  const hook = `import { registerHooks } from 'node:module';
    const seen = new Set();
    registerHooks({ load(url, context, next) {
      const m = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(url); if (m) seen.add(m[1]); return next(url, context);
    } });
    await import(${JSON.stringify(entry)});
    console.log(JSON.stringify([...seen]));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', hook], { encoding: 'utf8' }),
  ) as string[];
}

test('the run-time entry loads neither TypeBox nor the YAML renderer; the CRD entry does', () => {
  const runtime = packagesLoaded(fileURLToPath(new URL('../../src/index.ts', import.meta.url)));
  assert.ok(!runtime.includes('@sinclair/typebox'), `loaded: ${runtime.join(', ')}`);
  assert.ok(!runtime.includes('yaml'), `loaded: ${runtime.join(', ')}`);
  const crd = packagesLoaded(fileURLToPath(new URL('../../src/crd.ts', import.meta.url)));
  assert.ok(crd.includes('@sinclair/typebox'));
});
