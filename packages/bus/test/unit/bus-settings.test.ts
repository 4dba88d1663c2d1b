// What a starting process does with the bus's stored cluster-wide settings, given what it declares.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BusSettingsConflictError, planBusSettings, type StoredBusSettings } from '../../src/index.ts';

const stored = (
  s: Omit<StoredBusSettings, 'setBy'>,
  setBy: StoredBusSettings['setBy'] = {},
): StoredBusSettings => ({
  ...s,
  setBy,
});

describe('planBusSettings', () => {
  const rows: {
    name: string;
    stored?: StoredBusSettings;
    declared: { partitions: number; leaseTtlMs?: number; replicas?: number };
    proposed?: { leaseTtlMs?: number };
    want: { action: string; record?: Omit<StoredBusSettings, 'setBy'>; conflicts?: string[] };
  }[] = [
    {
      name: 'first process stores only what it declares (a webhook stores no lease TTL)',
      declared: { partitions: 16 },
      want: { action: 'create', record: { partitions: 16 } },
    },
    {
      name: 'first controller stores its lease TTL',
      declared: { partitions: 16, leaseTtlMs: 60_000 },
      want: { action: 'create', record: { partitions: 16, leaseTtlMs: 60_000 } },
    },
    {
      name: 'a later controller fills a setting nobody stored',
      stored: stored({ partitions: 16 }, { partitions: 'webhook' }),
      declared: { partitions: 16, leaseTtlMs: 60_000 },
      want: { action: 'fill', record: { partitions: 16, leaseTtlMs: 60_000 } },
    },
    {
      name: 'a process declaring nothing new keeps the record (and adopts the stored TTL)',
      stored: stored({ partitions: 16, leaseTtlMs: 60_000 }),
      declared: { partitions: 16 },
      want: { action: 'keep', record: { partitions: 16, leaseTtlMs: 60_000 } },
    },
    {
      name: 'a different lease TTL is a conflict',
      stored: stored({ partitions: 16, leaseTtlMs: 60_000 }),
      declared: { partitions: 16, leaseTtlMs: 15_000 },
      want: { action: 'conflict', conflicts: ['leaseTtlMs'] },
    },
    {
      name: 'a lease holder given no TTL proposes the default: stored on a new bus',
      declared: { partitions: 16 },
      proposed: { leaseTtlMs: 60_000 },
      want: { action: 'create', record: { partitions: 16, leaseTtlMs: 60_000 } },
    },
    {
      name: 'a proposal fills a bus that has no TTL yet (a webhook created it)',
      stored: stored({ partitions: 16 }, { partitions: 'webhook' }),
      declared: { partitions: 16 },
      proposed: { leaseTtlMs: 60_000 },
      want: { action: 'fill', record: { partitions: 16, leaseTtlMs: 60_000 } },
    },
    {
      name: 'a proposal never conflicts: the stored TTL (an older install at 15 s) is adopted',
      stored: stored({ partitions: 16, leaseTtlMs: 15_000 }),
      declared: { partitions: 16 },
      proposed: { leaseTtlMs: 60_000 },
      want: { action: 'keep', record: { partitions: 16, leaseTtlMs: 15_000 } },
    },
    {
      name: 'a declared TTL wins over the proposal, and conflicts as before',
      stored: stored({ partitions: 16, leaseTtlMs: 15_000 }),
      declared: { partitions: 16, leaseTtlMs: 30_000 },
      proposed: { leaseTtlMs: 60_000 },
      want: { action: 'conflict', conflicts: ['leaseTtlMs'] },
    },
    {
      name: 'a different partition count and replica count are conflicts',
      stored: stored({ partitions: 16, replicas: 3 }),
      declared: { partitions: 8, replicas: 1 },
      want: { action: 'conflict', conflicts: ['partitions', 'replicas'] },
    },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const plan = planBusSettings(row.stored, row.declared, 'me', row.proposed);
      assert.equal(plan.action, row.want.action);
      if (row.want.record !== undefined) {
        const { setBy: _, ...record } = plan.record;
        assert.deepEqual(record, row.want.record);
      }
      if (plan.action === 'conflict') {
        assert.deepEqual(
          plan.conflicts.map((c) => c.setting),
          row.want.conflicts,
        );
      }
    });
  }

  it('the error names both values, who stored them, and the setting to change', () => {
    const s = stored({ partitions: 16, leaseTtlMs: 60_000 }, { leaseTtlMs: 'cloneset-controller/a' });
    const plan = planBusSettings(s, { partitions: 16, leaseTtlMs: 15_000 }, 'x');
    assert.equal(plan.action, 'conflict');
    if (plan.action !== 'conflict') return;
    const err = new BusSettingsConflictError('kruise', plan.conflicts, plan.record);
    assert.match(
      err.message,
      /lease TTL \(ms\): 60000 stored in the bus \(by cloneset-controller\/a\), 15000 declared by this process \(KRUISE_TS_LEASE_TTL_MS\)/,
    );
  });
});
