// The command tree's exit codes and messages for what fails before any I/O.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { run } from '../../src/cli/run.ts';

async function runCli(argv: string[], env: Record<string, string> = {}) {
  let out = '';
  let err = '';
  const code = await run(argv, { out: (t) => (out += t), err: (t) => (err += t), env });
  return { code, out, err };
}

it('help exits 0 with the usage on stdout', async () => {
  for (const argv of [[], ['--help'], ['help'], ['rollout', 'status', '-h']]) {
    const r = await runCli(argv);
    assert.equal(r.code, 0, argv.join(' '));
    assert.match(r.out, /^kubectl-kruise controls OpenKruise workloads/, argv.join(' '));
    assert.equal(r.err, '');
  }
});

it('usage errors exit 1 with kubectl-style messages on stderr', async () => {
  const cases: { argv: string[]; env?: Record<string, string>; err: string }[] = [
    { argv: ['nope'], err: 'error: unknown command "nope" for "kubectl-kruise"\n' },
    {
      argv: ['rollout', 'nope', 'clone/a'],
      err: 'error: unknown command "nope" for "kubectl-kruise rollout"\n',
    },
    { argv: ['rollout', 'status'], err: 'error: required resource not specified\n' },
    { argv: ['rollout', 'status', 'clone/a', '--bogus'], err: 'error: unknown flag: --bogus\n' },
    { argv: ['rollout', 'status', 'clone/a', '--timeout', 'soon'], err: 'error: invalid duration "soon"\n' },
    { argv: ['scale', 'clone/a'], err: 'error: must specify one pod name\n' },
    {
      argv: ['scale', '--delete-pods', 'p', 'asts/a'],
      err: 'error: currently only supported CloneSet selective pods deletion\n',
    },
    {
      argv: ['rollout', 'why', 'asts/a'],
      err: 'error: the Jaeger query URL is needed: --jaeger-url, KRUISE_TS_JAEGER_QUERY_URL, or a kubeconfig of a kruise-ts local cluster\n',
    },
    {
      argv: ['rollout', 'why', 'clone/a'],
      err: 'error: the Jaeger query URL is needed: --jaeger-url, KRUISE_TS_JAEGER_QUERY_URL, or a kubeconfig of a kruise-ts local cluster\n',
    },
    {
      argv: ['rollout', 'history', 'clone/a', '-o', 'table'],
      err: 'error: unable to match a printer suitable for the output format "table", allowed formats are: json,yaml,wide\n',
    },
  ];
  for (const c of cases) {
    const r = await runCli(c.argv, c.env);
    assert.equal(r.code, 1, c.argv.join(' '));
    assert.equal(r.out, '', c.argv.join(' '));
    assert.equal(r.err, `${c.err}See 'kubectl-kruise --help' for usage.\n`, c.argv.join(' '));
  }
});
