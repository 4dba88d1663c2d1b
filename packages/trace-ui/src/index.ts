export type {
  JaegerKeyValue,
  JaegerSpan,
  JaegerTrace,
  ZipkinAnnotation,
  ZipkinEndpoint,
  ZipkinKind,
  ZipkinSpan,
} from './jaeger-to-zipkin.ts';
export { toZipkinSpan, toZipkinTrace } from './jaeger-to-zipkin.ts';
export { ensureLensAssets, lensAssetsDir } from './lens-assets.ts';
export type { TraceUi, TraceUiOptions } from './server.ts';
export { LENS_CONFIG, startTraceUi } from './server.ts';
export type { ZipkinTraceQuery } from './zipkin-query.ts';
export { jaegerSearchParams, matchesTraceQuery, parseTraceQuery } from './zipkin-query.ts';
