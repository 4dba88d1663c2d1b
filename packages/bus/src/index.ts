export type { BusSettings, BusSettingsPlan, StoredBusSettings } from './bus-settings.ts';
export {
  BusSettingsConflictError,
  busSettingsBucket,
  ensureBusSettings,
  planBusSettings,
} from './bus-settings.ts';
export type { Bus, BusOptions } from './connection.ts';
export { assertBusConnected, assertBusLive, connectBus } from './connection.ts';
export * from './contract.ts';
export * from './contracts.ts';
export type { BusCredentials } from './credentials.ts';
export { busCredentialsFromEnv, connectionAuth } from './credentials.ts';
export type { DeclareResult, TopologyDeclaration } from './declare.ts';
export {
  configDiff,
  type EnsureStreamOptions,
  ensureKv,
  ensureObjectStream,
  ensureStream,
  ensureTopology,
  withoutDowngrade,
} from './declare.ts';
export type {
  EventConsumerSpec,
  EventWorker,
  EventWorkerOptions,
  ReceivedDomainEvent,
} from './event-worker.ts';
export { ensureEventConsumer, startEventWorker } from './event-worker.ts';
export type { AwaitListsOptions, ListMarker } from './list-markers.ts';
export {
  awaitListsPublished,
  listMarkersBucket,
  readListMarkers,
  recordListPublished,
} from './list-markers.ts';
export { supersedes } from './monotonic.ts';
export type { ControlledSelection, ObjectFeed, ObjectFeedEvent, ObjectFeedOptions } from './object-feed.ts';
export { openObjectFeed } from './object-feed.ts';
export {
  ObjectStreamIdentity,
  ObjectStreamReplacedError,
  streamIdentityVerdict,
} from './object-stream-identity.ts';
export { fnv1a32, partitionOf } from './partition.ts';
export type {
  FeedScope,
  PartitionedFeed,
  PartitionedFeedEvent,
  PartitionedFeedOptions,
} from './partitioned-feed.ts';
export { openPartitionedFeed } from './partitioned-feed.ts';
export type { LastDomainEvent, ObjectPublishOptions, Published, PublishOptions } from './publish.ts';
export {
  lastDomainEvent,
  objectEventMsgId,
  PROTO_TYPE_HEADER,
  publishDomainEvent,
  publishObjectEvent,
} from './publish.ts';
export type { PublisherBuild } from './publisher-build.ts';
export { declarePublisherBuild, publisherBuild, publisherName } from './publisher-build.ts';
export * from './subjects.ts';
export type { GroupKind } from './tokens.ts';
export { EMPTY_TOKEN, fromToken, kindTokens, parseKindTokens, toToken } from './tokens.ts';
export type { DeclaredKv, DeclaredStream, ObjectStorage, Topology, TopologyOptions } from './topology.ts';
export {
  DEFAULT_LEASE_TTL_MS,
  objectStorageFromEnv,
  streamReplicasFromEnv,
  topology,
  withStoredLeaseTtl,
} from './topology.ts';
export { extractTraceContext, injectTraceContext } from './trace.ts';
