// AdvancedCronJob on the real cluster (docs/behaviour/advancedcronjob.md#controller): children named <acj>-<unix seconds> with the
// scheduled-at annotation and a controller reference, status type/active/lastScheduleTime, history limits,
// concurrency policies Forbid and Replace, paused, and a standard 5-field schedule against the wall clock.
// Fast schedules use robfig's `@every`, so each case takes seconds, not minutes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually } from '@kruise-ts/devcluster';
import { broadcastJobTemplate, type Child, Harness } from './support/harness.ts';

const h = new Harness();
before(() => h.start());
after(() => h.stop());

const scheduledAt = (c: Child) => c.metadata.annotations?.['apps.kruise.io/scheduled-at'];
const finished = (c: Child) =>
  c.status?.conditions?.some((k) => (k.type === 'Complete' || k.type === 'Failed') && k.status === 'True') ??
  false;

describe('AdvancedCronJob', () => {
  it('creates Jobs named by their scheduled time, reports them in status and keeps the history limit', async () => {
    const ns = await h.namespace('jobs');
    const acj = await h.createCronJob(ns, 'tick', { schedule: '@every 2s', successfulJobsHistoryLimit: 2 });
    const seen = await h.observe(ns, 12_000);
    assert.ok(seen.names.size >= 4, `several runs (saw ${[...seen.names].join(', ')})`);
    const children = await h.waitForChildren(
      ns,
      'at most 2 finished Jobs kept',
      (cs) => cs.filter(finished).length <= 2 && cs.some(finished),
    );
    for (const child of children) {
      assert.equal(child.kind, 'Job');
      const at = scheduledAt(child);
      assert.ok(at, 'scheduled-at annotation');
      assert.equal(child.metadata.name, `tick-${Date.parse(at) / 1000}`, 'named <acj>-<unix seconds>');
      const owner = child.metadata.ownerReferences?.find((r) => r.controller);
      assert.deepEqual([owner?.kind, owner?.name], ['AdvancedCronJob', 'tick']);
    }
    const status = (await h.getCronJob(ns, 'tick')).status;
    assert.equal(status?.type, 'Job');
    const latest = Math.max(...[...seen.names].map((n) => Number(n.slice('tick-'.length))));
    assert.ok(status?.lastScheduleTime, 'lastScheduleTime set');
    assert.ok(Date.parse(status.lastScheduleTime) / 1000 >= latest, 'lastScheduleTime is the newest run');
    assert.ok(acj.metadata?.uid);

    // Paused, and every run finished: no active list at all, as Kruise's nil list under omitempty.
    await h.patchCronJob(ns, 'tick', { spec: { paused: true } });
    await h.waitForChildren(ns, 'every run finished', (cs) => cs.length > 0 && cs.every(finished));
    await eventually(
      'status without an active list',
      async () => {
        const s = (await h.getCronJob(ns, 'tick')).status;
        return s !== undefined && !('active' in s);
      },
      { timeoutMs: 20_000, intervalMs: 250 },
    );
  });

  it('Forbid: no new run while a child is still active', async () => {
    const ns = await h.namespace('forbid');
    await h.createCronJob(ns, 'single', {
      schedule: '@every 2s',
      concurrencyPolicy: 'Forbid',
      template: broadcastJobTemplate,
    });
    await h.waitForChildren(ns, 'the first run', (cs) => cs.length === 1);
    const seen = await h.observe(ns, 6_000);
    assert.equal(seen.names.size, 1, `one child ever (saw ${[...seen.names].join(', ')})`);
    const status = (await h.getCronJob(ns, 'single')).status;
    assert.equal(status?.type, 'BroadcastJob');
    assert.deepEqual(
      status?.active?.map((r) => [r.kind, r.name]),
      [['BroadcastJob', [...seen.names][0]]],
    );
  });

  it('Replace: each run replaces the active child', async () => {
    const ns = await h.namespace('replace');
    await h.createCronJob(ns, 'fresh', {
      schedule: '@every 2s',
      concurrencyPolicy: 'Replace',
      template: broadcastJobTemplate,
    });
    await h.waitForChildren(ns, 'the first run', (cs) => cs.length === 1);
    const seen = await h.observe(ns, 7_000);
    assert.ok(seen.names.size >= 3, `runs replaced one another (saw ${[...seen.names].join(', ')})`);
    assert.equal(seen.most, 1, 'never two children at once');
  });

  it('paused: no run until resumed', async () => {
    const ns = await h.namespace('paused');
    await h.createCronJob(ns, 'held', { schedule: '@every 2s', paused: true });
    const seen = await h.observe(ns, 5_000);
    assert.equal(seen.names.size, 0, 'nothing while paused');
    await h.patchCronJob(ns, 'held', { spec: { paused: false } });
    await h.waitForChildren(ns, 'a run after resuming', (cs) => cs.length > 0, 30_000);
  });

  it('a standard schedule (*/1 * * * *) runs at the next minute, with scheduled-at on the minute', async () => {
    const ns = await h.namespace('minute');
    await h.createCronJob(ns, 'minutely', { schedule: '*/1 * * * *' });
    const [child] = await h.waitForChildren(ns, 'the run at the next minute', (cs) => cs.length > 0, 75_000);
    const at = Date.parse(scheduledAt(child as Child) ?? '');
    assert.equal(at % 60_000, 0, 'on a minute boundary');
    assert.ok(Math.abs(Date.now() - at) < 30_000, 'the minute that just began');
  });
});
