import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { evaluateChecks, type HealthCheck } from '../../src/index.ts';

const checks = (entries: [string, HealthCheck][]) => new Map(entries);

describe('evaluateChecks', () => {
  test('all healthy: a bare "ok", or the list with ?verbose', async () => {
    const all = checks([
      ['ping', () => {}],
      ['cache-synced', async () => {}],
    ]);
    assert.deepEqual(await evaluateChecks(all, { endpoint: 'readyz' }).then((r) => [r.healthy, r.body]), [
      true,
      'ok',
    ]);
    const verbose = await evaluateChecks(all, { endpoint: 'readyz', verbose: true });
    assert.equal(verbose.body, '[+]ping ok\n[+]cache-synced ok\nreadyz check passed\n');
  });

  test('a note on a healthy check (the webhook serving from its snapshot) shows on verbose probes only', async () => {
    const all = checks([
      ['ping', () => {}],
      ['bus', () => 'disconnected for 12 s, reconnecting'],
    ]);
    const terse = await evaluateChecks(all, { endpoint: 'readyz' });
    assert.deepEqual([terse.healthy, terse.body], [true, 'ok']);
    const verbose = await evaluateChecks(all, { endpoint: 'readyz', verbose: true });
    assert.equal(
      verbose.body,
      '[+]ping ok\n[+]bus ok: disconnected for 12 s, reconnecting\nreadyz check passed\n',
    );
  });

  test('a failing check is named with its reason, whether verbose or not', async () => {
    const report = await evaluateChecks(
      checks([
        ['ping', () => {}],
        [
          'partitions-leased',
          async () => {
            throw new Error('0 of 3 partitions leased');
          },
        ],
      ]),
      { endpoint: 'readyz' },
    );
    assert.equal(report.healthy, false);
    assert.equal(
      report.body,
      '[+]ping ok\n[-]partitions-leased failed: 0 of 3 partitions leased\nreadyz check failed\n',
    );
  });

  test('exclude skips a check and says so; unknown exclusions are warned about', async () => {
    const report = await evaluateChecks(
      checks([
        ['ping', () => {}],
        [
          'broken',
          () => {
            throw new Error('x');
          },
        ],
      ]),
      { endpoint: 'readyz', exclude: ['broken', 'nope'], verbose: true },
    );
    assert.equal(report.healthy, true);
    assert.match(report.body, /\[\+\]broken excluded: ok/);
    assert.match(report.body, /no matches for nope/);
  });

  test('a check that hangs fails after the timeout', async () => {
    const report = await evaluateChecks(checks([['hang', () => new Promise<void>(() => {})]]), {
      endpoint: 'readyz',
      timeoutMs: 10,
    });
    assert.equal(report.healthy, false);
    assert.match(report.body, /\[-\]hang failed: timed out after 10 ms/);
  });
});
