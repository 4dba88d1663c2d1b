import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { context, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { createLogger, setupTelemetry, type Telemetry } from '../../src/index.ts';

// Collects log lines synchronously, as parsed JSON.
function capture(): { lines: Record<string, unknown>[]; stream: Writable } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
      cb();
    },
  });
  return { lines, stream };
}

let telemetry: Telemetry;
before(() => {
  telemetry = setupTelemetry({
    serviceName: 'logger-test',
    serviceVersion: '0.0.0',
    env: {},
    exporter: new InMemorySpanExporter(),
    processor: 'simple',
  });
});
after(() => telemetry.shutdown());

describe('createLogger', () => {
  test('every line carries trace_id and span_id of the active span', () => {
    const { lines, stream } = capture();
    const logger = createLogger({ name: 't', destination: stream });
    const tracer = telemetry.tracer();
    tracer.startActiveSpan('outer', (outer) => {
      logger.info('in outer');
      tracer.startActiveSpan('inner', (inner) => {
        logger.info('in inner');
        assert.equal(lines[1]?.span_id, inner.spanContext().spanId);
        inner.end();
      });
      assert.equal(lines[0]?.trace_id, outer.spanContext().traceId);
      assert.equal(lines[0]?.span_id, outer.spanContext().spanId);
      assert.equal(lines[1]?.trace_id, outer.spanContext().traceId, 'child shares the trace');
      outer.end();
    });
  });

  test('the ids follow the span across awaits (async context), and children keep them with their key', async () => {
    const { lines, stream } = capture();
    const logger = createLogger({ name: 't', destination: stream, bindings: { controller: 'cloneset' } });
    const span = telemetry.tracer().startSpan('reconcile');
    await context.with(trace.setSpan(context.active(), span), async () => {
      await new Promise((r) => setImmediate(r));
      logger.child({ key: 'ns/name' }).warn({ replicas: 3 }, 'scaling');
    });
    span.end();
    const line = lines[0];
    assert.ok(line);
    assert.equal(line.trace_id, span.spanContext().traceId);
    assert.equal(line.span_id, span.spanContext().spanId);
    assert.equal(line.key, 'ns/name');
    assert.equal(line.controller, 'cloneset');
    assert.equal(line.level, 'warn');
    assert.equal(line.replicas, 3);
    assert.equal(line.msg, 'scaling');
  });

  test('outside any span a line has no trace fields', () => {
    const { lines, stream } = capture();
    createLogger({ name: 't', destination: stream }).info('idle');
    assert.equal(lines[0]?.trace_id, undefined);
    assert.equal(lines[0]?.span_id, undefined);
  });

  test('level is settable and filters lines', () => {
    const { lines, stream } = capture();
    const logger = createLogger({ name: 't', destination: stream, level: 'warn' });
    logger.info('dropped');
    logger.error('kept');
    assert.deepEqual(
      lines.map((l) => l.msg),
      ['kept'],
    );
  });
});
