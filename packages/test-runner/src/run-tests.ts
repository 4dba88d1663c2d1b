// Runs one workspace's tests of one kind (unit or e2e) with node's test runner, prints the spec report,
// and writes the counts to .test-results/<kind>.json so the root `npm test` can print repo-wide totals.
// Usage (from a workspace): node ../../packages/test-runner/src/run-tests.ts unit|e2e
import { globSync, mkdirSync, writeFileSync } from 'node:fs';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import type { TestFailure, TestResults } from './results.ts';

const kind = process.argv[2];
if (kind !== 'unit' && kind !== 'e2e') {
  console.error('usage: run-tests.ts unit|e2e');
  process.exit(2);
}

const files = globSync(`test/${kind}/**/*.test.ts`).sort();
const counts = { passed: 0, failed: 0, skipped: 0 };
// The failing tests by name, so the repo-wide summary (often all a CI log keeps) says which ones failed.
const failures: TestFailure[] = [];
mkdirSync('.test-results', { recursive: true });

// A test may take up to its timeout; a file silent for longer than that has finished its tests and not exited (a
// watch or timer a failed test left open keeps its process alive, and the runner waits for it): end the run there,
// as a failure, rather than hang until CI's limit. (node's `forceExit` would end such a file, but it also ends
// files whose tests are registered after an await before those run: whole suites went missing.)
const TEST_TIMEOUT_MS = kind === 'e2e' ? 15 * 60_000 : 60_000;
const quiet = silenceWatchdog(TEST_TIMEOUT_MS + 2 * 60_000);

if (files.length > 0) {
  const stream = run({
    files,
    // e2e files share one real cluster; running them one at a time keeps them from starving each other on 2 cores.
    concurrency: kind === 'e2e' ? 1 : true,
    timeout: TEST_TIMEOUT_MS,
    signal: quiet.signal,
  });
  // Any sign of life from the files (a test starting or ending, a line of output) restarts the watchdog.
  for (const event of [
    'test:start',
    'test:pass',
    'test:fail',
    'test:stdout',
    'test:stderr',
    'test:diagnostic',
  ] as const)
    stream.on(event, () => quiet.alive());
  stream.on('test:summary', (event) => {
    // The summary without a file is the run-wide one.
    if (event.file === undefined) {
      counts.passed = event.counts.passed;
      // @types/node omits `failed` from the summary counts; node 24 reports it.
      const failed = (event.counts as typeof event.counts & { failed: number }).failed;
      counts.failed = failed + event.counts.cancelled;
      counts.skipped = event.counts.skipped + event.counts.todo;
    }
  });
  stream.on('test:fail', (event) => {
    // A suite that failed because its tests did is reported through them, and tests cancelled by a failing
    // hook through that hook's failure: list what failed first.
    const failureType = (event.details.error as Error & { failureType?: string }).failureType;
    if (failureType === 'subtestsFailed' || failureType === 'cancelledByParent') return;
    const cause = event.details.error.cause;
    const message = cause instanceof Error ? cause.message : String(cause ?? event.details.error.message);
    failures.push({
      file: event.file ?? '',
      test: event.name,
      // assert's diffs start with a header and a blank line: keep the lines that carry values.
      error: message
        .split('\n')
        .filter((line) => line.trim() !== '')
        .slice(0, 8)
        .join(' | ')
        .slice(0, 500),
    });
  });
  stream.compose(spec).pipe(process.stdout);
  await new Promise<void>((resolve) => stream.once('end', () => resolve()));
}

quiet.stop();
if (quiet.fired) {
  counts.failed++;
  failures.push({
    file: '',
    test: `${kind} run`,
    error: `no test started, ended or printed for ${quiet.limitMs / 60_000} min: a file did not exit; the run was ended`,
  });
}

const results: TestResults = { kind, files: files.length, ...counts, failures };
writeFileSync(`.test-results/${kind}.json`, `${JSON.stringify(results)}\n`);
console.log(`${kind}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exitCode = counts.failed > 0 ? 1 : 0;

/** Aborts (its `signal`) once `alive()` has not been called for `limitMs`. */
function silenceWatchdog(limitMs: number) {
  const controller = new AbortController();
  let fired = false;
  const arm = () =>
    setTimeout(() => {
      fired = true;
      console.error(`run-tests: nothing from the test files for ${limitMs / 60_000} min; ending the run`);
      controller.abort();
    }, limitMs);
  let timer = arm();
  return {
    signal: controller.signal,
    limitMs,
    get fired() {
      return fired;
    },
    alive() {
      clearTimeout(timer);
      timer = arm();
    },
    stop() {
      clearTimeout(timer);
    },
  };
}
