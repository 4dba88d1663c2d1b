// The idle memory release on a real event loop: a child Node (with and without --expose-gc) works for a moment,
// goes quiet, and logs the collection; without `gc` it says the release is off and never collects.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';

const script = `
import { createLogger } from '@kruise-ts/telemetry';
import { startIdleMemoryRelease } from './src/service/idle-memory-release.ts';
const logger = createLogger({ name: 'idle-release-test', level: 'info' });
const release = startIdleMemoryRelease(logger, { windowMs: 100, idleBelow: 0.05, minBusyMs: 50, minIntervalMs: 0 });
// Work inside the loop: time spent before the loop starts (module evaluation) is not the loop's.
await new Promise((resolve) => setTimeout(resolve, 50));
const garbage = [];
const until = performance.now() + 400;
while (performance.now() < until) garbage.push({ at: performance.now(), text: 'x'.repeat(64) });
garbage.length = 0;
await new Promise((resolve) => setTimeout(resolve, 600));
release?.stop();
`;

function run(flags: string[]): { messages: string[]; fields: Record<string, unknown>[] } {
  const out = spawnSync(process.execPath, [...flags, '--input-type=module', '-e', script], {
    cwd: new URL('../..', import.meta.url),
    encoding: 'utf8',
    timeout: 20_000,
  });
  assert.equal(out.status, 0, out.stderr);
  const fields = out.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { messages: fields.map((f) => String(f.msg)), fields };
}

describe('startIdleMemoryRelease', () => {
  it('collects once the loop goes quiet after work, and logs what it returned', () => {
    const { messages, fields } = run(['--expose-gc']);
    assert.ok(messages.includes('returned memory after a burst'), `logged: ${messages.join(' / ')}`);
    const line = fields.find((f) => f.msg === 'returned memory after a burst');
    assert.ok(line !== undefined);
    assert.equal(typeof line.pauseMs, 'number');
    assert.equal((line.heapTotalMiB as number[]).length, 2);
  });

  it('stays off, and says so, when node runs without --expose-gc', () => {
    const { messages } = run([]);
    assert.deepEqual(messages, ['memory is not returned after bursts: node runs without --expose-gc']);
  });
});
