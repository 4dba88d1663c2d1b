import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { describe, test } from 'node:test';
import { createGracefulShutdown, FakeClock, type SignalSource } from '../../src/index.ts';
import { deferred, settle } from './helpers.ts';

function harness(deadlineMs = 1000) {
  const clock = new FakeClock();
  const signals = new EventEmitter();
  const exits: number[] = [];
  const shutdown = createGracefulShutdown({
    deadlineMs,
    clock,
    signalSource: signals as unknown as SignalSource,
    exit: (code) => exits.push(code),
  });
  return { clock, signals, exits, shutdown };
}

describe('createGracefulShutdown', () => {
  test('SIGTERM runs the hooks one at a time in registration order, then exits 0', async () => {
    const { signals, exits, shutdown } = harness();
    const order: string[] = [];
    const gate = deferred();
    shutdown.register('not-ready', () => {
      order.push('not-ready');
    });
    shutdown.register('controllers', async () => {
      order.push('controllers:start');
      await gate.promise;
      order.push('controllers:end');
    });
    shutdown.register('flush-traces', async () => {
      order.push('flush-traces');
    });
    signals.emit('SIGTERM', 'SIGTERM');
    await settle();
    assert.deepEqual(order, ['not-ready', 'controllers:start'], 'the next hook waits for the current one');
    assert.equal(shutdown.shuttingDown, true);
    gate.resolve();
    await settle();
    assert.deepEqual(order, ['not-ready', 'controllers:start', 'controllers:end', 'flush-traces']);
    assert.deepEqual(exits, [0]);
    const report = await shutdown.shutdown();
    assert.equal(report.reason, 'SIGTERM');
    assert.deepEqual(report.completed, ['not-ready', 'controllers', 'flush-traces']);
    assert.equal(report.clean, true);
    shutdown.dispose();
  });

  test('a failing hook is reported and the rest still run; the exit code is 1', async () => {
    const { signals, exits, shutdown } = harness();
    const ran: string[] = [];
    shutdown.register('a', () => {
      throw new Error('a broke');
    });
    shutdown.register('b', () => {
      ran.push('b');
    });
    signals.emit('SIGINT', 'SIGINT');
    await settle();
    const report = await shutdown.shutdown();
    assert.deepEqual(ran, ['b']);
    assert.equal(report.failed[0]?.name, 'a');
    const error = report.failed[0]?.error as Error | undefined;
    assert.equal(error?.message, 'a broke');
    assert.deepEqual(exits, [1]);
    shutdown.dispose();
  });

  test('the deadline stops waiting for a stuck hook, skips the rest, and exits 1', async () => {
    const { clock, signals, exits, shutdown } = harness(500);
    const ran: string[] = [];
    shutdown.register('fast', () => {
      ran.push('fast');
    });
    shutdown.register('stuck', () => new Promise(() => {}));
    shutdown.register('never', () => {
      ran.push('never');
    });
    signals.emit('SIGTERM', 'SIGTERM');
    await settle();
    assert.deepEqual(exits, []);
    clock.advance(500);
    await settle();
    const report = await shutdown.shutdown();
    assert.equal(report.timedOut, 'stuck');
    assert.deepEqual(report.skipped, ['never']);
    assert.deepEqual(ran, ['fast']);
    assert.deepEqual(exits, [1]);
    shutdown.dispose();
  });

  test('a second signal exits at once', async () => {
    const { signals, exits, shutdown } = harness();
    shutdown.register('stuck', () => new Promise(() => {}));
    signals.emit('SIGTERM', 'SIGTERM');
    await settle();
    signals.emit('SIGTERM', 'SIGTERM');
    assert.deepEqual(exits, [1]);
    shutdown.dispose();
  });

  test('shutdown() without a signal runs the hooks once and does not exit; late registration is refused', async () => {
    const { exits, shutdown, signals } = harness();
    let runs = 0;
    shutdown.register('count', () => {
      runs++;
    });
    const [a, b] = await Promise.all([shutdown.shutdown('fatal error'), shutdown.shutdown()]);
    assert.equal(a, b);
    assert.equal(runs, 1);
    assert.equal(a.reason, 'fatal error');
    assert.deepEqual(exits, []);
    assert.throws(() => shutdown.register('late', () => {}), /already shutting down/);
    shutdown.dispose();
    assert.equal(signals.listenerCount('SIGTERM'), 0, 'dispose removes the signal listeners');
  });
});
