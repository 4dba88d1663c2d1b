// kubectl-kruise: parses the command line, runs the command, and exits as kubectl does — 0 when it worked, 1 with
// the message on stderr when it did not.
import { run } from './cli/run.ts';

process.exitCode = await run(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
});
