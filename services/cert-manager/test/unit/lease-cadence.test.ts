import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nextAttemptDelay } from '../../src/lease.ts';

// The defaults: lease 15 s, renew deadline 10 s, retry period 2 s.
const periods = { retryPeriodMs: 2000, renewDeadlineMs: 10_000 };

describe('nextAttemptDelay', () => {
  it('a leader that renewed waits half its renew deadline', () => {
    assert.equal(nextAttemptDelay({ leading: true, renewed: true, ...periods }), 5000);
  });

  it('a leader whose renewal failed retries every retry period', () => {
    assert.equal(nextAttemptDelay({ leading: true, renewed: false, ...periods }), 2000);
  });

  it('never waits less than the retry period', () => {
    assert.equal(
      nextAttemptDelay({ leading: true, renewed: true, retryPeriodMs: 2000, renewDeadlineMs: 3000 }),
      2000,
    );
  });

  it('a candidate knocks every retry period, up to a fifth later', () => {
    for (let i = 0; i < 50; i++) {
      const delay = nextAttemptDelay({ leading: false, renewed: false, ...periods });
      assert.ok(delay >= 2000 && delay <= 2400, `${delay}`);
    }
  });
});
