// Go's time.ParseDuration, as "@every" reads its argument (robfig parser.go parseDescriptor).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseGoDuration } from '../../src/cron/go-duration.ts';

describe('parseGoDuration', () => {
  const ok: [string, bigint][] = [
    ['0', 0n],
    ['-0', 0n],
    ['1ns', 1n],
    ['1.5s', 1_500_000_000n],
    ['1h30m', 5_400_000_000_000n],
    ['.5h', 1_800_000_000_000n],
    ['1.s', 1_000_000_000n],
    ['1µs', 1_000n],
    ['1μs', 1_000n],
    ['1us', 1_000n],
    ['2m3.25s', 123_250_000_000n],
    ['-1m', -60_000_000_000n],
    ['+1m', 60_000_000_000n],
    ['2562047h47m16.854775807s', 9_223_372_036_854_775_807n],
  ];
  for (const [text, ns] of ok)
    it(`${JSON.stringify(text)} ⇒ ${ns} ns`, () =>
      assert.deepEqual(parseGoDuration(text), { nanoseconds: ns }));

  const bad: [string, string][] = [
    ['', 'time: invalid duration ""'],
    ['1', 'time: missing unit in duration "1"'],
    ['1x', 'time: unknown unit "x" in duration "1x"'],
    ['.s', 'time: invalid duration ".s"'],
    ['s', 'time: invalid duration "s"'],
    ['9999999999h', 'time: invalid duration "9999999999h"'],
    ['2562047h47m16.854775808s', 'time: invalid duration "2562047h47m16.854775808s"'],
  ];
  for (const [text, error] of bad)
    it(`${JSON.stringify(text)} ⇒ ${error}`, () => assert.deepEqual(parseGoDuration(text), { error }));
});
