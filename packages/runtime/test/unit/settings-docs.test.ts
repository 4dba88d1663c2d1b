// The README's settings tables are generated from the settings table; a stale README fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { README_PATH, renderSettingsDocs, withSettingsDocs } from '../../src/settings/docs.ts';
import { SETTINGS } from '../../src/settings/table.ts';

describe('README settings table', () => {
  it('is up to date with the settings table (run npm run settings:docs)', () => {
    const readme = readFileSync(README_PATH, 'utf8');
    assert.equal(readme, withSettingsDocs(readme), 'README.md is stale: run npm run settings:docs');
  });

  it('lists every setting once', () => {
    const docs = renderSettingsDocs();
    for (const s of SETTINGS) assert.equal(docs.split(`| \`${s.name}\` |`).length, 2, s.name);
  });

  it('refuses a README without the markers', () => assert.throws(() => withSettingsDocs('# x\n'), /markers/));
});
