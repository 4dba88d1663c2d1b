// The committed generated code must be what `npm run generate` produces from proto/ now.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { generate, generatedDir, generatedFiles } from '../../scripts/generate.ts';

test('src/generated is up to date with proto/ (run `npm run generate -w @kruise-ts/bus` if not)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bus-generate-'));
  try {
    await generate(dir);
    for (const file of generatedFiles) {
      const fresh = readFileSync(join(dir, file), 'utf8');
      const committed = readFileSync(join(generatedDir, file), 'utf8');
      assert.ok(
        fresh === committed,
        `src/generated/${file} is stale: run \`npm run generate -w @kruise-ts/bus\``,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
