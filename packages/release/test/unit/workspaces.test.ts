// Every workspace pins its internal dependencies to the exact version of the workspace providing them, and
// every service has a CHANGELOG.md with an entry for its current version: a service's version means one build.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { listWorkspaces, pinned, readPackage, unpinned } from '../../src/workspaces.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const workspaces = listWorkspaces(root);
const versions = new Map(workspaces.map((w) => [w.name, w.version]));

describe('workspace versions', () => {
  test('internal dependencies are pinned to the exact workspace versions', () => {
    const problems = workspaces.flatMap((w) =>
      unpinned(readPackage(root, w.dir), versions).map(
        (u) => `${w.dir}: ${u.dependency}@${u.range} (workspace is ${u.version ?? 'missing'})`,
      ),
    );
    assert.deepEqual(problems, [], 'pin them with `npm run release` or by hand, then `npm install`');
  });

  test('every service has a changelog entry for its version', () => {
    for (const w of workspaces.filter((x) => x.dir.startsWith('services/'))) {
      const file = join(root, w.dir, 'CHANGELOG.md');
      assert.ok(existsSync(file), `${file} is missing`);
      assert.match(
        readFileSync(file, 'utf8'),
        new RegExp(`^## ${w.version.replace(/\./g, '\\.')} `, 'm'),
        file,
      );
    }
  });

  test('pinned() rewrites internal ranges only', () => {
    const out = pinned(
      { name: 'x', version: '1.0.0', dependencies: { '@kruise-ts/bus': '*', pino: '10.4.0' } },
      new Map([['@kruise-ts/bus', '0.2.0']]),
    );
    assert.deepEqual(out.dependencies, { '@kruise-ts/bus': '0.2.0', pino: '10.4.0' });
  });
});
