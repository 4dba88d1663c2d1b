import assert from 'node:assert/strict';
import { it } from 'node:test';
import { type FlagSpec, parseArgs, parseDuration, UsageError } from '../../src/cli/args.ts';
import { FLAGS } from '../../src/cli/run.ts';

const specs: readonly FlagSpec[] = FLAGS;

it('parses flags anywhere, in every kubectl form', () => {
  const cases: { argv: string[]; positionals: string[]; flags: Record<string, string> }[] = [
    {
      argv: ['rollout', 'status', 'cloneset/a'],
      positionals: ['rollout', 'status', 'cloneset/a'],
      flags: {},
    },
    {
      argv: ['-n', 'ns', 'rollout', 'status', 'x/y'],
      positionals: ['rollout', 'status', 'x/y'],
      flags: { namespace: 'ns' },
    },
    {
      argv: ['rollout', '--namespace=ns', 'status'],
      positionals: ['rollout', 'status'],
      flags: { namespace: 'ns' },
    },
    { argv: ['-nns', 'a'], positionals: ['a'], flags: { namespace: 'ns' } },
    { argv: ['-n=ns', 'a'], positionals: ['a'], flags: { namespace: 'ns' } },
    { argv: ['--watch=false', 'a'], positionals: ['a'], flags: { watch: 'false' } },
    { argv: ['-w', 'a'], positionals: ['a'], flags: { watch: 'true' } },
    { argv: ['-o', 'json', '--', '-x'], positionals: ['-x'], flags: { output: 'json' } },
    {
      argv: ['scale', '--delete-pods', 'a,b', '--replicas', '2'],
      positionals: ['scale'],
      flags: { 'delete-pods': 'a,b', replicas: '2' },
    },
  ];
  for (const c of cases) {
    const got = parseArgs(c.argv, specs);
    assert.deepEqual(got.positionals, c.positionals, c.argv.join(' '));
    assert.deepEqual(Object.fromEntries(got.flags), c.flags, c.argv.join(' '));
  }
});

it('rejects unknown flags, missing values and non-boolean values of booleans', () => {
  for (const argv of [['--nope'], ['-x'], ['--timeout'], ['--watch=maybe']]) {
    assert.throws(() => parseArgs(argv, specs), UsageError, argv.join(' '));
  }
});

it('reads Go durations as --timeout takes them', () => {
  const cases: [string, number][] = [
    ['0', 0],
    ['30s', 30_000],
    ['2m', 120_000],
    ['1h30m', 5_400_000],
    ['500ms', 500],
    ['1.5s', 1500],
  ];
  for (const [text, ms] of cases) assert.equal(parseDuration(text), ms, text);
  for (const bad of ['', '10', 'soon', '5d']) assert.throws(() => parseDuration(bad), UsageError, bad);
});
