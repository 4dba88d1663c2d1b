// A launcher signalled alone (pkill, a CI timeout) takes its services with it. Real processes, no servers: a
// stand-in launcher starts two idle children, the test signals the launcher only, then looks for the children.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { describe, test } from 'node:test';

const helper = new URL('../../src/children-on-signal.ts', import.meta.url).href;

/** Linux: a process is listed under /proc until its parent (here init, once the launcher died) reaps it. */
const alive = (pid: number): boolean => existsSync(`/proc/${pid}`);

async function gone(pids: readonly number[]): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    if (pids.every((pid) => !alive(pid))) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** Starts the stand-in launcher; resolves with it and its children's pids once it listens. */
async function standIn(options: { otherListener: boolean; release: boolean }) {
  const script = `
    import { spawn } from 'node:child_process';
    import { killChildrenOnSignal } from ${JSON.stringify(helper)};
    // The dev cluster's way: stop, then exit (here with a code the test can tell apart).
    if (${options.otherListener}) process.once('SIGTERM', () => setTimeout(() => process.exit(7), 100));
    const children = [1, 2].map(() => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { stdio: 'ignore' }));
    const release = killChildrenOnSignal(() => children);
    if (${options.release}) release();
    console.log(children.map((c) => c.pid).join(' '));
    setInterval(() => {}, 1 << 30);
  `;
  const launcher = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(launcher.stdout, 'data')) as [Buffer];
  const pids = line.toString().trim().split(' ').map(Number);
  return { launcher, pids };
}

describe('killChildrenOnSignal', () => {
  test('SIGTERM to the launcher alone kills its children, and the launcher still dies of it', async () => {
    const { launcher, pids } = await standIn({ otherListener: false, release: false });
    assert.ok(pids.every(alive));
    const exited = once(launcher, 'exit');
    launcher.kill('SIGTERM');
    const [code, signal] = await exited;
    assert.deepEqual([code, signal], [null, 'SIGTERM']);
    assert.ok(await gone(pids), `children ${pids.join(', ')} outlived the launcher`);
  });

  test('with another listener that ends the process, it kills the children and leaves the ending to it', async () => {
    const { launcher, pids } = await standIn({ otherListener: true, release: false });
    const exited = once(launcher, 'exit');
    launcher.kill('SIGTERM');
    const [code] = await exited;
    assert.equal(code, 7, 'the other listener ended the process');
    assert.ok(await gone(pids));
  });

  test('after release, the signal is the default again and the children are left alone', async () => {
    const { launcher, pids } = await standIn({ otherListener: false, release: true });
    const exited = once(launcher, 'exit');
    launcher.kill('SIGTERM');
    const [, signal] = await exited;
    assert.equal(signal, 'SIGTERM');
    try {
      assert.ok(pids.every(alive), 'released: the children are not killed');
    } finally {
      for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});
