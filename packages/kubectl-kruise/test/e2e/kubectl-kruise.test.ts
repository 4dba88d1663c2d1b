// The plugin as users run it (the bin shim, a real kubeconfig) against the whole system as `npm start` runs it
// (packages/launcher): the OpenKruise docs' CloneSet through status, pause/resume, history/undo, describe,
// scale --delete-pods and `rollout why` against the real Jaeger; an Advanced StatefulSet through status,
// pause/resume and history.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { eventually } from '@kruise-ts/devcluster';
import type { RunningSystem } from '@kruise-ts/launcher';
import { docsCloneSet, patchCloneSet, startWholeSystem, type WholeSystem } from '@kruise-ts/launcher/testing';
import type { JaegerTrace } from '../../src/why/critical-path.ts';

const here = dirname(fileURLToPath(import.meta.url));
const bin = join(here, '..', '..', 'bin', 'kubectl-kruise');

let whole: WholeSystem | undefined;

before(async () => {
  whole = await startWholeSystem();
});
after(async () => {
  await whole?.stop();
});

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the plugin the way a shell does; env without KUBECONFIG (unless given) so only --kubeconfig counts, and
 * without --kubeconfig when the env names the kubeconfig.
 */
function kk(args: string[], env: Record<string, string> = {}): Promise<Result> {
  const c = (whole as WholeSystem).cluster;
  return new Promise((resolve) => {
    execFile(
      bin,
      [...(env.KUBECONFIG === undefined ? ['--kubeconfig', c.kubeconfigPath] : []), ...args],
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, timeout: 150_000 },
      (err, stdout, stderr) => {
        const code = err === null ? 0 : typeof err.code === 'number' ? err.code : 1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/**
 * The spans `rollout why` reads (the rollout's roots, its `sync cloneset` spans, kube calls that were throttled),
 * for test/fixtures/rollout-trace.json: the whole trace is ~0.5 MB of apiserver and webhook spans.
 */
function trimTrace(t: JaegerTrace): JaegerTrace {
  const ids = new Set(t.spans.map((s) => s.spanID));
  const spans = t.spans.filter(
    (s) =>
      s.operationName === 'sync cloneset' ||
      !(s.references ?? []).some((r) => r.refType === 'CHILD_OF' && ids.has(r.spanID)) ||
      (s.logs ?? []).some((l) =>
        l.fields.some((f) => f.key === 'event' && f.value === 'client-side throttling'),
      ),
  );
  return { ...t, spans };
}

async function ok(args: string[], env?: Record<string, string>): Promise<string> {
  const r = await kk(args, env);
  assert.equal(r.code, 0, `kubectl-kruise ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  assert.equal(r.stderr, '', `kubectl-kruise ${args.join(' ')} wrote to stderr`);
  return r.stdout;
}

interface PodList {
  items: {
    metadata: { name: string; deletionTimestamp?: string };
    spec: { containers: { image: string }[] };
    status?: { phase?: string };
  }[];
}

function pods(s: RunningSystem): PodList['items'] {
  return (
    JSON.parse(s.kubectl(['get', 'pods', '-n', 'default', '-l', 'app=sample', '-o', 'json'])) as PodList
  ).items.filter((p) => p.metadata.deletionTimestamp === undefined);
}

it('CloneSet: status, pause/resume, history, rollout why, undo, describe and scale --delete-pods', async () => {
  const s = (whole as WholeSystem).system;
  const c = (whole as WholeSystem).cluster;
  s.kubectl(['apply', '-f', '-'], docsCloneSet());

  const first = await ok(['rollout', 'status', 'cloneset/sample', '--timeout', '90s']);
  assert.match(
    first,
    /CloneSet "sample" rolling update complete 3 pods at revision sample-[a-z0-9]+\.\.\.\n$/,
  );
  assert.match(
    await ok(['-n', 'default', 'rollout', 'history', 'clone/sample']),
    /^cloneset\.apps\.kruise\.io\/sample\nREVISION +CHANGE-CAUSE\n1 +<none>\n/,
  );

  // Paused: the template change is observed but no pod moves, and status says so until --timeout.
  assert.equal(await ok(['rollout', 'pause', 'cloneset/sample']), 'cloneset.apps.kruise.io/sample paused\n');
  const again = await kk(['rollout', 'pause', 'cloneset/sample']);
  assert.equal(again.code, 1);
  assert.equal(again.stderr, 'error: clonesets.apps.kruise.io "sample" is already paused\n');
  // A new image, and minReadySeconds so the rollout has waits to explain.
  patchCloneSet(s, [
    { op: 'replace', path: '/spec/template/spec/containers/0/image', value: 'nginx:1.23-alpine' },
    { op: 'add', path: '/spec/minReadySeconds', value: 2 },
  ]);
  await eventually(
    'the paused rollout observed',
    async () =>
      (await ok(['rollout', 'status', 'cloneset/sample', '--watch=false'])).includes('(rollout is paused)'),
    { timeoutMs: 30_000, intervalMs: 500 },
  );
  const timedOut = await kk(['rollout', 'status', 'cloneset/sample', '--timeout', '2s']);
  assert.equal(timedOut.code, 1);
  assert.match(timedOut.stdout, /0 out of 3 new replicas have been updated\.\.\. \(rollout is paused\)/);
  assert.equal(timedOut.stderr, 'error: timed out waiting for the condition\n');
  assert.deepEqual(new Set(pods(s).map((p) => p.spec.containers[0]?.image)), new Set(['nginx:1.22-alpine']));

  assert.equal(
    await ok(['rollout', 'resume', 'cloneset/sample']),
    'cloneset.apps.kruise.io/sample resumed\n',
  );
  const started = Date.now();
  const second = await ok(['rollout', 'status', 'cloneset/sample', '--timeout', '120s']);
  assert.match(second, /rolling update complete 3 pods at revision sample-[a-z0-9]+\.\.\.\n$/);
  assert.ok(second.split('\n').length > 2, `progress lines while waiting:\n${second}`);
  console.log(`the resumed rollout took ${Date.now() - started} ms as rollout status saw it`);
  assert.deepEqual(new Set(pods(s).map((p) => p.spec.containers[0]?.image)), new Set(['nginx:1.23-alpine']));

  const history = await ok(['rollout', 'history', 'cloneset/sample']);
  assert.match(history, /\n1 +<none>\n2 +<none>\n/);
  assert.match(
    await ok(['rollout', 'history', 'cloneset/sample', '--revision', '1']),
    /with revision #1\nPod Template:[\s\S]*Image:\tnginx:1\.22-alpine/,
  );
  const described = await ok(['describe', 'cloneset/sample']);
  assert.match(described, /^Name: +sample$/m);
  assert.match(
    described,
    /\n {2}2 +sample-[a-z0-9]+ +3 +3 +update,current\n {2}1 +sample-[a-z0-9]+ +0 +0 +-/,
  );

  // rollout why: the rollout of generation 3 (pause, then the template change) read from Jaeger.
  const cs = JSON.parse(
    s.kubectl(['get', 'clonesets.apps.kruise.io', 'sample', '-n', 'default', '-o', 'json']),
  ) as {
    metadata: { generation: number };
  };
  const why = await eventually(
    'rollout why reads a complete rollout',
    async () => {
      const r = await kk(['rollout', 'why', 'cloneset/sample'], {
        KRUISE_TS_JAEGER_QUERY_URL: c.jaegerQueryUrl,
      });
      return r.code === 0 && r.stdout.includes('rollout complete in') ? r.stdout : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 2000 },
  );
  console.log(why);
  assert.match(
    why,
    new RegExp(`^CloneSet default/sample generation ${cs.metadata.generation}: rollout complete in`),
  );
  // The launcher runs the trace UI on this cluster (launcher.json next to the kubeconfig): the link goes there
  // by itself; without it (its jar could not be fetched), to Jaeger.
  const ui = s.traceUi?.url;
  const linkPattern =
    ui === undefined ? `${c.jaegerQueryUrl.replace(/\/$/, '')}/trace/` : `${ui.replace(/\/$/, '')}/traces/`;
  assert.match(why, new RegExp(`Trace: ${linkPattern}[0-9a-f]{32}\n`));
  assert.match(
    why,
    /Critical path \(what the rollout waited on, in order\):\n {2}AT +WAITED +POD +WAITING FOR\n/,
  );
  assert.match(why, /sample-[a-z0-9]+ +WaitingForMinReadySeconds/);
  assert.match(why, /Client-side throttling: /);
  if (process.env.KUBECTL_KRUISE_CAPTURE_TRACE === '1') {
    const traceId = /\/traces?\/([0-9a-f]{32})/.exec(why)?.[1] as string;
    const raw = (await (await fetch(new URL(`/api/traces/${traceId}`, c.jaegerQueryUrl))).json()) as {
      data: JaegerTrace[];
    };
    writeFileSync(
      join(here, '..', 'fixtures', 'rollout-trace.json'),
      `${JSON.stringify(trimTrace(raw.data[0] as JaegerTrace))}\n`,
    );
  }
  // Only the kubeconfig `npm start` prints, nothing else exported: Jaeger and the trace UI come from the cluster
  // directory, and the link opens (the trace UI serves Lens's page and the trace through its Zipkin API).
  const bare = await ok(['rollout', 'why', 'cloneset/sample'], { KUBECONFIG: c.kubeconfigPath });
  const link = new RegExp(`Trace: (${linkPattern}([0-9a-f]{32}))\n`).exec(bare);
  assert.ok(link, `rollout why with only KUBECONFIG links the trace:\n${bare}`);
  assert.equal((await fetch(link[1] as string)).status, 200, `${link[1]} opens`);
  if (ui !== undefined) {
    const spans = (await (await fetch(new URL(`api/v2/trace/${link[2]}`, ui))).json()) as unknown[];
    assert.ok(spans.length > 0, 'the trace UI serves the linked trace');
  }
  const asJson = JSON.parse(
    await ok(['rollout', 'why', 'cloneset/sample', '--jaeger-url', c.jaegerQueryUrl, '-o', 'json']),
  ) as { complete: boolean; criticalPath: unknown[] };
  assert.equal(asJson.complete, true);
  assert.ok(asJson.criticalPath.length > 0);

  // undo: back to revision 1's template; Kruise renumbers the reused revision to 3.
  assert.equal(
    await ok(['rollout', 'undo', 'cloneset/sample']),
    'cloneset.apps.kruise.io/sample rolled back\n',
  );
  await ok(['rollout', 'status', 'cloneset/sample', '--timeout', '120s']);
  assert.deepEqual(new Set(pods(s).map((p) => p.spec.containers[0]?.image)), new Set(['nginx:1.22-alpine']));
  await eventually(
    'the reused revision renumbered',
    async () => /\n2 +<none>\n3 +<none>\n/.test(await ok(['rollout', 'history', 'cloneset/sample'])),
    { timeoutMs: 30_000, intervalMs: 500 },
  );
  assert.match(
    await ok(['rollout', 'undo', 'cloneset/sample', '--to-revision', '3']),
    /^cloneset\.apps\.kruise\.io\/sample skipped rollback \(current template already matches revision 3\)\n$/,
  );

  // scale --delete-pods: exactly that pod goes, and with --replicas 2 nothing replaces it.
  const victim = pods(s)[0]?.metadata.name as string;
  assert.equal(
    await ok(['scale', '--delete-pods', victim, '--replicas', '2', 'cloneset/sample']),
    'cloneset.apps.kruise.io/sample scaled\n',
  );
  await eventually(
    `${victim} deleted and 2 pods left`,
    async () => {
      const names = pods(s).map((p) => p.metadata.name);
      return names.length === 2 && !names.includes(victim);
    },
    { timeoutMs: 60_000, intervalMs: 500 },
  );
  await ok(['rollout', 'status', 'cloneset/sample', '--timeout', '60s']);

  // kubeconfig from KUBECONFIG; -n and --context as kubectl takes them.
  assert.match(
    await ok(['rollout', 'status', 'clone/sample', '--watch=false'], { KUBECONFIG: c.kubeconfigPath }),
    /rolling update complete 2 pods/,
  );
  const elsewhere = await kk(['-n', 'kube-system', 'describe', 'cloneset/sample']);
  assert.equal(elsewhere.code, 1);
  assert.match(elsewhere.stderr, /^Error from server \(NotFound\): .*"sample" not found\n$/);
  const noContext = await kk(['--context', 'nope', 'rollout', 'status', 'cloneset/sample']);
  assert.equal(noContext.code, 1);
  assert.equal(noContext.stderr, 'error: context was not found for specified context: nope\n');

  const missing = await kk(['rollout', 'status', 'cloneset/nope']);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /^Error from server \(NotFound\): .*"nope" not found\n$/);
});

const advancedStatefulSet = `
apiVersion: apps.kruise.io/v1beta1
kind: StatefulSet
metadata:
  name: web
  namespace: default
spec:
  replicas: 2
  serviceName: web
  podManagementPolicy: Parallel
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.22-alpine
`;

it('Advanced StatefulSet: status, pause/resume and history', async () => {
  const s = (whole as WholeSystem).system;
  s.kubectl(['apply', '-f', '-'], advancedStatefulSet);
  assert.match(
    await ok(['rollout', 'status', 'asts/web', '--timeout', '90s']),
    /Advanced StatefulSet "web" rolling update complete 2 pods at revision web-[a-z0-9]+\.\.\.\n$/,
  );
  assert.equal(
    await ok(['rollout', 'pause', 'statefulset.apps.kruise.io/web']),
    'statefulset.apps.kruise.io/web paused\n',
  );
  const paused = JSON.parse(await ok(['rollout', 'resume', 'asts/web', '-o', 'json'])) as {
    spec: { updateStrategy?: { rollingUpdate?: { paused?: boolean } } };
  };
  assert.equal(paused.spec.updateStrategy?.rollingUpdate?.paused, false);
  assert.match(await ok(['rollout', 'history', 'asts/web']), /REVISION +CHANGE-CAUSE\n1 +<none>\n/);
});
