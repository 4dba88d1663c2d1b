export type { BinaryPaths, Versions } from './binaries.ts';
export { binaryPaths, cacheDir, ensureBinaries, missingBinaries, versions } from './binaries.ts';
export type { Cluster, ClusterInfo, ClusterOptions } from './cluster.ts';
export { fakeNodeAnnotation, fakeNodeLabels, REGION_LABEL, startCluster, ZONE_LABEL } from './cluster.ts';
export type { ControllerHarnessOptions } from './controller-harness.ts';
export { ControllerHarness, watchApart } from './controller-harness.ts';
export { installCrds } from './crds.ts';
export { clusterEnv, clusterFromEnv } from './env.ts';
export { eventually } from './eventually.ts';
export type { Jaeger } from './jaeger.ts';
export { startJaeger } from './jaeger.ts';
export type { JaegerApiSpan, JaegerApiTrace } from './jaeger-query.ts';
export { fetchJaegerTrace, spanService } from './jaeger-query.ts';
export type { NatsOptions, NatsServer } from './nats.ts';
export { startNats } from './nats.ts';
export type { NatsCluster, NatsClusterNode } from './nats-cluster.ts';
export { startNatsCluster } from './nats-cluster.ts';
export { markPodContainersReady, markPodFailed, markPodNotReady } from './pod-status.ts';
export { freePort, freePorts } from './ports.ts';
export { requestJson } from './raw-request.ts';
export type {
  JaegerTrace,
  RolloutSpanNames,
  RolloutTraceCheck,
  TraceEvent,
  TraceSpan,
} from './rollout-traces.ts';
export {
  CLONESET_ROLLOUT_SPANS,
  describeStrays,
  rolloutTraces,
  STATEFULSET_ROLLOUT_SPANS,
  waitForRolloutTrace,
} from './rollout-traces.ts';
export type { ServiceProcess, ServiceProcessOptions } from './service-process.ts';
export { serviceEntry, startServiceProcess } from './service-process.ts';
export type { ClusterLease } from './shared-cluster.ts';
export { acquireCluster } from './shared-cluster.ts';
export { sweepStaleClusters } from './stale-clusters.ts';
export type { WatcherProcess, WatcherProcessOptions } from './watcher-process.ts';
export { startWatcherProcess } from './watcher-process.ts';
