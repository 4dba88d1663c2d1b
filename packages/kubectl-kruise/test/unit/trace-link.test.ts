// Where `rollout why` points a person for the trace: the trace UI when it is known, else Jaeger.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { traceLink } from '../../src/commands/rollout-why.ts';

const ID = 'e68d2e4a5574aca21d09fd5d1777aebe';
const cases: [string, string | undefined, string][] = [
  ['no trace UI: Jaeger', undefined, `http://127.0.0.1:16686/trace/${ID}`],
  ['an empty setting: Jaeger', '', `http://127.0.0.1:16686/trace/${ID}`],
  ['the URL npm start prints', 'http://127.0.0.1:4000/zipkin/', `http://127.0.0.1:4000/zipkin/traces/${ID}`],
  ['without the trailing slash', 'http://127.0.0.1:4000/zipkin', `http://127.0.0.1:4000/zipkin/traces/${ID}`],
  ['the server root', 'http://127.0.0.1:4000', `http://127.0.0.1:4000/zipkin/traces/${ID}`],
];
for (const [name, ui, want] of cases) {
  it(name, () => assert.equal(traceLink('http://127.0.0.1:16686', ID, ui), want));
}
