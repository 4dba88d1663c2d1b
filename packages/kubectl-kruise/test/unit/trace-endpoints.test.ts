// Where `rollout why` finds Jaeger and the trace UI: flags, then the variables `npm start` prints, then the
// local cluster's directory (launcher.json while `npm start` runs, cluster.json for Jaeger).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import {
  kubeconfigPath,
  type LocalState,
  readLocalState,
  resolveTraceEndpoints,
} from '../../src/why/endpoints.ts';

const J_FLAG = 'http://127.0.0.1:1001';
const J_ENV = 'http://127.0.0.1:1002';
const J_LAUNCHER = 'http://127.0.0.1:1003';
const J_CLUSTER = 'http://127.0.0.1:1004';
const UI_FLAG = 'http://127.0.0.1:2001/zipkin/';
const UI_ENV = 'http://127.0.0.1:2002/zipkin/';
const UI_LAUNCHER = 'http://127.0.0.1:2003/zipkin/';

describe('resolveTraceEndpoints', () => {
  const full: LocalState = {
    cluster: { jaegerQueryUrl: J_CLUSTER },
    launcher: { jaegerQueryUrl: J_LAUNCHER, traceUiUrl: UI_LAUNCHER },
  };
  // biome-ignore format: one row per case
  const cases: Array<[string, Parameters<typeof resolveTraceEndpoints>[0], { jaegerUrl?: string; traceUiUrl?: string }]> = [
    ['flags win', { flags: { jaegerUrl: J_FLAG, traceUiUrl: UI_FLAG }, env: { KRUISE_TS_JAEGER_QUERY_URL: J_ENV, KRUISE_TS_TRACE_UI_URL: UI_ENV }, local: full }, { jaegerUrl: J_FLAG, traceUiUrl: UI_FLAG }],
    ['then the variables', { flags: {}, env: { KRUISE_TS_JAEGER_QUERY_URL: J_ENV, KRUISE_TS_TRACE_UI_URL: UI_ENV }, local: full }, { jaegerUrl: J_ENV, traceUiUrl: UI_ENV }],
    ['then the running launcher: the trace UI without any variable', { flags: {}, env: {}, local: full }, { jaegerUrl: J_LAUNCHER, traceUiUrl: UI_LAUNCHER }],
    ['a launcher without trace UI: Jaeger only', { flags: {}, env: {}, local: { launcher: { jaegerQueryUrl: J_LAUNCHER } } }, { jaegerUrl: J_LAUNCHER }],
    ['a bare cluster (npm run cluster): Jaeger from cluster.json', { flags: {}, env: {}, local: { cluster: { jaegerQueryUrl: J_CLUSTER } } }, { jaegerUrl: J_CLUSTER }],
    ['empty variables count as unset', { flags: {}, env: { KRUISE_TS_JAEGER_QUERY_URL: '', KRUISE_TS_TRACE_UI_URL: '' }, local: full }, { jaegerUrl: J_LAUNCHER, traceUiUrl: UI_LAUNCHER }],
    ['Jaeger from the flag, the trace UI from the launcher', { flags: { jaegerUrl: J_FLAG }, env: {}, local: full }, { jaegerUrl: J_FLAG, traceUiUrl: UI_LAUNCHER }],
    ['nothing known', { flags: {}, env: {}, local: {} }, {}],
  ];
  for (const [name, input, want] of cases) {
    it(name, () => assert.deepEqual(resolveTraceEndpoints(input), want));
  }
});

describe('kubeconfigPath (kubectl: --kubeconfig, KUBECONFIG first entry, ~/.kube/config)', () => {
  it('the flag', () => assert.equal(kubeconfigPath('/a/k', { KUBECONFIG: '/b/k' }), '/a/k'));
  it('the first of KUBECONFIG', () =>
    assert.equal(kubeconfigPath(undefined, { KUBECONFIG: '/b/k:/c/k' }), '/b/k'));
  it('the default', () =>
    assert.equal(kubeconfigPath(undefined, { HOME: '/home/u' }), '/home/u/.kube/config'));
});

describe('readLocalState', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kk-state-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const kubeconfig = join(dir, 'admin.kubeconfig');

  it('reads cluster.json and a live launcher.json next to the kubeconfig', () => {
    writeFileSync(join(dir, 'cluster.json'), JSON.stringify({ jaegerQueryUrl: J_CLUSTER, natsUrl: 'x' }));
    writeFileSync(
      join(dir, 'launcher.json'),
      JSON.stringify({ pid: process.pid, jaegerQueryUrl: J_LAUNCHER, traceUiUrl: UI_LAUNCHER }),
    );
    assert.deepEqual(readLocalState(kubeconfig), {
      cluster: { jaegerQueryUrl: J_CLUSTER },
      launcher: { jaegerQueryUrl: J_LAUNCHER, traceUiUrl: UI_LAUNCHER },
    });
  });

  it('ignores a launcher.json whose launcher is gone', () => {
    // Past the largest pid Linux hands out (4194304), so no process has it.
    writeFileSync(join(dir, 'launcher.json'), JSON.stringify({ pid: 99_999_999, traceUiUrl: UI_LAUNCHER }));
    assert.deepEqual(readLocalState(kubeconfig), { cluster: { jaegerQueryUrl: J_CLUSTER } });
  });

  it('nothing next to a kubeconfig elsewhere', () =>
    assert.deepEqual(readLocalState(join(dir, 'none', 'config')), {}));
});
