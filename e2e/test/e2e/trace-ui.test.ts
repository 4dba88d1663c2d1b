// A person's view of a rollout's trace after `npm start`: the trace UI the launcher runs (packages/trace-ui,
// Zipkin Lens over the local Jaeger) opened in headless Chromium on the rollout of the docs CloneSet's image
// update. The page must show spans of every service the rollout went through; a screenshot is kept.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { eventually } from '@kruise-ts/devcluster';
import { docsCloneSet, patchCloneSet, startWholeSystem, type WholeSystem } from '@kruise-ts/launcher/testing';
import { type BrowserContext, chromium } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
// Services of the rollout trace as Jaeger names them (kube-apiserver reports itself as `apiserver`).
const SERVICES = ['watcher', 'cloneset-controller', 'webhook-server', 'apiserver'];

let whole: WholeSystem | undefined;
let browser: BrowserContext | undefined;
const profileDir = mkdtempSync(join(tmpdir(), 'kruise-ts-chromium-'));

before(async () => {
  whole = await startWholeSystem();
});
after(async () => {
  await browser?.close();
  rmSync(profileDir, { recursive: true, force: true });
  await whole?.stop();
});

interface ZipkinSpan {
  traceId: string;
  localEndpoint: { serviceName: string };
}

interface CloneSetStatus {
  status?: { observedGeneration?: number; readyReplicas?: number; updatedReadyReplicas?: number };
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

it('the rollout of the docs CloneSet opens in the trace UI with spans of every service', async () => {
  const s = (whole as WholeSystem).system;
  assert.ok(s.traceUi, `the launcher runs the trace UI (${s.traceUiError})`);
  const ui = s.traceUi;
  assert.match(ui.url, /^http:\/\/127\.0\.0\.1:\d+\/zipkin\/$/);
  const cloneSet = () =>
    JSON.parse(
      s.kubectl(['get', 'clonesets.v1beta1.apps.kruise.io', 'sample', '-n', 'default', '-o', 'json']),
    ) as CloneSetStatus;

  s.kubectl(['apply', '-f', '-'], docsCloneSet());
  await eventually('3 ready pods', async () => cloneSet().status?.readyReplicas === 3, { timeoutMs: 60_000 });
  patchCloneSet(s, [
    { op: 'replace', path: '/spec/template/spec/containers/0/image', value: 'nginx:1.23-alpine' },
  ]);
  await eventually(
    'the rollout of generation 2 done',
    async () => {
      const st = cloneSet().status;
      return st?.observedGeneration === 2 && st.updatedReadyReplicas === 3;
    },
    { timeoutMs: 90_000, intervalMs: 500 },
  );

  // Found the way Lens's search finds it: the Zipkin API of the trace UI, answered from Jaeger. Services export
  // in batches, so wait until the trace holds every service and stops growing.
  const api = new URL('api/v2/', ui.url);
  const search = new URL('traces', api);
  search.searchParams.set('serviceName', 'cloneset-controller');
  search.searchParams.set('spanName', 'sync cloneset');
  search.searchParams.set(
    'annotationQuery',
    'kruise.cloneset.namespace=default and kruise.cloneset.name=sample and kruise.cloneset.generation=2 ' +
      'and rollout complete',
  );
  search.searchParams.set('lookback', '3600000');
  search.searchParams.set('limit', '50');
  let lastCount = -1;
  const trace = await eventually(
    'the rollout trace complete in the trace UI API',
    async () => {
      const found = await getJson<ZipkinSpan[][]>(search.toString());
      assert.ok(found.length <= 1, `one rollout trace, got ${found.length}`);
      const t = found[0];
      if (t === undefined) return undefined;
      const spans = await getJson<ZipkinSpan[]>(new URL(`trace/${t[0]?.traceId}`, api).toString());
      const services = new Set(spans.map((x) => x.localEndpoint.serviceName));
      const settled = spans.length === lastCount && SERVICES.every((n) => services.has(n));
      lastCount = spans.length;
      return settled ? { id: spans[0]?.traceId as string, spans: spans.length, services } : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 2000 },
  );
  const services = await getJson<string[]>(new URL('services', api).toString());
  for (const n of SERVICES) assert.ok(services.includes(n), `${n} among ${services}`);

  browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1600, height: 1000 },
  });
  // Everything stays on 127.0.0.1: whatever the page would load from elsewhere is refused.
  const offHost: string[] = [];
  await browser.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1' || url.protocol === 'data:' || url.protocol === 'blob:') {
      return route.continue();
    }
    offHost.push(url.toString());
    return route.abort();
  });
  const page = browser.pages()[0] ?? (await browser.newPage());
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  // biome-ignore lint/performance/useDomNodeTextContent: what a person sees is the rendered text
  const shown = () => page.locator('body').innerText();
  // The search the README describes: Lens fills its criteria from the URL; running it lists the rollout's trace.
  const searchPage = new URL(ui.url);
  for (const k of ['serviceName', 'spanName', 'annotationQuery']) {
    searchPage.searchParams.set(k, search.searchParams.get(k) as string);
  }
  searchPage.searchParams.set('lookback', '1h');
  await page.goto(searchPage.toString(), { waitUntil: 'load', timeout: 30_000 });
  await page.getByRole('button', { name: /run query/i }).click({ timeout: 30_000 });
  await eventually(
    'the search listing the rollout trace',
    async () => {
      const listed = await shown();
      return /\b1 Result\b/.test(listed) && listed.includes('watcher: watcher publish CloneSet');
    },
    { timeoutMs: 30_000, intervalMs: 250 },
  );

  const traceUrl = ui.traceUrl(trace.id);
  const res = await page.goto(traceUrl, { waitUntil: 'load', timeout: 30_000 });
  assert.equal(res?.status(), 200, traceUrl);
  const shotDir = mkdtempSync(join(tmpdir(), 'kruise-ts-trace-ui-'));
  const shot = async (name: string) => {
    const path = join(shotDir, name);
    await page.screenshot({ path });
    return path;
  };
  try {
    await eventually(
      'the trace page showing its root span',
      async () => {
        const top = await shown();
        return (
          top.includes('watcher: watcher publish CloneSet') &&
          top.includes('cloneset-controller: sync cloneset')
        );
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
  } finally {
    console.log(
      `trace ${trace.id} (${trace.spans} spans) at ${traceUrl}; screenshot ${await shot('rollout-trace.png')}`,
    );
  }
  // Lens renders only the span rows in view: scroll the timeline as a person would, noting which services show.
  const seen = new Set<string>();
  const box = page.viewportSize() ?? { width: 1600, height: 1000 };
  await page.mouse.move(box.width / 3, box.height * 0.7);
  for (let step = 0; step < 80 && seen.size < SERVICES.length; step++) {
    const text = await shown();
    for (const n of SERVICES) if (text.includes(`${n}: `)) seen.add(n);
    if (seen.size === SERVICES.length) break;
    await page.mouse.wheel(0, 500);
    await page.waitForTimeout(100);
  }
  console.log(`after scrolling; screenshot ${await shot('rollout-trace-scrolled.png')}`);
  assert.deepEqual([...seen].sort(), [...SERVICES].sort(), 'the trace page shows spans of every service');
  const header = new RegExp(`Services\\s*${trace.services.size}\\s*Total Spans\\s*${trace.spans}`);
  assert.match(await shown(), header, 'the header counts what the API returned');
  assert.deepEqual(pageErrors, [], 'no script errors on the page');
  assert.deepEqual(offHost, [], 'the page asked for nothing off 127.0.0.1');
});
