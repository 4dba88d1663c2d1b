import assert from 'node:assert/strict';
import { test } from 'node:test';
import { context, propagation, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { setupTelemetry, untraced } from '../../src/index.ts';

test('untraced: calls inside record no span and send no traceparent, across awaits; calls after it are traced', async () => {
  const exporter = new InMemorySpanExporter();
  const telemetry = setupTelemetry({ serviceName: 'svc', serviceVersion: '1', env: {}, exporter });
  try {
    const tracer = telemetry.tracer();
    const call = (name: string) => {
      const span = tracer.startSpan(name);
      const headers: Record<string, string> = {};
      propagation.inject(trace.setSpan(context.active(), span), headers);
      const recording = span.isRecording();
      span.end();
      return { recording, traceparent: headers.traceparent };
    };
    const inside = await untraced(async () => {
      const first = call('renew');
      await new Promise((resolve) => setTimeout(resolve, 5));
      return [first, call('renew again')];
    });
    for (const seen of inside) assert.deepEqual(seen, { recording: false, traceparent: undefined });
    const after = call('work');
    assert.equal(after.recording, true);
    assert.match(after.traceparent ?? '', /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    await telemetry.forceFlush();
    assert.deepEqual(
      exporter.getFinishedSpans().map((s) => s.name),
      ['work'],
    );
  } finally {
    await telemetry.shutdown();
  }
});
