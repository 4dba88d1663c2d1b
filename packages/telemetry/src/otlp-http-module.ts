// The OTLP exporter's HTTP transport (@opentelemetry/otlp-exporter-base) loads node:http with `import("http")`
// when it first exports. An ES module namespace of node:http reads every export, and its lazy
// WebSocket/CloseEvent/MessageEvent getters load Node's bundled undici: ~8 MiB resident in every process that
// exports a span (docs/performance.md, "Idle memory"). This resolve hook hands that one import the same
// module object without a namespace of all of it; the exporter gets the very `request` and `Agent` it asked for.
import { registerHooks } from 'node:module';

const EXPORTER_BASE = '/@opentelemetry/otlp-exporter-base/';
const HTTP_EXPORTS =
  'data:text/javascript,const h=process.getBuiltinModule("node:http");export const{request,Agent}=h;export default h;';

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
