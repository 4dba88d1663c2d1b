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

if (files.length > 0) {
  const stream = run({
    files,
    // e2e files share one real cluster; running them one at a time keeps them from starving each other on 2 cores.
    concurrency: kind === 'e2e' ? 1 : true,
    timeout: kind === 'e2e' ? 15 * 60_000 : 60_000,
    // A file whose tests are over ends even if something it started still holds the event loop (a watch a failed
    // scenario never stopped): without this, such a file hangs the whole run until CI's limit.
    forceExit: true,
  });
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

const results: TestResults = { kind, files: files.length, ...counts, failures };
writeFileSync(`.test-results/${kind}.json`, `${JSON.stringify(results)}\n`);
console.log(`${kind}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exitCode = counts.failed > 0 ? 1 : 0;
