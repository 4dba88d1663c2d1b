export type {
  CacheChange,
  CachedObject,
  CacheListener,
  ContextSource,
  KubernetesObject,
  ObjectCacheOptions,
  Stored,
  TypedKind,
} from './cache/object-cache.ts';
export { deepFreeze, ObjectCache, objectOf, typedKind } from './cache/object-cache.ts';
export { enqueueOwner, type OwnerLookup, observeExpectations, ownerKey } from './cache/owner-events.ts';
export type { Clock, Timer } from './clock.ts';
export { FakeClock, realClock, sleep } from './clock.ts';
export type { ContractRefusals } from './contract-refusals.ts';
export { contractRefusals } from './contract-refusals.ts';
export type { Controller, ControllerOptions, ReconcileRequest, ReconcileResult } from './controller.ts';
export { runController } from './controller.ts';
export type { ReconcileResultLabel } from './controller-metrics.ts';
export type { EventRecorderOptions, EventType, InvolvedObject } from './events/event-recorder.ts';
export { EventRecorder, involvedObject } from './events/event-recorder.ts';
export type { ClaimOutcome, ClaimWriter, OwnerMeta } from './kube/adoption.ts';
export { applyClaim, recheckOwner } from './kube/adoption.ts';
export type { KubeClientOptions } from './kube/client.ts';
export { KubeClient } from './kube/client.ts';
export { ClusterConnection } from './kube/connection.ts';
export { controlledNotCached } from './kube/create-recheck.ts';
export type {
  DeleteRecheckInput,
  DeleteRecheckOutcome,
  LivePod,
  RecheckedKind,
} from './kube/delete-recheck.ts';
export { DeleteSkippedError, decideDeleteRecheck } from './kube/delete-recheck.ts';
export type { KubeErrorInit, KubeStatus, StatusCause } from './kube/errors.ts';
export {
  AlreadyExistsError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  GoneError,
  InternalError,
  InvalidError,
  KubeApiError,
  KubeHttpError,
  kubeErrorFromStatus,
  MethodNotAllowedError,
  NotFoundError,
  RequestEntityTooLargeError,
  ServerTimeoutError,
  ServiceUnavailableError,
  TooManyRequestsError,
  toKubeError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
} from './kube/errors.ts';
export type { DeleteTarget, ExactDeleteOptions } from './kube/exact-delete.ts';
export {
  deleteExactly,
  exactDeleteBody,
  isDeleteTargetGone,
  isPreconditionFailed,
} from './kube/exact-delete.ts';
export type { ExpectedPodWrites } from './kube/expected-pods.ts';
export { createPodExpected, deletePodExpected } from './kube/expected-pods.ts';
export type { GuardedPatchOp, RewriteOptions } from './kube/guarded-patch.ts';
export { guardedJsonPatch, isLostPatchTest, rewriteObject } from './kube/guarded-patch.ts';
export type { ResponseBody, ResponseData } from './kube/http2-session.ts';
export type { ClusterConfig } from './kube/kubeconfig.ts';
export { inClusterConfig, loadClusterConfig } from './kube/kubeconfig.ts';
export type { DeleteOptions, KubeRequest, WatchEvent } from './kube/request.ts';
export type { KubeRequestInfo } from './kube/request-info.ts';
export { kubeRequestInfo, objectLabel, resourceLabel } from './kube/request-info.ts';
export type {
  KubeObjectLike,
  ListOptions,
  ObjectList,
  PatchOptions,
  PatchType,
  ResourceRef,
  ResourceSource,
  WatchOptions,
} from './kube/resource.ts';
export { ResourceClient } from './kube/resource.ts';
export { resources } from './kube/resources.ts';
export type { Backoff, RetryOptions } from './kube/retry.ts';
export { backoffWaits, DEFAULT_BACKOFF, DEFAULT_RETRY, retryOnConflict, retryOnError } from './kube/retry.ts';
export type { CustomResource, StatusUpdate } from './kube/status-update.ts';
export { updateCustomStatus } from './kube/status-update.ts';
export type {
  LeaderElectedController,
  LeaderElectedControllerOptions,
} from './leader-elected-controller.ts';
export { startLeaderElectedController } from './leader-elected-controller.ts';
export type {
  OwedDeletes,
  PartitionedController,
  PartitionedControllerOptions,
  PartitionedReconcileRequest,
} from './partitioned-controller.ts';
export { FencedError, splitKey, startPartitionedController } from './partitioned-controller.ts';
export type { LeaseManagerOptions, PartitionHooks } from './partitions/lease-manager.ts';
export { PartitionLeaseManager } from './partitions/lease-manager.ts';
export type { LeasePlan, LeasePlanInput, LeaseRecord } from './partitions/lease-plan.ts';
export { planLeases } from './partitions/lease-plan.ts';
export { assignPartitions, rendezvousOwner, rendezvousScore } from './partitions/rendezvous.ts';
export type { ControllerRateLimiterOptions, RateLimiter } from './queue/rate-limiters.ts';
export {
  BucketRateLimiter,
  defaultControllerRateLimiter,
  ItemExponentialFailureRateLimiter,
  MaxOfRateLimiter,
} from './queue/rate-limiters.ts';
export type { AddOptions, WorkItem, WorkQueueOptions } from './queue/work-queue.ts';
export { WorkQueue } from './queue/work-queue.ts';
export { deleteRecheckMinMs } from './recheck-window.ts';
export { recallFromBus } from './rollout-trace/recall.ts';
export type { PhaseInput, PhaseResult } from './rollout-trace/rollout-phase.ts';
export { rolloutPhaseOf } from './rollout-trace/rollout-phase.ts';
export type { RolloutSync, RolloutSyncDeps, RolloutSyncNames } from './rollout-trace/rollout-sync.ts';
export { syncInRollout } from './rollout-trace/rollout-sync.ts';
export type {
  RecalledRollout,
  RecallRollout,
  Rollout,
  RolloutAttributeNames,
  RolloutTrackerOptions,
} from './rollout-trace/tracker.ts';
export {
  ROLLOUT_TRACE_ID_ATTR,
  RolloutTracker,
  rolloutAttributeNames,
  rolloutPublishContext,
  startSyncSpan,
} from './rollout-trace/tracker.ts';
export type { RolloutWait, WaitReasonOf } from './rollout-trace/wait-events.ts';
export {
  addExpectationsWaitEvent,
  addWaitEvent,
  COMPLETE_EVENT,
  completeRollout,
  leadingWait,
  nextWakeMs,
  RolloutWaitReason,
  rolloutWaitReasons,
  WAIT_EVENT,
  WaitAttr,
  waitOn,
} from './rollout-trace/wait-events.ts';
export type {
  GracefulShutdown,
  GracefulShutdownOptions,
  ShutdownHook,
  ShutdownReport,
  SignalSource,
} from './server/graceful-shutdown.ts';
export { createGracefulShutdown } from './server/graceful-shutdown.ts';
export type { CheckReport, EvaluateOptions, HealthCheck } from './server/health-checks.ts';
export { evaluateChecks } from './server/health-checks.ts';
export type { HealthServer, HealthServerOptions } from './server/health-server.ts';
export { startHealthServer } from './server/health-server.ts';
export type { BuildInfo } from './service/build-info.ts';
export {
  announceBuild,
  BUILD_COMMIT_ENV,
  buildCommit,
  currentBuild,
  entryUrl,
  packageVersion,
  registerBuildInfo,
  versionDocument,
} from './service/build-info.ts';
export type { ControllerConnections } from './service/connections.ts';
export {
  connectOptionalBus,
  connectProcessBus,
  openControllerConnections,
  openHealthServer,
} from './service/connections.ts';
export type { ServiceProcessOptions, ServiceSettings } from './service/controller-process.ts';
export { runServiceProcess } from './service/controller-process.ts';
export type { ControllerSettings, ProcessSettings, SettingDefaults } from './service/settings.ts';
export {
  controllerSettingsFromEnv,
  envInt,
  readControllerSettings,
  readProcessSettings,
} from './service/settings.ts';
export type { SharedProcessParts } from './service/shared.ts';
export { sharedPartView } from './service/shared.ts';
export type {
  ExpectationGate,
  ExpectationWait,
  WorkloadControllerOptions,
  WorkloadControllerService,
  WorkloadExpectations,
  WorkloadReconcile,
  WorkloadReconcileDeps,
  WorkloadWriterOptions,
} from './service/workload-controller.ts';
export {
  awaitExpectations,
  startWorkloadController,
  workloadWriterOptions,
} from './service/workload-controller.ts';
export type { WorkloadRound } from './service/workload-round.ts';
export { openWorkloadRound } from './service/workload-round.ts';
export * from './settings/index.ts';
export type { TokenBucketStats } from './token-bucket.ts';
export { TokenBucket } from './token-bucket.ts';
