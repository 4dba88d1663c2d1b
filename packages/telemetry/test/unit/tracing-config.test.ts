import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { tracingConfigFromEnv } from '../../src/index.ts';

describe('tracingConfigFromEnv', () => {
  test('no endpoint: tracing is off, no warnings', () => {
    const config = tracingConfigFromEnv({});
    assert.equal(config.exporter, 'none');
    assert.equal(config.otlpTracesUrl, undefined);
    assert.deepEqual(config.warnings, []);
    assert.equal(config.samplerDescription, 'parentbased_always_on');
  });

  test('OTEL_EXPORTER_OTLP_ENDPOINT is a base URL: /v1/traces is appended', () => {
    const config = tracingConfigFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318/' });
    assert.equal(config.exporter, 'otlp');
    assert.equal(config.otlpTracesUrl, 'http://127.0.0.1:4318/v1/traces');
  });

  test('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is used as is and wins over the base', () => {
    const config = tracingConfigFromEnv({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:4318/custom',
    });
    assert.equal(config.otlpTracesUrl, 'http://b:4318/custom');
  });

  test('OTEL_SDK_DISABLED and OTEL_TRACES_EXPORTER=none turn tracing off despite an endpoint', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318' };
    assert.equal(tracingConfigFromEnv({ ...endpoint, OTEL_SDK_DISABLED: 'true' }).exporter, 'none');
    assert.equal(tracingConfigFromEnv({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' }).exporter, 'none');
    assert.equal(tracingConfigFromEnv({ OTEL_TRACES_EXPORTER: 'console' }).exporter, 'console');
  });

  test('samplers from OTEL_TRACES_SAMPLER and its argument', () => {
    const cases: [Record<string, string>, string][] = [
      [{ OTEL_TRACES_SAMPLER: 'always_on' }, 'always_on'],
      [{ OTEL_TRACES_SAMPLER: 'always_off' }, 'always_off'],
      [{ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.25' }, 'traceidratio(0.25)'],
      [
        { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.5' },
        'parentbased_traceidratio(0.5)',
      ],
      [{ OTEL_TRACES_SAMPLER: 'parentbased_always_off' }, 'parentbased_always_off'],
      [{ OTEL_TRACES_SAMPLER: 'PARENTBASED_ALWAYS_ON' }, 'parentbased_always_on'],
    ];
    for (const [env, description] of cases) {
      const config = tracingConfigFromEnv(env);
      assert.equal(config.samplerDescription, description, JSON.stringify(env));
      assert.deepEqual(config.warnings, []);
    }
  });

  test('unsupported settings fall back and say so', () => {
    const config = tracingConfigFromEnv({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4317',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      OTEL_TRACES_SAMPLER: 'jaeger_remote',
      OTEL_BSP_SCHEDULE_DELAY: 'soon',
    });
    assert.equal(config.samplerDescription, 'parentbased_always_on');
    assert.equal(config.warnings.length, 3, config.warnings.join('\n'));
    const ratio = tracingConfigFromEnv({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '2' });
    assert.equal(ratio.samplerDescription, 'traceidratio(1)');
    assert.equal(ratio.warnings.length, 1);
  });

  test('batch processor settings, service name and resource attributes', () => {
    const config = tracingConfigFromEnv({
      OTEL_BSP_SCHEDULE_DELAY: '100',
      OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '64',
      OTEL_SERVICE_NAME: 'renamed',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=test,k8s.pod.name=p-1',
    });
    assert.deepEqual(config.batch, { scheduledDelayMillis: 100, maxExportBatchSize: 64 });
    assert.equal(config.serviceName, 'renamed');
    assert.deepEqual(config.resourceAttributes, { 'deployment.environment': 'test', 'k8s.pod.name': 'p-1' });
  });
});
