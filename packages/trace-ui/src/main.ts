// Standalone: `node packages/trace-ui/src/main.ts <jaeger query URL>` (else KRUISE_TS_JAEGER_QUERY_URL), for a
// cluster started with `npm run cluster -- up`; `npm start` runs the same server itself.
import { startTraceUi } from './server.ts';

const jaegerQueryUrl = process.argv[2] ?? process.env.KRUISE_TS_JAEGER_QUERY_URL;
if (jaegerQueryUrl === undefined || jaegerQueryUrl === '') {
  console.error('usage: main.ts <jaeger query URL> (or set KRUISE_TS_JAEGER_QUERY_URL)');
  process.exit(2);
}
const ui = await startTraceUi({ jaegerQueryUrl, port: Number(process.env.TRACE_UI_PORT ?? 0) });
console.log(`trace UI: ${ui.url}`);
const stop = () => void ui.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
