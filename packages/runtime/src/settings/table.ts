// Every setting any kruise-ts service reads from its environment: name, type, default, bounds, meaning and
// readers. The README's settings table is generated from this list (`npm run settings:docs`), and a service can
// only read a setting listed here for it, so the table cannot drift from the code.
//
// Naming: settings of our own are `KRUISE_TS_*`, one name per meaning in every service. Settings that
// OpenKruise itself has (cert-manager and webhook-server: POD_NAMESPACE, SECRET_NAME, WEBHOOK_PORT, …) keep
// Kruise's name so its manifests work unchanged.
//
// Renames: a renamed setting lists its old names in `renamedFrom` and keeps working for one version; the
// reader uses the old name's value and logs once at start that it is deprecated (old and new name). When old
// and new are both set and differ, start fails. Then the old name is removed from this table.

import { DEFAULT_LEASE_TTL_MS } from '@kruise-ts/bus';

export const SERVICES = [
  'cloneset-controller',
  'statefulset-controller',
  'sidecarset-controller',
  'broadcastjob-controller',
  'advancedcronjob-controller',
  'revision-gc',
  'watcher',
  'cert-manager',
  'webhook-server',
  // Every service above in one process (packages/all-in-one, docs/adr/0024-all-in-one-process.md).
  'all-in-one',
] as const;

export type ServiceName = (typeof SERVICES)[number];

export const CONTROLLERS = [
  'cloneset-controller',
  'statefulset-controller',
  'sidecarset-controller',
  'broadcastjob-controller',
  'advancedcronjob-controller',
  'revision-gc',
] as const satisfies readonly ServiceName[];

const ALL = SERVICES;
/** Controller settings the all-in-one process reads for what it shares (the bus's lease TTL, its member id). */
const CONTROLLERS_AND_ALL_IN_ONE = [...CONTROLLERS, 'all-in-one'] as const satisfies readonly ServiceName[];

/** An earlier name of a setting, read by the given services (all readers of the setting when omitted). */
export interface OldName {
  name: string;
  services?: readonly ServiceName[];
}

interface SettingBase<T> {
  name: string;
  meaning: string;
  services: readonly ServiceName[];
  /** undefined: unset means "not configured" (the meaning says what the service does then). */
  default: T | undefined;
  /** A different default for some readers. */
  serviceDefaults?: Partial<Record<ServiceName, T>>;
  renamedFrom?: readonly OldName[];
}

export type SettingSpec =
  | (SettingBase<number> & { type: 'int'; min: number; max?: number })
  | (SettingBase<number> & { type: 'duration'; min?: number; max?: number })
  | (SettingBase<boolean> & { type: 'bool' })
  | (SettingBase<string> & { type: 'string' })
  | (SettingBase<string> & { type: 'choice'; choices: readonly string[] })
  | (SettingBase<readonly string[]> & { type: 'list' });

export type SettingType = SettingSpec['type'];

const day = 86_400_000;

export const SETTINGS = [
  // --- connections: every service -------------------------------------------------------------------------
  {
    name: 'KRUISE_TS_KUBECONFIG',
    type: 'string',
    default: undefined,
    meaning: 'kubeconfig file; unset: KUBECONFIG, then in-cluster, then ~/.kube/config',
    services: ALL,
  },
  {
    name: 'KUBECONFIG',
    type: 'string',
    default: undefined,
    meaning: "the kube clients' own variable, used when KRUISE_TS_KUBECONFIG is unset",
    services: ALL,
  },
  {
    name: 'KRUISE_TS_NATS_URL',
    type: 'string',
    default: 'nats://127.0.0.1:4222',
    serviceDefaults: { 'cert-manager': undefined, 'webhook-server': undefined },
    meaning: 'NATS server(s) of the bus; cert-manager and webhook-server run without the bus when unset',
    services: ALL,
    renamedFrom: [{ name: 'NATS_URL', services: ['cert-manager', 'webhook-server'] }],
  },
  {
    name: 'KRUISE_TS_NATS_USER',
    type: 'string',
    default: undefined,
    meaning: 'NATS user of this service (with a password); read by the bus connection',
    services: ALL,
  },
  {
    name: 'KRUISE_TS_NATS_PASSWORD',
    type: 'string',
    default: undefined,
    meaning: 'NATS password for KRUISE_TS_NATS_USER',
    services: ALL,
  },
  {
    name: 'KRUISE_TS_NATS_PASSWORD_FILE',
    type: 'string',
    default: undefined,
    meaning: 'file holding the NATS password (a mounted Secret); not with KRUISE_TS_NATS_PASSWORD',
    services: ALL,
  },
  {
    name: 'KRUISE_TS_NATS_NKEY_SEED_FILE',
    type: 'string',
    default: undefined,
    meaning: 'file holding the NATS nkey seed of this service',
    services: ALL,
  },
  {
    name: 'KRUISE_TS_NATS_CREDS_FILE',
    type: 'string',
    default: undefined,
    meaning: 'NATS credentials file (JWT + nkey seed)',
    services: ALL,
  },
  {
    name: 'KRUISE_TS_NATS_TLS_CA_FILE',
    type: 'string',
    default: undefined,
    meaning: 'CA bundle to verify the NATS servers (TLS)',
    services: ALL,
  },
  {
    name: 'KRUISE_TS_NATS_TLS_CERT_FILE',
    type: 'string',
    default: undefined,
    meaning: 'client certificate for NATS TLS (with KRUISE_TS_NATS_TLS_KEY_FILE)',
    services: ALL,
  },
  {
    name: 'KRUISE_TS_NATS_TLS_KEY_FILE',
    type: 'string',
    default: undefined,
    meaning: 'client key for NATS TLS',
    services: ALL,
  },
  {
    name: 'KRUISE_TS_NATS_INBOX_PREFIX',
    type: 'string',
    default: undefined,
    meaning: 'reply-inbox prefix of this identity (its NATS permissions allow only it)',
    services: ALL,
  },
  {
    name: 'KRUISE_TS_STREAM_REPLICAS',
    type: 'int',
    min: 1,
    max: 5,
    default: 1,
    meaning: 'replicas of every JetStream stream and KV bucket of the bus (3 on a clustered NATS)',
    services: ALL,
  },
  {
    name: 'KRUISE_TS_OBJECT_STORAGE',
    type: 'choice',
    choices: ['memory', 'file'],
    default: 'memory',
    meaning:
      'storage of the object stream when it is created (an existing one keeps its own); memory: lost with a standalone nats-server, every service then restarts on failed liveness and the cache is relisted',
    services: ALL,
  },
  {
    name: 'KRUISE_TS_BUS_PREFIX',
    type: 'string',
    default: 'kruise',
    meaning: 'prefix of every stream, subject and KV bucket on the bus; the same in every service',
    services: ALL,
    renamedFrom: [{ name: 'BUS_PREFIX', services: ['cert-manager', 'webhook-server'] }],
  },
  {
    name: 'KRUISE_TS_PARTITIONS',
    type: 'int',
    default: 16,
    min: 1,
    max: 4096,
    meaning: 'namespace partitions of the bus; the same in every service',
    services: ALL,
    renamedFrom: [{ name: 'BUS_PARTITIONS', services: ['cert-manager', 'webhook-server'] }],
  },
  {
    name: 'KRUISE_TS_HTTP_HOST',
    type: 'string',
    default: '127.0.0.1',
    meaning: 'address of the plain-HTTP /healthz, /readyz and /metrics server',
    services: ALL,
    renamedFrom: [{ name: 'HEALTH_HOST', services: ['cert-manager', 'webhook-server'] }],
  },
  {
    name: 'KRUISE_TS_HTTP_PORT',
    type: 'int',
    default: 8080,
    serviceDefaults: { 'cert-manager': 8000, 'webhook-server': 8001 },
    min: 0,
    max: 65_535,
    meaning: 'port of the /healthz, /readyz and /metrics server (0: any free port)',
    services: ALL,
    renamedFrom: [{ name: 'HEALTH_PORT', services: ['cert-manager', 'webhook-server'] }],
  },
  {
    name: 'KRUISE_TS_LOG_LEVEL',
    type: 'choice',
    choices: ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'],
    default: 'info',
    meaning: 'lowest log level written',
    services: ALL,
    renamedFrom: [{ name: 'LOG_LEVEL' }],
  },
  {
    name: 'KRUISE_TS_BUILD_COMMIT',
    type: 'string',
    default: undefined,
    meaning:
      'the commit the build was made from (images set it); unset: `git rev-parse HEAD`, else `unknown`',
    services: ALL,
  },
  {
    name: 'KRUISE_TS_SHUTDOWN_DEADLINE_MS',
    type: 'int',
    default: 30_000,
    min: 0,
    meaning: 'on SIGTERM, time for the ordered stop before the process exits anyway (ms)',
    services: ALL,
  },
  {
    name: 'KRUISE_TS_IDLE_MEMORY_RELEASE',
    type: 'bool',
    default: true,
    meaning:
      'after a burst of work, once the event loop is quiet, a memory-reducing GC returns the grown heap (needs --expose-gc)',
    services: ALL,
  },
  {
    name: 'KRUISE_TS_KUBE_QPS',
    type: 'int',
    default: 50,
    min: 1,
    meaning:
      'apiserver requests per second of each kube client lane (client-go QPS per client; docs/adr/0034)',
    services: CONTROLLERS,
  },
  {
    name: 'KRUISE_TS_KUBE_BURST',
    type: 'int',
    default: 100,
    min: 1,
    meaning: 'apiserver request burst of each kube client lane (client-go Burst per client)',
    services: CONTROLLERS,
  },
  // --- controllers ----------------------------------------------------------------------------------------
  {
    name: 'KRUISE_TS_MEMBER_ID',
    type: 'string',
    default: undefined,
    meaning: 'lease member and publisher id; unset: POD_NAME (or host name) and pid',
    services: CONTROLLERS_AND_ALL_IN_ONE,
  },
  {
    name: 'KRUISE_TS_LEASE_TTL_MS',
    type: 'int',
    default: DEFAULT_LEASE_TTL_MS,
    min: 300,
    meaning:
      'partition (and leader) lease time-to-live (ms); unset: the one the bus stored (this for a new bus)',
    services: CONTROLLERS_AND_ALL_IN_ONE,
  },
  {
    name: 'KRUISE_TS_WORKERS',
    type: 'int',
    default: 3,
    serviceDefaults: { 'cloneset-controller': 4, 'revision-gc': 2 },
    min: 1,
    max: 256,
    meaning: 'concurrent reconciles (Kruise: `--<kind>-workers`); revision-gc: per workload kind',
    services: CONTROLLERS,
    renamedFrom: [
      { name: 'KRUISE_TS_CLONESET_WORKERS', services: ['cloneset-controller'] },
      { name: 'KRUISE_TS_STATEFULSET_WORKERS', services: ['statefulset-controller'] },
      { name: 'KRUISE_TS_BROADCASTJOB_WORKERS', services: ['broadcastjob-controller'] },
      { name: 'KRUISE_TS_ADVANCEDCRONJOB_WORKERS', services: ['advancedcronjob-controller'] },
    ],
  },
  {
    name: 'KRUISE_TS_EXPECTATION_TIMEOUT_MS',
    type: 'int',
    default: 300_000,
    min: 1,
    meaning: 'how long a reconcile waits for its own pod creates/deletes to be observed (ms)',
    services: CONTROLLERS,
  },
  {
    name: 'KRUISE_TS_FEATURE_GATES',
    type: 'string',
    default: undefined,
    meaning: "Kruise's `--feature-gates`: `Name=true,Other=false`; unknown names stop the start (see below)",
    services: ['cloneset-controller', 'statefulset-controller', 'webhook-server'],
  },
  {
    name: 'KRUISE_TS_ASSIGN_BCJ_PODS_BY_SCHEDULER',
    type: 'bool',
    default: true,
    meaning:
      "Kruise's --assign-bcj-pods-by-scheduler: pin BroadcastJob pods by node affinity, the scheduler binds",
    services: ['broadcastjob-controller'],
  },
  {
    name: 'POD_NAME',
    type: 'string',
    default: undefined,
    meaning: "this pod's name (downward API): part of member, lease and instance ids; unset: the host name",
    services: ALL,
  },
  {
    name: 'POD_NAMESPACE',
    type: 'string',
    default: 'kruise-system',
    meaning: "Kruise's namespace: webhook Secret and Lease, SidecarSet ControllerRevisions",
    services: ['sidecarset-controller', 'cert-manager', 'webhook-server'],
  },
  // --- all-in-one ---------------------------------------------------------------------------------------------
  {
    name: 'KRUISE_TS_ALL_IN_ONE_PARTS',
    type: 'list',
    default: undefined,
    meaning:
      'services the all-in-one process runs (e.g. `watcher,webhook-server,cert-manager,cloneset-controller`); unset: all',
    services: ['all-in-one'],
  },
  // --- watcher --------------------------------------------------------------------------------------------
  {
    name: 'KRUISE_TS_WATCHER_RESOURCES',
    type: 'list',
    default: undefined,
    meaning: 'resources mirrored onto the bus (ids like `apps.kruise.io/clonesets`); unset: all',
    services: ['watcher'],
  },
  {
    name: 'KRUISE_TS_WATCHER_STALL_TIMEOUT_MS',
    type: 'int',
    default: 180_000,
    min: 1,
    meaning: 'a watch without any event for this long is restarted (ms)',
    services: ['watcher'],
  },
  {
    name: 'KRUISE_TS_WATCHER_WATCH_TIMEOUT_SECONDS',
    type: 'int',
    default: 300,
    min: 1,
    meaning: 'timeoutSeconds of each watch request',
    services: ['watcher'],
  },
  {
    name: 'KRUISE_TS_WATCHER_PAGE_SIZE',
    type: 'int',
    default: 500,
    min: 1,
    meaning: 'list page size (limit) of the initial list',
    services: ['watcher'],
  },
  {
    name: 'KRUISE_TS_WATCHER_PUBLISH_CONCURRENCY',
    type: 'int',
    default: 64,
    min: 1,
    meaning: 'publishes in flight at once',
    services: ['watcher'],
  },
  {
    name: 'KRUISE_TS_WATCHER_PUBLISH_LINGER_MS',
    type: 'int',
    default: 100,
    min: 0,
    meaning:
      'how long a pod’s (or a generation-less object’s) creation or modification waits at least before it is published (up to twice this: what is due leaves together on ticks this far apart), so a newer state of the object replaces it (0: at once); a workload’s changes never wait',
    services: ['watcher'],
  },
  {
    name: 'KRUISE_TS_WATCHER_PUBLISH_QUIET_MS',
    type: 'int',
    default: 30,
    min: 0,
    meaning:
      'once no change has come for this long, what lingers is published without waiting for its tick (0: the ticks alone)',
    services: ['watcher'],
  },
  {
    name: 'KRUISE_TS_WATCHER_DRAIN_TIMEOUT_MS',
    type: 'int',
    default: 10_000,
    min: 0,
    meaning: 'on SIGTERM, how long queued publishes may take to land (ms)',
    services: ['watcher'],
  },
  // --- cert-manager and webhook-server (Kruise's names) ---------------------------------------------------
  {
    name: 'SECRET_NAME',
    type: 'string',
    default: 'kruise-webhook-certs',
    meaning: 'Secret holding ca.crt, tls.crt and tls.key',
    services: ['cert-manager', 'webhook-server'],
  },
  {
    name: 'SERVICE_NAME',
    type: 'string',
    default: 'kruise-webhook-service',
    meaning: 'webhook Service whose DNS names the serving certificate covers',
    services: ['cert-manager'],
  },
  {
    name: 'WEBHOOK_HOST',
    type: 'string',
    default: undefined,
    meaning:
      'cert-manager: an extra certificate host; webhook-server: host of the URL-mode registration (default 127.0.0.1)',
    services: ['cert-manager', 'webhook-server'],
  },
  {
    name: 'WEBHOOK_HOSTS',
    type: 'list',
    default: undefined,
    meaning: 'every host of the serving certificate (replaces the Service names, localhost and 127.0.0.1)',
    services: ['cert-manager'],
  },
  {
    name: 'MUTATING_WEBHOOK_CONFIGURATION',
    type: 'string',
    default: 'kruise-mutating-webhook-configuration',
    meaning: 'MutatingWebhookConfiguration that gets the caBundle / is registered',
    services: ['cert-manager', 'webhook-server'],
  },
  {
    name: 'VALIDATING_WEBHOOK_CONFIGURATION',
    type: 'string',
    default: 'kruise-validating-webhook-configuration',
    meaning: 'ValidatingWebhookConfiguration that gets the caBundle / is registered',
    services: ['cert-manager', 'webhook-server'],
  },
  {
    name: 'CRD_GROUP',
    type: 'string',
    default: 'apps.kruise.io',
    meaning: 'CRDs of this group with Webhook conversion get the caBundle',
    services: ['cert-manager'],
  },
  {
    name: 'CRD_NAMES',
    type: 'list',
    default: undefined,
    meaning: 'only these CRDs (e.g. `clonesets.apps.kruise.io`); unset: all of CRD_GROUP',
    services: ['cert-manager'],
  },
  {
    name: 'CERT_MODE',
    type: 'choice',
    choices: ['self-signed', 'external'],
    default: 'self-signed',
    meaning: 'external: the Secret is managed by someone else and never written',
    services: ['cert-manager'],
  },
  {
    name: 'EXTERNAL_CERTS',
    type: 'bool',
    default: false,
    meaning: "Kruise's switch for CERT_MODE=external (when CERT_MODE is unset)",
    services: ['cert-manager'],
  },
  {
    name: 'CA_VALIDITY',
    type: 'duration',
    default: 3650 * day,
    meaning: 'validity of a new CA',
    services: ['cert-manager'],
  },
  {
    name: 'CERT_VALIDITY',
    type: 'duration',
    default: 365 * day,
    meaning: 'validity of a new serving certificate',
    services: ['cert-manager'],
  },
  {
    name: 'CERTS_RENEW_BEFORE',
    type: 'string',
    default: '90d',
    meaning:
      "re-issue the serving certificate this long before it expires (Kruise's syntax: 30d, 6m = months, 1y)",
    services: ['cert-manager'],
  },
  {
    name: 'CA_RENEW_BEFORE',
    type: 'duration',
    default: 365 * day,
    meaning: 'start a CA rotation this long before the CA expires',
    services: ['cert-manager'],
  },
  {
    name: 'CA_TRUST_DELAY',
    type: 'duration',
    default: 30_000,
    meaning: 'a new CA is in every caBundle this long before anything is signed by it',
    services: ['cert-manager'],
  },
  {
    name: 'CA_OVERLAP',
    type: 'duration',
    default: 600_000,
    meaning: 'the old CA stays trusted this long after the serving certificate moved on',
    services: ['cert-manager'],
  },
  {
    name: 'RESYNC_PERIOD',
    type: 'duration',
    default: 60_000,
    meaning: 'periodic full sync, the backstop for missed watch events',
    services: ['cert-manager'],
  },
  {
    name: 'LEASE_NAME',
    type: 'string',
    default: 'kruise-ts-cert-manager',
    meaning: 'coordination Lease electing the active cert-manager',
    services: ['cert-manager'],
  },
  {
    name: 'LEASE_DURATION',
    type: 'duration',
    default: 15_000,
    meaning: 'leader Lease duration',
    services: ['cert-manager'],
  },
  {
    name: 'LEASE_RENEW_DEADLINE',
    type: 'duration',
    default: 10_000,
    meaning: 'the leader gives up when it cannot renew within this',
    services: ['cert-manager'],
  },
  {
    name: 'LEASE_RETRY_PERIOD',
    type: 'duration',
    default: 2_000,
    meaning:
      'interval between acquire attempts of a candidate and retries of a failed renewal (the leader renews every half renew deadline)',
    services: ['cert-manager'],
  },
  {
    name: 'WEBHOOK_BIND_HOST',
    type: 'string',
    default: '127.0.0.1',
    meaning: 'address of the HTTPS admission/conversion listener',
    services: ['webhook-server'],
  },
  {
    name: 'WEBHOOK_PORT',
    type: 'int',
    default: 9876,
    min: 0,
    max: 65_535,
    meaning: 'port of the HTTPS listener (0: any free port)',
    services: ['webhook-server'],
  },
  {
    name: 'KRUISE_TS_KRUISE_POD_READY_GATE',
    type: 'bool',
    default: false,
    meaning:
      "the pod webhook gives pods a Kruise kind controls the KruisePodReady readiness gate, as Kruise's does; turn on once every workload controller runs a build that sets the condition (0.2.0 on), or pods of an older one never become Ready",
    services: ['webhook-server'],
  },
  {
    name: 'KRUISE_TS_CONTAINER_LAUNCH_PRIORITY',
    type: 'bool',
    default: false,
    meaning:
      "container launch priority as Kruise has it: the pod webhook gives the containers of an `apps.kruise.io/container-launch-priority: Ordered` pod, or of one whose containers set `KRUISE_CONTAINER_PRIORITY`, a barrier env, and sidecarset-controller fills each pod's `<pod>-barrier` ConfigMap as containers become ready; off: those pods start as if unordered. Set it for both services at once; on, sidecarset-controller caches every pod (docs/adr/0049-container-launch-priority-is-opt-in.md)",
    services: ['webhook-server', 'sidecarset-controller'],
  },
  {
    name: 'KRUISE_TS_SNAPSHOT_DIR',
    type: 'string',
    default: undefined,
    meaning:
      'directory of the admission snapshot (SidecarSets, Namespace labels) the server writes on change and serves from when started while NATS is unreachable; unset: no snapshot',
    services: ['webhook-server'],
  },
  {
    name: 'WEBHOOK_CERT_DIR',
    type: 'string',
    default: undefined,
    meaning: 'read tls.crt/tls.key/ca.crt from this directory instead of the Secret',
    services: ['webhook-server'],
  },
  {
    name: 'CERT_POLL_SECONDS',
    type: 'int',
    default: 30,
    min: 0,
    max: 65_535,
    meaning: 're-read the certificate this often even without a notification',
    services: ['webhook-server'],
  },
  {
    name: 'WEBHOOK_REGISTER',
    type: 'bool',
    default: false,
    meaning: 'register the webhook configurations in URL mode at start',
    services: ['webhook-server'],
  },
  {
    name: 'RESOURCES_DELETION_PROTECTION',
    type: 'bool',
    default: false,
    meaning: "Kruise's ResourcesDeletionProtection: refuse deleting protected workloads and namespaces",
    services: ['webhook-server'],
  },
] as const satisfies readonly SettingSpec[];

export type SettingName = (typeof SETTINGS)[number]['name'];
export type SettingNameOf<T extends SettingType> = Extract<(typeof SETTINGS)[number], { type: T }>['name'];

export function settingSpec(name: string): SettingSpec | undefined {
  return (SETTINGS as readonly SettingSpec[]).find((s) => s.name === name);
}
