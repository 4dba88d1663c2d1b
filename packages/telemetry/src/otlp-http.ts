// node:http's `request` and `Agent` for the OTLP exporter's `import("http")`, without an ES module namespace of
// node:http: building one reads every export, and the lazy WebSocket/CloseEvent/MessageEvent getters load Node's
// bundled undici (~8 MiB resident in every process that exports a span; docs/performance.md, "Idle memory").
// Services run from their sources get it through a resolve hook (otlp-http-module.ts), from their bundles
// through the bundler (deploy/src/bundles.ts).
const http = process.getBuiltinModule('node:http');

export const { request, Agent } = http;
export default http;
