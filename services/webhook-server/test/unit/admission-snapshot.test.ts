import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { SidecarSet } from '@kruise-ts/sidecarset';
import {
  type AdmissionSnapshot,
  readSnapshot,
  SNAPSHOT_FILE,
  snapshotSource,
  snapshotWriter,
  writeSnapshot,
} from '../../src/sidecarset/snapshot.ts';

const sidecarSet = (name: string): SidecarSet =>
  ({ metadata: { name }, spec: { selector: { matchLabels: { app: name } }, containers: [] } }) as SidecarSet;

const snapshot = (names: string[]): AdmissionSnapshot => ({
  version: 1,
  writtenAt: '2026-12-01T00:00:00.000Z',
  sidecarSets: names.map(sidecarSet),
  namespaces: { web: { team: 'a' } },
});

describe('admission snapshot', () => {
  test('round trip: the source lists SidecarSets by name and knows namespace labels', () => {
    const dir = mkdtempSync(join(tmpdir(), 'snap-'));
    try {
      assert.equal(readSnapshot(dir), undefined, 'no snapshot yet');
      writeSnapshot(dir, snapshot(['zeta', 'alpha']));
      const read = readSnapshot(dir);
      assert.ok(read);
      const source = snapshotSource(read);
      assert.deepEqual(
        source.list().map((s) => s.metadata?.name),
        ['alpha', 'zeta'],
      );
      assert.deepEqual(source.namespaceLabels('web'), { team: 'a' });
      assert.equal(source.namespaceLabels('other'), undefined);
      assert.equal(source.isSynced(), true);
      assert.deepEqual(readdirSync(dir), [SNAPSHOT_FILE], 'no temporary file left');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a snapshot of another format is refused, not served', () => {
    const dir = mkdtempSync(join(tmpdir(), 'snap-'));
    try {
      writeFileSync(join(dir, SNAPSHOT_FILE), JSON.stringify({ version: 2, sidecarSets: [] }));
      assert.throws(() => readSnapshot(dir), /unreadable admission snapshot/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the writer writes after a change, never an unsynced state, and only when something changed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'snap-'));
    try {
      let state: AdmissionSnapshot | undefined;
      let takes = 0;
      const writer = snapshotWriter({
        dir,
        debounceMs: 10,
        take: () => {
          takes++;
          return state;
        },
        onError: (err) => assert.fail(err),
      });
      writer.changed();
      await new Promise((r) => setTimeout(r, 30));
      assert.equal(readSnapshot(dir), undefined, 'not synced: nothing written');
      state = snapshot(['one']);
      writer.flush(); // still dirty from the change above
      assert.deepEqual(
        readSnapshot(dir)?.sidecarSets.map((s) => s.metadata?.name),
        ['one'],
      );
      const before = takes;
      writer.flush();
      assert.equal(takes, before, 'nothing changed: no write');
      state = snapshot(['one', 'two']);
      writer.changed();
      await new Promise((r) => setTimeout(r, 30));
      assert.equal(readSnapshot(dir)?.sidecarSets.length, 2);
      writer.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
