// Process-wide OpenTelemetry tracing: async-context propagation, the W3C propagator, and (when the
// environment asks for it) a tracer provider exporting over OTLP through a batch span processor.
import {
  type TracerProvider as ApiTracerProvider,
  context,
  propagation,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ConsoleSpanExporter,
  SimpleSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { keepOtlpHttpImportLazy } from './otlp-http-module.ts';
import { type Env, type TracingConfig, tracingConfigFromEnv } from './tracing-config.ts';

export interface TelemetryOptions {
  serviceName: string;
  serviceVersion: string;
  /** Defaults to `process.env`. */
  env?: Env;
  /**
   * Replaces the exporter chosen from the environment (tests pass an in-memory one). Spans are then
   * recorded whatever the OTEL_* endpoint settings say.
   */
  exporter?: SpanExporter;
  /** `batch` (default) for services; `simple` exports each span as it ends, for tests that read them at once. */
  processor?: 'batch' | 'simple';
  /**
   * Tracer name → the `service.name` its spans carry, for a process running several services (the all-in-one)
   * so each one's spans show under its own name; spans of other tracers carry `serviceName`.
   */
  tracerServices?: Readonly<Record<string, string>>;
}

export interface Telemetry {
  /** Whether spans are recorded and exported; false means the API is a no-op that still propagates context. */
  readonly enabled: boolean;
  /** The service name spans carry (OTEL_SERVICE_NAME wins over the code's name). */
  readonly serviceName: string;
  /** The interpreted environment, including warnings about settings that were ignored. */
  readonly config: TracingConfig;
  tracer(name?: string, version?: string): Tracer;
  /** Exports every ended span now. */
  forceFlush(): Promise<void>;
  /** Flushes, stops exporting and releases the global registrations so a later setup can take them. */
  shutdown(): Promise<void>;
}

let installed = false;

export function setupTelemetry(options: TelemetryOptions): Telemetry {
  if (installed) {
    throw new Error('telemetry is already set up in this process; shut the previous setup down first');
  }
  const config = tracingConfigFromEnv(options.env ?? process.env);
  const serviceName = config.serviceName ?? options.serviceName;

  // Context and propagation are registered even when nothing is exported, so an incoming trace context still
  // flows through this service to the next one instead of being dropped.
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(
    new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
  );

  const exporter = options.exporter ?? exporterFor(config);
  const providers = new Map<string, TracerProvider>();
  let global: ApiTracerProvider | undefined;
  if (exporter !== undefined) {
    // One provider per service name (a resource is per provider), each with its own processor and exporter.
    const providerFor = (name: string): TracerProvider => {
      const known = providers.get(name);
      if (known !== undefined) return known;
      const out = providers.size === 0 ? exporter : (options.exporter ?? exporterFor(config) ?? exporter);
      const processor: SpanProcessor =
        options.processor === 'simple'
          ? new SimpleSpanProcessor({ exporter: out })
          : new BatchSpanProcessor({ exporter: out, ...config.batch });
      const provider = new TracerProvider({
        sampler: config.sampler,
        resource: defaultResource().merge(
          resourceFromAttributes({
            [ATTR_SERVICE_VERSION]: options.serviceVersion,
            ...config.resourceAttributes,
            // Set last: OTEL_SERVICE_NAME (or the code's name) beats service.name in OTEL_RESOURCE_ATTRIBUTES.
            [ATTR_SERVICE_NAME]: name,
          }),
        ),
        spanProcessors: [processor],
      });
      providers.set(name, provider);
      return provider;
    };
    const main = providerFor(serviceName);
    const byTracer = options.tracerServices;
    global =
      byTracer === undefined
        ? main
        : {
            getTracer: (name, version, o) =>
              (byTracer[name] === undefined ? main : providerFor(byTracer[name])).getTracer(name, version, o),
          };
    trace.setGlobalTracerProvider(global);
  }
  const all = () => [...providers.values()];
  installed = true;

  let shutDown: Promise<void> | undefined;
  return {
    enabled: global !== undefined,
    serviceName,
    config,
    tracer: (name = serviceName, version = options.serviceVersion) => trace.getTracer(name, version),
    forceFlush: async () => {
      await Promise.all(all().map((p) => p.forceFlush()));
    },
    shutdown: () => {
      shutDown ??= (async () => {
        try {
          await Promise.all(all().map((p) => p.shutdown()));
        } finally {
          trace.disable();
          propagation.disable();
          context.disable();
          installed = false;
        }
      })();
      return shutDown;
    },
  };
}

function exporterFor(config: TracingConfig): SpanExporter | undefined {
  switch (config.exporter) {
    case 'otlp':
      keepOtlpHttpImportLazy();
      return new OTLPTraceExporter({ url: config.otlpTracesUrl });
    case 'console':
      return new ConsoleSpanExporter();
    case 'none':
      return undefined;
  }
}
