// The OTLP exporter's HTTP transport (@opentelemetry/otlp-exporter-base) loads node:http with `import("http")`
// when it first exports; an ES module namespace of node:http loads Node's bundled undici (otlp-http.ts says why
// that matters). This resolve hook hands that one import otlp-http.ts instead: the very `request` and `Agent` the
// exporter asked for. It applies when a service runs from its sources; a bundle has the same module inlined by
// the bundler (deploy/src/bundles.ts), where every import's parent is the bundle itself.
import { registerHooks } from 'node:module';

const EXPORTER_BASE = '/@opentelemetry/otlp-exporter-base/';
const HTTP_EXPORTS = new URL('./otlp-http.ts', import.meta.url).href;
let registered = false;

/** Once per process, before the exporter's first export. */
export function keepOtlpHttpImportLazy(): void {
  if (registered) return;
  registered = true;
  registerHooks({
    resolve(specifier, context, next) {
      if ((specifier === 'http' || specifier === 'node:http') && context.parentURL?.includes(EXPORTER_BASE)) {
        return { url: HTTP_EXPORTS, shortCircuit: true };
      }
      return next(specifier, context);
    },
  });
}
