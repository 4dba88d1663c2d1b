// kubectl-kruise: parses the command line, runs the command, and exits as kubectl does — 0 when it worked, 1 with
// the message on stderr when it did not. Exits at once: idle keep-alive sockets must not hold the shell prompt
// (stdout and stderr are synchronous for files and pipes on Linux, so nothing written is lost).
import { run } from './cli/run.ts';

const code = await run(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
});
process.exit(code);
