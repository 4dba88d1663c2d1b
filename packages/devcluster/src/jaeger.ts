// Jaeger v2 (all-in-one, in-memory storage) with every listener on a free loopback port.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { binaryPaths } from './binaries.ts';
import { httpGet } from './http-probe.ts';
import { freePorts } from './ports.ts';
import { type ManagedProcess, startProcess, waitUntil } from './process.ts';

export interface Jaeger {
  /** Base URL of the query API, e.g. GET {queryUrl}/api/traces?service=... */
  queryUrl: string;
  /** host:port for OTLP over gRPC. */
  otlpGrpcEndpoint: string;
  /** http://host:port for OTLP over HTTP (append /v1/traces). */
  otlpHttpEndpoint: string;
  process: ManagedProcess;
  stop(): Promise<void>;
}

function config(p: {
  otlpGrpc: number;
  otlpHttp: number;
  query: number;
  queryGrpc: number;
  health: number;
}): string {
  // The default all-in-one config binds fixed ports on localhost; ours binds free ones on 127.0.0.1 only
  // and turns off the collector's own metrics listener.
  return `service:
  extensions: [jaeger_storage, jaeger_query, healthcheckv2]
  pipelines:
    traces:
      receivers: [otlp]
      processors: [batch]
      exporters: [jaeger_storage_exporter]
  telemetry:
    resource: {service.name: jaeger}
    metrics: {level: none}
    logs: {level: warn}
extensions:
  jaeger_storage:
    backends:
      memstore: {memory: {max_traces: 100000}}
  jaeger_query:
    storage: {traces: memstore}
    http: {endpoint: "127.0.0.1:${p.query}"}
    grpc: {endpoint: "127.0.0.1:${p.queryGrpc}"}
  healthcheckv2:
    use_v2: true
    http: {endpoint: "127.0.0.1:${p.health}"}
receivers:
  otlp:
    protocols:
      grpc: {endpoint: "127.0.0.1:${p.otlpGrpc}"}
      http: {endpoint: "127.0.0.1:${p.otlpHttp}"}
processors:
  batch: {}
exporters:
  jaeger_storage_exporter: {trace_storage: memstore}
`;
}

export async function startJaeger(dir: string): Promise<Jaeger> {
  const [otlpGrpc, otlpHttp, query, queryGrpc, health] = (await freePorts(5)) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const configFile = join(dir, 'jaeger.yaml');
  writeFileSync(configFile, config({ otlpGrpc, otlpHttp, query, queryGrpc, health }));
  const proc = startProcess('jaeger', binaryPaths().jaeger, ['--config', configFile], { dir });
  const queryUrl = `http://127.0.0.1:${query}`;
  await waitUntil(
    'jaeger query API',
    async () => (await httpGet(`${queryUrl}/api/services`)).status === 200,
    {
      timeoutMs: 60_000,
      proc,
    },
  );
  return {
    queryUrl,
    otlpGrpcEndpoint: `127.0.0.1:${otlpGrpc}`,
    otlpHttpEndpoint: `http://127.0.0.1:${otlpHttp}`,
    process: proc,
    stop: () => proc.stop(),
  };
}
