// Fault scenarios against the real cluster and the whole system (packages/launcher): each one injects a
// failure while workloads change, watches every pod/PVC event with the invariant checker, and checks the final
// state exactly. Scenario numbers follow issue #12.

import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { connectBus, objectStorageFromEnv, partitionOf, topology } from '@kruise-ts/bus';
import { type Cluster, eventually } from '@kruise-ts/devcluster';
import { type RunningSystem, startSystem } from '@kruise-ts/launcher';
import { KubeConfig, type KubernetesObject, Watch } from '@kubernetes/client-node';
import { openLeaseProbe } from './failover.ts';
import { InvariantChecker, type InvariantSpec, type ObservedEvent, type Violation } from './invariants.ts';
import { startLabelStorm } from './label-storm.ts';

export interface ScenarioResult {
  violations: Violation[];
  /** Recovery time measured by the scenario (ms): until the rollout completed again. */
  recoveryMs?: number;
  /** Failover (ms): until every lease the failed process held had another holder (the worst one of the run). */
  failoverMs?: number;
}

export interface ScenarioContext {
  cluster: Cluster;
  /** The running system; a scenario may stop and restart it (`ctx.system = await ...`). */
  system: RunningSystem;
  /** A namespace of its own for this run. */
  namespace: string;
  /** How long scenario 5 keeps nats-server down. */
  natsOutageMs: number;
  log(message: string): void;
}

export interface Scenario {
  id: string;
  title: string;
  run(ctx: ScenarioContext): Promise<ScenarioResult>;
}

const json = <T>(system: RunningSystem, args: string[]): T =>
  JSON.parse(system.kubectl([...args, '-o', 'json'])) as T;

interface CloneSetJson {
  metadata: { generation: number };
  spec: { replicas: number };
  status?: {
    observedGeneration?: number;
    replicas?: number;
    updatedReplicas?: number;
    updatedReadyReplicas?: number;
    readyReplicas?: number;
    updateRevision?: string;
  };
}

interface PodJson {
  metadata: { name: string; labels?: Record<string, string>; deletionTimestamp?: string };
  spec: { containers: { image: string }[] };
}

/** Watches pods and PVCs of a namespace into an invariant checker; the list at start is the baseline. */
export async function watchNamespace(
  kubeconfigPath: string,
  namespace: string,
  spec: InvariantSpec,
): Promise<{ checker: InvariantChecker; stop(): void }> {
  const kc = new KubeConfig();
  kc.loadFromFile(kubeconfigPath);
  const checker = new InvariantChecker(spec);
  const started = Date.now();
  const watch = new Watch(kc);
  const aborts: AbortController[] = [];
  const initial: ObservedEvent[] = [];
  let primed = false;
  let stopped = false;
  // The apiserver closes a watch whose reader falls behind (this thread blocks in synchronous kubectl calls
  // while a storm of pod patches streams in), and watches end on their own timeout too: each one resumes from
  // the last resourceVersion it delivered, as an informer would. A resume refused as too old means events were
  // lost, which makes the run fail rather than pass on a partial history.
  const follow = (path: string, kind: ObservedEvent['kind'], onInitialEnd: () => void, from?: string) => {
    let last = from;
    const options =
      from === undefined
        ? { allowWatchBookmarks: true, sendInitialEvents: true, resourceVersionMatch: 'NotOlderThan' }
        : { allowWatchBookmarks: true, resourceVersion: from };
    void watch
      .watch(
        path,
        options,
        (
          type: string,
          object: KubernetesObject & { metadata?: { annotations?: Record<string, string> } },
        ) => {
          if (object.metadata?.resourceVersion) last = object.metadata.resourceVersion;
          if (type === 'BOOKMARK') {
            if (object.metadata?.annotations?.['k8s.io/initial-events-end'] === 'true') onInitialEnd();
            return;
          }
          if (type === 'ERROR') {
            if (!stopped) giveUp(`${kind} watch: ${JSON.stringify(object).slice(0, 300)}`);
            return;
          }
          const event: ObservedEvent = {
            type: type as ObservedEvent['type'],
            kind,
            object: object as ObservedEvent['object'],
            at: Date.now() - started,
          };
          if (!primed) initial.push(event);
          else checker.observe(event);
        },
        () => {
          onInitialEnd();
          if (stopped || gaveUp) return;
          follow(path, kind, () => {}, last);
        },
      )
      .then((controller) => aborts.push(controller))
      .catch((err: unknown) => {
        if (!stopped) giveUp(`${kind} watch could not resume: ${String(err)}`);
      });
  };
  let gaveUp = false;
  const giveUp = (detail: string) => {
    gaveUp = true;
    checker.eventsLost(detail);
  };
  for (const [path, kind] of [
    [`/api/v1/namespaces/${namespace}/pods`, 'Pod'],
    [`/api/v1/namespaces/${namespace}/persistentvolumeclaims`, 'PersistentVolumeClaim'],
  ] as const) {
    await new Promise<void>((resolve) => follow(path, kind, resolve));
  }
  checker.prime(initial);
  primed = true;
  const stop = () => {
    stopped = true;
    for (const a of aborts) a.abort();
    openWatches.delete(stop);
  };
  openWatches.add(stop);
  return { checker, stop };
}

/** Every namespace watch not stopped yet: a run that threw or timed out left its own open. */
const openWatches = new Set<() => void>();

/** Stops the watches a run left open (a run stops its own on success; a throw skips that). */
export function stopOpenWatches(): void {
  for (const stop of [...openWatches]) stop();
}

function cloneSetYaml(
  namespace: string,
  o: { replicas: number; image: string; partition?: number; pvc?: boolean },
) {
  return JSON.stringify({
    apiVersion: 'apps.kruise.io/v1alpha1',
    kind: 'CloneSet',
    metadata: { name: 'web', namespace },
    spec: {
      replicas: o.replicas,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: {
          // Unbound PVCs keep the scheduler off (the local cluster has no volume provisioner): place pods directly.
          ...(o.pvc ? { nodeName: 'kwok-node-0' } : {}),
          containers: [
            {
              name: 'main',
              image: o.image,
              ...(o.pvc ? { volumeMounts: [{ name: 'data', mountPath: '/data' }] } : {}),
            },
          ],
        },
      },
      ...(o.pvc
        ? {
            volumeClaimTemplates: [
              {
                metadata: { name: 'data' },
                spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
              },
            ],
          }
        : {}),
      updateStrategy: {
        type: 'InPlaceIfPossible',
        maxSurge: 1,
        maxUnavailable: 1,
        partition: o.partition ?? 0,
      },
    },
  });
}

/** Applies the scenario's CloneSet `web` (with PVCs when `pvc`) in the scenario's namespace. */
function applyCloneSet(ctx: ScenarioContext, o: Parameters<typeof cloneSetYaml>[1]): void {
  ctx.system.kubectl(['apply', '-f', '-'], cloneSetYaml(ctx.namespace, o));
}

/** SIGTERM to a replica added by a scenario, resolving once its process is gone (bounded: then SIGKILL). */
async function stopReplica(ctx: ScenarioContext, name: string): Promise<void> {
  const pid = ctx.system.services.find((s) => s.name === name)?.pid ?? -1;
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  ctx.system.signal(name, 'SIGTERM');
  const deadline = Date.now() + 20_000;
  while (alive() && Date.now() < deadline) await sleep(100);
  if (alive()) ctx.system.signal(name, 'SIGKILL');
}

/** The scenario's namespace with `replicas` pods of `web` on nginx:1 (with PVCs), rolled out. */
async function startCloneSet(ctx: ScenarioContext, replicas: number): Promise<void> {
  ctx.system.kubectl(['create', 'namespace', ctx.namespace]);
  applyCloneSet(ctx, { replicas, image: 'nginx:1', pvc: true });
  await awaitRollout(ctx.system, ctx.namespace, replicas);
}

/** Waits until the CloneSet observed its spec and `updated` pods run the update revision, all ready. */
async function awaitRollout(system: RunningSystem, namespace: string, updated: number, timeoutMs = 120_000) {
  await eventually(
    `CloneSet ${namespace}/web: ${updated} updated and ready`,
    async () => {
      const cs = json<CloneSetJson>(system, ['get', 'clonesets.apps.kruise.io', 'web', '-n', namespace]);
      const s = cs.status;
      return (
        s !== undefined &&
        s.observedGeneration === cs.metadata.generation &&
        s.updatedReadyReplicas === updated &&
        s.replicas === cs.spec.replicas &&
        s.readyReplicas === cs.spec.replicas
      );
    },
    { timeoutMs, intervalMs: 500 },
  );
}

/** Exactly `pods` pods, none terminating (a surge pod's deletion finished). */
async function awaitSettled(system: RunningSystem, namespace: string, pods: number) {
  await eventually(
    `${pods} pods in ${namespace}, none terminating`,
    async () => {
      const items = json<{ items: PodJson[] }>(system, ['get', 'pods', '-n', namespace]).items;
      return items.length === pods && items.every((p) => p.metadata.deletionTimestamp === undefined);
    },
    { timeoutMs: 60_000, intervalMs: 500 },
  );
}

/**
 * Final state exact once the system settled: polled for up to FINAL_SETTLE_MS after the rollout completed,
 * because the last PVC clean-up may come one reconcile after the status says done (a retry backing off over
 * an apiserver restart); whatever is still wrong after that is a violation.
 */
const FINAL_SETTLE_MS = 45_000;
async function finalState(
  system: RunningSystem,
  namespace: string,
  replicas: number,
  image: string,
  pvcs: boolean,
): Promise<Violation[]> {
  const deadline = Date.now() + FINAL_SETTLE_MS;
  for (;;) {
    const found = finalStateNow(system, namespace, replicas, image, pvcs);
    if (found.length === 0 || Date.now() >= deadline) return found;
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

/** Exactly `replicas` live pods on `image`, and (with PVCs) one PVC per pod, right now. */
function finalStateNow(
  system: RunningSystem,
  namespace: string,
  replicas: number,
  image: string,
  pvcs: boolean,
): Violation[] {
  const pods = json<{ items: PodJson[] }>(system, ['get', 'pods', '-n', namespace]).items.filter(
    (p) => p.metadata.deletionTimestamp === undefined,
  );
  const out: Violation[] = [];
  if (pods.length !== replicas)
    out.push({ rule: 'too-many-pods', at: -1, detail: `final: ${pods.length} pods, want ${replicas}` });
  const stale = pods.filter((p) => p.spec.containers[0]?.image !== image);
  if (stale.length > 0)
    out.push({ rule: 'pod-deleted', at: -1, detail: `final: ${stale.length} pods not on ${image}` });
  if (pvcs) {
    const claims = json<{
      items: {
        metadata: {
          name: string;
          creationTimestamp?: string;
          deletionTimestamp?: string;
          finalizers?: string[];
          ownerReferences?: { kind: string; name: string }[];
        };
      }[];
    }>(system, ['get', 'pvc', '-n', namespace]).items;
    if (claims.length !== replicas) {
      // Which ones, and whether a finalizer holds a deleted one back: the report must say who is stuck.
      const names = claims
        .map(
          (c) =>
            `${c.metadata.name} (created ${c.metadata.creationTimestamp ?? '?'})` +
            `${c.metadata.deletionTimestamp ? ` (terminating: ${c.metadata.finalizers?.join(',') ?? ''})` : ''}` +
            ` [owner ${(c.metadata.ownerReferences ?? []).map((r) => `${r.kind}/${r.name}`).join(',') || 'none'}]`,
        )
        .join(', ');
      out.push({
        rule: 'pvc-churn',
        at: -1,
        detail: `final: ${claims.length} PVCs, want ${replicas}: ${names}; pods ${pods.map((p) => p.metadata.name).join(', ')}`,
      });
    }
  }
  return out;
}

/** Removes every stream and bucket: the next start is on a fresh bus, as when migrating from OpenKruise. */
async function wipeBus(natsUrl: string): Promise<void> {
  const bus = await connectBus({
    servers: natsUrl,
    topology: topology({ partitions: 1 }),
    publisherId: 'faults',
  });
  try {
    for await (const name of bus.jsm.streams.names()) await bus.jsm.streams.delete(name);
  } finally {
    await bus.close();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * After the object stream was lost (a wiped store; a nats-server restarted with it in memory), every service that
 * read objects from it fails its liveness (docs/adr/0038-object-stream-replaced.md); cert-manager reads none, and
 * a service started since (`startedSince`) read only the new stream. Waits for those verdicts, then restarts the
 * services that are not live, as the kubelet would. Replicas an earlier scenario added (`<name>#2`) may be
 * stopped by now: only a live one counts, restarted if not live.
 */
async function restartReadersOfLostStream(
  ctx: ScenarioContext,
  startedSince: readonly string[],
): Promise<void> {
  const expected = ctx.system.services
    .map((s) => s.name)
    .filter((n) => n !== 'cert-manager' && !n.includes('#') && !startedSince.includes(n));
  const notLive = new Set<string>();
  await eventually(
    'every service reading objects to fail its liveness',
    async () => {
      for (const s of ctx.system.services) {
        const live = await fetch(`${s.healthUrl}/livez`).then(
          (r) => r.ok,
          () => true, // unreachable is not a verdict
        );
        if (!live) notLive.add(s.name);
      }
      return expected.every((n) => notLive.has(n));
    },
    { timeoutMs: 60_000, intervalMs: 500 },
  );
  ctx.log(
    `not live with the object stream lost: ${[...notLive].join(', ')}; restarting them as Kubernetes would`,
  );
  for (const name of notLive) await ctx.system.restart(name);
}

/** A violation named by the phase of the scenario it was seen in. */
const tag = (phase: string) => (v: Violation) => ({ ...v, detail: `${phase}: ${v.detail}` });

/** A SidecarSet injecting one `sidecar` container into pods labelled `fault-sidecar=<value>`. */
function sidecarSetYaml(name: string, value: string) {
  return JSON.stringify({
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'SidecarSet',
    metadata: { name },
    spec: {
      selector: { matchLabels: { 'fault-sidecar': value } },
      containers: [{ name: 'sidecar', image: 'busybox:1' }],
    },
  });
}

function barePodYaml(namespace: string, name: string, sidecarValue: string) {
  return JSON.stringify({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace, labels: { 'fault-sidecar': sidecarValue } },
    spec: { containers: [{ name: 'app', image: 'nginx:1' }] },
  });
}

/** The service (launcher name) whose process holds `key`, among `names`. */
function serviceHolding(system: RunningSystem, holder: string | undefined, names: readonly string[]) {
  return names.find((n) => {
    const pid = system.services.find((s) => s.name === n)?.pid;
    return pid !== undefined && holder?.endsWith(`-${pid}`) === true;
  });
}

export const scenarios: Scenario[] = [
  {
    id: '1-migration',
    title: 'CloneSet (PVCs, partition, mid-rollout) left by another controller; whole system on a fresh bus',
    async run(ctx) {
      const { namespace } = ctx;
      ctx.system.kubectl(['create', 'namespace', namespace]);
      // What OpenKruise would have left: a CloneSet mid-rollout (partition 2 of 3 keeps two pods old).
      applyCloneSet(ctx, { replicas: 3, image: 'nginx:1', pvc: true });
      await awaitRollout(ctx.system, namespace, 3);
      applyCloneSet(ctx, { replicas: 3, image: 'nginx:2', pvc: true, partition: 2 });
      await awaitRollout(ctx.system, namespace, 1);
      await awaitSettled(ctx.system, namespace, 3);
      await ctx.system.stop();
      await wipeBus(ctx.cluster.natsUrl);
      const watching = await watchNamespace(ctx.cluster.kubeconfigPath, namespace, {
        maxPods: 4,
        noPodCreates: true,
        noPodDeletes: true,
        noPvcChurn: true,
      });
      const startedAt = Date.now();
      ctx.system = await startSystem(ctx.cluster);
      const recoveryMs = Date.now() - startedAt;
      // Long enough for every partition to be taken and reconciled more than once.
      await sleep(15_000);
      const migrated = [...watching.checker.violations];
      watching.stop();
      // Then the spec changes: the rollout completes under the normal rules.
      const rolling = await watchNamespace(ctx.cluster.kubeconfigPath, namespace, { maxPods: 4, minPods: 2 });
      applyCloneSet(ctx, { replicas: 3, image: 'nginx:2', pvc: true, partition: 0 });
      await awaitRollout(ctx.system, namespace, 3);
      rolling.stop();
      return {
        violations: [
          ...migrated.map(tag('before any spec change')),
          ...rolling.checker.violations.map(tag('rollout')),
          ...(await finalState(ctx.system, namespace, 3, 'nginx:2', true)),
        ],
        recoveryMs,
      };
    },
  },
  {
    id: '4-kill-9',
    title:
      'kill -9 of each service mid-rollout, restarted at once; every lease-holding service has a standby replica',
    async run(ctx) {
      const { namespace } = ctx;
      await startCloneSet(ctx, 4);
      const probe = await openLeaseProbe(ctx.cluster.natsUrl);
      const pidOf = (name: string) => ctx.system.services.find((s) => s.name === name)?.pid ?? -1;
      const services = ctx.system.services.map((s) => s.name).filter((n) => !n.includes('#'));
      // A second replica of every service that holds leases, as a highly available install runs them: failover is
      // the time until that live replica holds what the killed one held (with a single replica it would be the
      // restart itself, which in a cluster includes the kubelet's restart back-off).
      const holding: string[] = [];
      for (const service of services)
        if ((await probe.heldBy(pidOf(service))).length > 0) holding.push(service);
      const standbys = await Promise.all(holding.map((service) => ctx.system.addReplica(service)));
      let image = 'nginx:1';
      let worst = 0;
      let worstFailover = 0;
      try {
        await sleep(6_000); // each pair splits its partitions
        const watching = await watchNamespace(ctx.cluster.kubeconfigPath, namespace, {
          maxPods: 5,
          minPods: 3,
        });
        for (const [i, service] of services.entries()) {
          image = `nginx:${i + 2}`;
          applyCloneSet(ctx, { replicas: 4, image, pvc: true });
          await sleep(300);
          // Of the service's two processes, the one holding more leases (a leader lease may sit with either).
          let target = service;
          let leases = await probe.heldBy(pidOf(service));
          const standby = standbys[holding.indexOf(service)];
          if (standby !== undefined) {
            const its = await probe.heldBy(pidOf(standby));
            if (its.length > leases.length) [target, leases] = [standby, its];
          }
          const pid = pidOf(target);
          ctx.system.signal(target, 'SIGKILL');
          const killedAt = Date.now();
          const restarted = ctx.system.restart(target).then(() => Date.now() - killedAt);
          // A service holding leases fails over when they move; one holding none when it is healthy again.
          const failoverMs =
            leases.length > 0 ? await probe.awaitTakenOver(leases, pid, killedAt) : await restarted;
          const restartMs = await restarted;
          await awaitRollout(ctx.system, namespace, 4);
          const recoveryMs = Date.now() - killedAt;
          ctx.log(
            `kill -9 ${target}: failover ${failoverMs} ms (${leases.length} leases; process healthy again after ${restartMs} ms), rollout done after ${recoveryMs} ms`,
          );
          worst = Math.max(worst, recoveryMs);
          worstFailover = Math.max(worstFailover, failoverMs);
        }
        watching.stop();
        return {
          violations: [
            ...watching.checker.violations,
            ...(await finalState(ctx.system, namespace, 4, image, true)),
          ],
          recoveryMs: worst,
          failoverMs: worstFailover,
        };
      } finally {
        await probe.close();
        await Promise.all(standbys.map((standby) => stopReplica(ctx, standby)));
      }
    },
  },
  {
    id: '3-frozen-owner',
    title: 'a cloneset-controller replica SIGSTOPped past its lease mid-rollout; a second replica takes over',
    async run(ctx) {
      const { namespace } = ctx;
      await startCloneSet(ctx, 4);
      const successor = await ctx.system.addReplica('cloneset-controller');
      try {
        await sleep(6_000); // the two replicas split the partitions
        const watching = await watchNamespace(ctx.cluster.kubeconfigPath, namespace, {
          maxPods: 5,
          minPods: 3,
        });
        applyCloneSet(ctx, { replicas: 4, image: 'nginx:2', pvc: true });
        await sleep(200);
        const pid = ctx.system.services.find((s) => s.name === 'cloneset-controller')?.pid ?? -1;
        const probe = await openLeaseProbe(ctx.cluster.natsUrl);
        const leases = (await probe.heldBy(pid)).filter((k) => k.startsWith('cloneset.'));
        ctx.system.signal('cloneset-controller', 'SIGSTOP');
        const frozenAt = Date.now();
        let recoveryMs: number;
        let failoverMs: number | undefined;
        try {
          failoverMs = leases.length > 0 ? await probe.awaitTakenOver(leases, pid, frozenAt) : undefined;
          await awaitRollout(ctx.system, namespace, 4);
          recoveryMs = Date.now() - frozenAt;
          ctx.log(
            `SIGSTOP cloneset-controller: failover ${failoverMs} ms, rollout done after ${recoveryMs} ms`,
          );
          // Frozen for longer than its lease (15 s by default) whatever the rollout took.
          await sleep(Math.max(0, 20_000 - recoveryMs));
        } finally {
          ctx.system.signal('cloneset-controller', 'SIGCONT');
          ctx.log(`SIGCONT cloneset-controller (frozen at ${new Date(frozenAt).toISOString()})`);
          await probe.close();
        }
        await sleep(5_000); // the thawed replica must find itself fenced out, not write
        await awaitRollout(ctx.system, namespace, 4);
        watching.stop();
        return {
          violations: [
            ...watching.checker.violations,
            ...(await finalState(ctx.system, namespace, 4, 'nginx:2', true)),
          ],
          recoveryMs,
          ...(failoverMs === undefined ? {} : { failoverMs }),
        };
      } finally {
        ctx.system.signal(successor, 'SIGTERM');
      }
    },
  },
  {
    id: '2-frozen-watcher-takeover',
    title:
      'watcher SIGSTOPped while the owning cloneset-controller is SIGKILLed mid-scale-up; a replica takes over',
    async run(ctx) {
      const { namespace } = ctx;
      await startCloneSet(ctx, 2);
      const replica = await ctx.system.addReplica('cloneset-controller');
      const names = ['cloneset-controller', replica];
      const probe = await openLeaseProbe(ctx.cluster.natsUrl);
      let frozen = false;
      try {
        // The namespace's partition lease, once the two replicas split the partitions.
        let key = '';
        await eventually(
          'two cloneset-controller replicas sharing the partitions',
          async () => {
            const leases = [...(await probe.leases())].filter(([k]) => k.startsWith('cloneset.partitions.'));
            const holders = new Set(leases.map(([, h]) => serviceHolding(ctx.system, h, names)));
            key = `cloneset.partitions.${partitionOf(namespace, leases.length)}`;
            // The namespace's own partition held too: while the replicas rebalance, a partition is briefly unheld.
            const held = serviceHolding(ctx.system, leases.find(([k]) => k === key)?.[1], names);
            return holders.has(names[0]) && holders.has(names[1]) && held !== undefined;
          },
          { timeoutMs: 60_000, intervalMs: 500 },
        );
        const owner = serviceHolding(ctx.system, (await probe.leases()).get(key), names);
        if (owner === undefined) throw new Error(`no replica holds ${key}`);
        const ownerPid = ctx.system.services.find((s) => s.name === owner)?.pid ?? -1;
        const watching = await watchNamespace(ctx.cluster.kubeconfigPath, namespace, { maxPods: 7 });
        applyCloneSet(ctx, { replicas: 6, image: 'nginx:1', pvc: true });
        await sleep(300);
        ctx.system.signal('watcher', 'SIGSTOP');
        frozen = true;
        const frozenAt = Date.now();
        ctx.system.signal(owner, 'SIGKILL');
        const failoverMs = await probe.awaitTakenOver([key], ownerPid, frozenAt);
        ctx.log(`SIGKILL ${owner} (watcher frozen): ${key} taken over after ${failoverMs} ms`);
        // Two lease TTLs (15 s each by default) with the watcher frozen.
        await sleep(Math.max(0, 30_000 - (Date.now() - frozenAt)));
        ctx.system.signal('watcher', 'SIGCONT');
        frozen = false;
        await awaitRollout(ctx.system, namespace, 6);
        await awaitSettled(ctx.system, namespace, 6);
        const recoveryMs = Date.now() - frozenAt;
        watching.stop();
        // Back to one replica, the original one running.
        if (owner === 'cloneset-controller') await ctx.system.restart(owner);
        return {
          violations: [
            ...watching.checker.violations,
            ...(await finalState(ctx.system, namespace, 6, 'nginx:1', true)),
          ],
          recoveryMs,
          failoverMs,
        };
      } finally {
        if (frozen) ctx.system.signal('watcher', 'SIGCONT');
        await probe.close();
        ctx.system.signal(replica, 'SIGTERM');
      }
    },
  },
  {
    id: '5-nats-outage',
    title:
      'nats-server down mid-rollout (webhook server restarted meanwhile); pods still admitted and injected',
    async run(ctx) {
      const { namespace } = ctx;
      ctx.system.kubectl(['create', 'namespace', namespace]);
      const bare = `${namespace}-bare`;
      ctx.system.kubectl(['create', 'namespace', bare]);
      const sidecarSet = `${namespace}-sc`;
      ctx.system.kubectl(['apply', '-f', '-'], sidecarSetYaml(sidecarSet, namespace));
      applyCloneSet(ctx, { replicas: 4, image: 'nginx:1', pvc: true });
      await awaitRollout(ctx.system, namespace, 4);
      // The webhook server's snapshot holds the SidecarSet before NATS goes away.
      const snapshotFile = `${ctx.cluster.dir}/webhook-server/admission-snapshot.json`;
      await eventually(
        'the admission snapshot holds the SidecarSet',
        async () => {
          try {
            return readFileSync(snapshotFile, 'utf8').includes(sidecarSet);
          } catch {
            return false;
          }
        },
        { timeoutMs: 30_000, intervalMs: 500 },
      );
      const watching = await watchNamespace(ctx.cluster.kubeconfigPath, namespace, {
        maxPods: 5,
        minPods: 3,
      });
      const violations: Violation[] = [];
      applyCloneSet(ctx, { replicas: 4, image: 'nginx:2', pvc: true });
      await sleep(300);
      await ctx.cluster.stopNats();
      const downAt = Date.now();
      let upAt: number;
      try {
        ctx.log(`nats-server stopped for ${ctx.natsOutageMs} ms; restarting webhook-server`);
        await ctx.system.restart('webhook-server');
        // Admitted per the failure policy, with the sidecar from the snapshot (the bus is unreachable).
        let injected: string[] = [];
        await eventually(
          'a pod admitted during the outage',
          async () => {
            try {
              ctx.system.kubectl(['apply', '-f', '-'], barePodYaml(bare, 'during-outage', namespace));
            } catch {
              return false;
            }
            injected = json<{ spec: { containers: { name: string }[] } }>(ctx.system, [
              'get',
              'pod',
              'during-outage',
              '-n',
              bare,
            ]).spec.containers.map((c) => c.name);
            return true;
          },
          { timeoutMs: 30_000, intervalMs: 500 },
        );
        ctx.log(`pod admitted during the outage with containers ${injected.join(',')}`);
        if (!injected.includes('sidecar'))
          violations.push({
            rule: 'run-failed',
            at: Date.now() - downAt,
            detail: `pod admitted during the outage without the SidecarSet's sidecar: ${injected.join(',')}`,
          });
        await sleep(Math.max(0, ctx.natsOutageMs - (Date.now() - downAt)));
      } finally {
        await ctx.cluster.startNats();
        upAt = Date.now();
      }
      // A standalone server keeps no object stream held in memory (the default, docs/adr/0039): every service
      // but the webhook server, which started during the outage, is restarted on its failed liveness.
      if (objectStorageFromEnv() === 'memory') await restartReadersOfLostStream(ctx, ['webhook-server']);
      await awaitRollout(ctx.system, namespace, 4);
      const recoveryMs = Date.now() - upAt;
      watching.stop();
      ctx.system.kubectl(['delete', 'sidecarset.apps.kruise.io', sidecarSet, '--wait=false']);
      ctx.system.kubectl(['delete', 'namespace', bare, '--wait=false']);
      return {
        violations: [
          ...violations,
          ...watching.checker.violations,
          ...(await finalState(ctx.system, namespace, 4, 'nginx:2', true)),
        ],
        recoveryMs,
      };
    },
  },
  {
    id: '9-store-wiped',
    title:
      'JetStream store wiped under the running system: nothing acted on the empty cache; services restarted on failed liveness start over',
    async run(ctx) {
      const { namespace } = ctx;
      await startCloneSet(ctx, 4);
      const quiet = await watchNamespace(ctx.cluster.kubeconfigPath, namespace, {
        maxPods: 4,
        noPodCreates: true,
        noPodDeletes: true,
        noPvcChurn: true,
      });
      await ctx.cluster.stopNats();
      const wipedAt = Date.now();
      // A lost volume, or a standalone server keeping the object stream in memory: it comes back empty.
      rmSync(join(ctx.cluster.dir, 'jetstream'), { recursive: true, force: true });
      await ctx.cluster.startNats();
      await restartReadersOfLostStream(ctx, []);
      // Long enough for every partition to be taken and reconciled more than once on the new stream.
      await sleep(15_000);
      quiet.stop();
      const rolling = await watchNamespace(ctx.cluster.kubeconfigPath, namespace, { maxPods: 5, minPods: 3 });
      applyCloneSet(ctx, { replicas: 4, image: 'nginx:2', pvc: true });
      await awaitRollout(ctx.system, namespace, 4);
      const recoveryMs = Date.now() - wipedAt;
      rolling.stop();
      return {
        violations: [
          ...quiet.checker.violations.map(tag('after the wipe, before any spec change')),
          ...rolling.checker.violations.map(tag('rollout')),
          ...(await finalState(ctx.system, namespace, 4, 'nginx:2', true)),
        ],
        recoveryMs,
      };
    },
  },
  {
    id: '6-apiserver-restart',
    title:
      'kube-apiserver restarted mid-rollout after an etcd compaction (watches resume into 410 Gone: relist)',
    async run(ctx) {
      const { namespace } = ctx;
      await startCloneSet(ctx, 4);
      const spec = { maxPods: 5, minPods: 3 };
      const before = await watchNamespace(ctx.cluster.kubeconfigPath, namespace, spec);
      applyCloneSet(ctx, { replicas: 4, image: 'nginx:2', pvc: true });
      await sleep(300);
      // Every watch's last resourceVersion is now older than the compacted revision: resuming it is a 410.
      const compacted = await ctx.cluster.compactEtcd();
      before.stop();
      const downAt = Date.now();
      await ctx.cluster.restartApiserver(2_000);
      ctx.log(`etcd compacted at ${compacted}; kube-apiserver back after ${Date.now() - downAt} ms`);
      // The apiserver was down: nothing changed meanwhile, so a new baseline loses no event.
      const after = await watchNamespace(ctx.cluster.kubeconfigPath, namespace, spec);
      await awaitRollout(ctx.system, namespace, 4);
      const recoveryMs = Date.now() - downAt;
      after.stop();
      return {
        violations: [
          ...before.checker.violations.map(tag('before the restart')),
          ...after.checker.violations.map(tag('after the restart')),
          ...(await finalState(ctx.system, namespace, 4, 'nginx:2', true)),
        ],
        recoveryMs,
      };
    },
  },
  {
    id: '7-conflict-storm',
    title: "another writer patches labels on the rollout's pods 50 times a second",
    async run(ctx) {
      const { namespace } = ctx;
      await startCloneSet(ctx, 4);
      const watching = await watchNamespace(ctx.cluster.kubeconfigPath, namespace, {
        maxPods: 5,
        minPods: 3,
      });
      const storm = startLabelStorm({
        kubeconfigPath: ctx.cluster.kubeconfigPath,
        namespace,
        perSecond: 50,
        maxMs: 5 * 60_000,
      });
      // The storm runs steadily before the spec changes, then through the whole rollout.
      await sleep(2_000);
      const startedAt = Date.now();
      let sent: { patches: number; ms: number };
      try {
        applyCloneSet(ctx, { replicas: 4, image: 'nginx:2', pvc: true });
        await awaitRollout(ctx.system, namespace, 4);
      } finally {
        sent = await storm.stop();
      }
      const rolloutMs = Date.now() - startedAt;
      const patches = sent.patches;
      ctx.log(
        `${patches} label patches in ${sent.ms} ms (${Math.round((patches * 1000) / sent.ms)}/s), the rollout took ${rolloutMs} ms`,
      );
      watching.stop();
      return {
        violations: [
          ...watching.checker.violations,
          ...(await finalState(ctx.system, namespace, 4, 'nginx:2', true)),
        ],
        recoveryMs: rolloutMs,
      };
    },
  },
  {
    id: '8-recreate',
    title: 'BroadcastJob deleted and recreated under its name while the watcher is paused',
    async run(ctx) {
      const { namespace } = ctx;
      ctx.system.kubectl(['create', 'namespace', namespace]);
      const job = (ttl: boolean) =>
        JSON.stringify({
          apiVersion: 'apps.kruise.io/v1alpha1',
          kind: 'BroadcastJob',
          metadata: { name: 'once', namespace },
          spec: {
            template: { spec: { containers: [{ name: 'c', image: 'busybox' }], restartPolicy: 'Never' } },
            completionPolicy: { type: 'Always', ...(ttl ? { ttlSecondsAfterFinished: 3 } : {}) },
          },
        });
      ctx.system.kubectl(['apply', '-f', '-'], job(true));
      const phase = () => {
        try {
          return json<{ metadata: { uid: string }; status?: { phase?: string } }>(ctx.system, [
            'get',
            'broadcastjobs.apps.kruise.io',
            'once',
            '-n',
            namespace,
          ]);
        } catch {
          return undefined;
        }
      };
      await eventually('the first job completes', async () => phase()?.status?.phase === 'completed', {
        timeoutMs: 60_000,
        intervalMs: 500,
      });
      // The controller's cache still holds the first job (the watcher is frozen) when its TTL runs out.
      ctx.system.signal('watcher', 'SIGSTOP');
      const pausedAt = Date.now();
      try {
        ctx.system.kubectl([
          'delete',
          'broadcastjobs.apps.kruise.io',
          'once',
          '-n',
          namespace,
          '--wait=true',
        ]);
        ctx.system.kubectl(['create', '-f', '-'], job(false));
        await sleep(6_000);
      } finally {
        ctx.system.signal('watcher', 'SIGCONT');
      }
      const newcomer = phase();
      const violations: Violation[] = [];
      if (newcomer === undefined) {
        violations.push({
          rule: 'pod-deleted',
          at: Date.now() - pausedAt,
          detail: 'the recreated BroadcastJob was deleted',
        });
      } else {
        await eventually('the recreated job completes', async () => phase()?.status?.phase === 'completed', {
          timeoutMs: 60_000,
          intervalMs: 500,
        });
        await sleep(4_000); // past the old job's TTL once more, with a fresh cache
        if (phase()?.metadata.uid !== newcomer.metadata.uid) {
          violations.push({
            rule: 'pod-deleted',
            at: Date.now() - pausedAt,
            detail: 'the recreated BroadcastJob is gone',
          });
        }
      }
      return { violations, recoveryMs: Date.now() - pausedAt };
    },
  },
];
