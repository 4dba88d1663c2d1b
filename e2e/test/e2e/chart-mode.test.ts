// The whole system under least privilege, as the Helm chart installs it (the launcher's chart mode): each
// service a local process with exactly the env its rendered Deployment has and a token of its own
// ServiceAccount, on three clustered nats-servers with the chart's per-service identities, TLS (nats.tls, a
// local CA) and streams at replicas 3. The docs scenarios of system.test.ts must all finish, and nobody may
// have been refused anything: a missing RBAC rule is a 403 in some service's log, a missing bus permission a
// violation in a nats-server's log; either fails this suite.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { binaryPaths, type Cluster, startCluster } from '@kruise-ts/devcluster';
import { type RunningSystem, startSystem } from '@kruise-ts/launcher';
import {
  advancedCronJobRuns,
  advancedStatefulSetScales,
  broadcastJobCompletes,
  cloneSetRolloutWithSidecarSet,
} from './support/system-scenarios.ts';

let cluster: Cluster | undefined;
let system: RunningSystem | undefined;

before(async () => {
  cluster = await startCluster();
  const t0 = Date.now();
  system = await startSystem(cluster, { mode: 'chart', chart: { natsTls: true } });
  console.log(`chart mode started in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
});
after(async () => {
  await system?.stop();
  await cluster?.stop();
});

const s = () => system as RunningSystem;

it('runs each service under a token of its own ServiceAccount, refused what its role does not allow', () => {
  const kubeconfig = join((cluster as Cluster).dir, 'chart-mode', 'watcher', 'kubeconfig');
  assert.doesNotMatch(
    readFileSync(kubeconfig, 'utf8'),
    /client-key-data/,
    'a token, not the admin certificate',
  );
  const asWatcher = (...args: string[]) =>
    spawnSync(binaryPaths().kubectl, ['--kubeconfig', kubeconfig, ...args], { encoding: 'utf8' });
  const whoami = asWatcher('auth', 'whoami', '-o', 'jsonpath={.status.userInfo.username}');
  assert.equal(whoami.stdout, 'system:serviceaccount:kruise-system:kruise-ts-watcher', whoami.stderr);
  const secrets = asWatcher('get', 'secrets', '-n', 'kruise-system');
  assert.notEqual(secrets.status, 0);
  assert.match(secrets.stderr, /forbidden/i);
});

it('streams and KV buckets are replicated on all three nats-servers', async () => {
  assert.equal(s().natsMonitorUrls.length, 3);
  const replicas = new Map<string, number | undefined>();
  let clusterSize: number | undefined;
  for (const monitor of s().natsMonitorUrls) {
    const jsz = (await (await fetch(`${monitor}/jsz?accounts=true&streams=true&config=true`)).json()) as {
      meta_cluster?: { cluster_size?: number };
      account_details?: { stream_detail?: { name: string; config?: { num_replicas?: number } }[] }[];
    };
    clusterSize ??= jsz.meta_cluster?.cluster_size;
    for (const st of (jsz.account_details ?? []).flatMap((a) => a.stream_detail ?? []))
      replicas.set(st.name, st.config?.num_replicas);
  }
  assert.equal(clusterSize, 3);
  const names = [...replicas.keys()].sort();
  for (const stream of ['KRUISE_EVENTS', 'KRUISE_OBJECTS', 'KV_kruise_leases'])
    assert.ok(replicas.has(stream), `${stream} declared (have ${names})`);
  for (const [name, r] of replicas) assert.equal(r, 3, name);
});

it('the docs CloneSet rolls out with the SidecarSet injected, as one trace', async () => {
  // The apiserver continues a caller's trace only for system:masters; for any other user (a ServiceAccount
  // here) it starts a trace of its own linked to the caller's (k8s.io/apiserver
  // pkg/endpoints/filters/traces.go: WithPublicEndpointFn(notSystemPrivilegedGroup)), and webhook calls follow
  // the apiserver's. Under least privilege the rollout's one trace is the bus's: watcher to controller.
  await cloneSetRolloutWithSidecarSet(s(), cluster as Cluster, {
    watcher: 'watcher',
    cloneSetController: 'cloneset-controller',
    services: ['watcher', 'cloneset-controller'],
  });
});

it('the docs Advanced StatefulSet runs and follows kubectl scale', async () => {
  await advancedStatefulSetScales(s());
});

it('the docs BroadcastJob completes on every node', async () => {
  await broadcastJobCompletes(s());
});

it('an AdvancedCronJob creates Jobs that complete', async () => {
  await advancedCronJobRuns(s());
});

it('no service was refused anything (no 403 / forbidden / permissions violation in any service log)', () => {
  const refused: string[] = [];
  for (const service of s().services) {
    const lines = readFileSync(service.logFile, 'utf8').split('\n');
    for (const line of lines) {
      if (/forbidden|\b403\b|permissions? violation/i.test(line))
        refused.push(`${service.name}: ${line.slice(0, 400)}`);
    }
  }
  assert.deepEqual(refused, [], `least privilege too small:\n${refused.slice(0, 20).join('\n')}`);
});

it('no service was refused anything on the bus (no violation in any nats-server log)', () => {
  const dir = join((cluster as Cluster).dir, 'chart-mode');
  const refused: string[] = [];
  for (const i of [0, 1, 2]) {
    const log = readFileSync(join(dir, `kruise-ts-nats-${i}.log`), 'utf8');
    assert.match(log, /TLS required for client connections/i, 'clients must speak TLS');
    for (const line of log.split('\n')) {
      if (/violation/i.test(line)) refused.push(`nats-${i}: ${line.slice(0, 400)}`);
    }
  }
  assert.deepEqual(refused, [], `bus permissions too small:\n${refused.slice(0, 20).join('\n')}`);
});
