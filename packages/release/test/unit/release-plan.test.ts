// Version bumps and changelog entries, as the release step computes them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addChangelogEntry, bumpVersion } from '../../src/release-plan.ts';

describe('bumpVersion', () => {
  for (const [from, level, to] of [
    ['0.1.0', 'patch', '0.1.1'],
    ['0.1.9', 'minor', '0.2.0'],
    ['0.2.3', 'major', '1.0.0'],
    ['1.9.9', 'patch', '1.9.10'],
  ] as const) {
    test(`${from} ${level} → ${to}`, () => assert.equal(bumpVersion(from, level), to));
  }
  test('refuses what is not x.y.z', () => assert.throws(() => bumpVersion('1.0.0-rc.1', 'patch'), /semver/));
});

describe('addChangelogEntry', () => {
  const o = { name: '@kruise-ts/watcher', date: '2026-12-01' };
  test('starts a changelog', () => {
    const text = addChangelogEntry(undefined, { ...o, version: '0.2.0', notes: ['stamps its build'] });
    assert.match(text, /^# Changelog of @kruise-ts\/watcher\n/);
    assert.match(text, /## 0\.2\.0 \(2026-12-01\)\n\n- stamps its build\n$/);
  });
  test('puts the new entry above the older ones', () => {
    const first = addChangelogEntry(undefined, { ...o, version: '0.1.0', notes: ['first'] });
    const second = addChangelogEntry(first, { ...o, version: '0.2.0', notes: ['second'] });
    assert.ok(second.indexOf('## 0.2.0') < second.indexOf('## 0.1.0'));
    assert.equal(second.match(/^## /gm)?.length, 2);
  });
  test('refuses a version twice', () => {
    const first = addChangelogEntry(undefined, { ...o, version: '0.1.0', notes: [] });
    assert.match(first, /No notable change/);
    assert.throws(() => addChangelogEntry(first, { ...o, version: '0.1.0', notes: [] }), /already/);
  });
});
