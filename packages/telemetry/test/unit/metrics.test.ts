import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Counter } from 'prom-client';
import { createMetricsRegistry } from '../../src/index.ts';

describe('createMetricsRegistry', () => {
  test('registries are independent, carry default labels, and can include process metrics', async () => {
    const a = createMetricsRegistry({ processMetrics: false, defaultLabels: { service: 'a' } });
    const b = createMetricsRegistry({ processMetrics: true });
    // The same metric name on two registries does not collide (it would on prom-client's global one).
    new Counter({ name: 'things_total', help: 'h', registers: [a] }).inc(2);
    new Counter({ name: 'things_total', help: 'h', registers: [b] }).inc();
    const textA = await a.metrics();
    assert.match(textA, /things_total\{service="a"\} 2/);
    assert.doesNotMatch(textA, /process_cpu_user_seconds_total/);
    const textB = await b.metrics();
    assert.match(textB, /things_total 1/);
    assert.match(textB, /process_cpu_user_seconds_total/);
    assert.match(textB, /nodejs_eventloop_lag_seconds/);
  });
});
