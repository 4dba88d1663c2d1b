// What a parity snapshot keeps of an object: everything a controller decided, nothing the cluster made up on its
// own. Two clusters never agree on uids, resourceVersions, timestamps, pod IPs or the random instance ids of
// CloneSet pods; those become placeholders so that the rest — labels, annotations, owners, specs, revision
// names and data, status counters — can be compared field by field between Kruise and kruise-ts. Pure.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A category (pods, pvcs, revisions, workloads, events) → normalized object name → the objects under it. */
export type Snapshot = Record<string, Record<string, Json[]>>;

const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** Metadata the apiserver assigns per cluster. */
const DROPPED_METADATA = new Set([
  'uid',
  'resourceVersion',
  'creationTimestamp',
  'managedFields',
  'selfLink',
]);
/**
 * The pod annotations a HotUpgrade sidecar's slots record their version in: the SidecarSet's resourceVersion when
 * the slot was upgraded, "0" for an empty slot and "1" for one injected and never upgraded
 * (pkg/controller/sidecarset/sidecarset_processor.go, updatePodSidecarContainer). A resourceVersion is an etcd
 * revision each cluster counts by itself.
 */
const SIDECARSET_VERSION_ANNOTATION = /^(version|versionalt)\.sidecarset\.kruise\.io\//;
const RESOURCE_VERSION_VALUE = /^[1-9][0-9]+$|^[2-9]$/;

/** Pod status fields the fake kubelet fills per cluster (addresses, container ids). */
const DROPPED_POD_STATUS = new Set(['podIP', 'podIPs', 'hostIP', 'hostIPs']);

/**
 * What the apiserver appends to a generateName: five characters of utilrand's alphabet
 * (k8s.io/apiserver/pkg/storage/names/generate.go, k8s.io/apimachinery/pkg/util/rand/rand.go).
 */
const GENERATED_SUFFIX = /^[bcdfghjklmnpqrstvwxz2456789]{5}$/;

/** The label Kruise puts the random part of a CloneSet pod's name in. */
export const INSTANCE_ID_LABEL = 'apps.kruise.io/cloneset-instance-id';

export interface NormalizeContext {
  /**
   * Made-up name parts that become `<id>` wherever they are a dash-separated part of a name (not its first) or a
   * whole value: CloneSet instance ids, the suffixes the apiserver appended to a generateName (a BroadcastJob's
   * pods), the scheduled times in an AdvancedCronJob's children's names (scheduledRunIds).
   */
  ids: ReadonlySet<string>;
}

/** The random name parts of a list of pods: their INSTANCE_ID_LABEL values and generated name suffixes. */
export function instanceIds(pods: readonly Json[]): Set<string> {
  const ids = new Set<string>();
  for (const pod of pods) {
    const meta = field(pod, 'metadata');
    const id = field(field(meta, 'labels'), INSTANCE_ID_LABEL);
    if (typeof id === 'string' && id !== '') ids.add(id);
    const name = field(meta, 'name');
    const generateName = field(meta, 'generateName');
    if (typeof name === 'string' && typeof generateName === 'string' && generateName !== '') {
      // Only what the apiserver appended: a controller that sets generateName and then a name of its own (an
      // Advanced StatefulSet's `db-` and `db-2`) chose that name, and its ordinal must count.
      const suffix = name.startsWith(generateName) ? name.slice(generateName.length) : '';
      if (GENERATED_SUFFIX.test(suffix)) ids.add(suffix);
    }
  }
  return ids;
}

function field(value: Json | undefined, key: string): Json | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value[key] : undefined;
}

/**
 * The Unix times in the names of an AdvancedCronJob's children: Kruise names each `<cronjob>-<unix seconds of the
 * scheduled run>` (pkg/controller/advancedcronjob/advancedcronjob_job_controller.go, constructJobForCronJob), a
 * time each cluster comes to by itself. Only a child whose controller is an AdvancedCronJob and whose name is that
 * owner's name, a dash and digits counts, so a child named otherwise still shows as a difference.
 */
export function scheduledRunIds(children: readonly Json[]): Set<string> {
  const ids = new Set<string>();
  for (const child of children) {
    const meta = field(child, 'metadata');
    const name = field(meta, 'name');
    const owners = field(meta, 'ownerReferences');
    if (typeof name !== 'string' || !Array.isArray(owners)) continue;
    for (const owner of owners) {
      const ownerName = field(owner, 'name');
      if (field(owner, 'kind') !== 'AdvancedCronJob' || field(owner, 'controller') !== true) continue;
      if (typeof ownerName !== 'string' || !name.startsWith(`${ownerName}-`)) continue;
      const suffix = name.slice(ownerName.length + 1);
      if (/^\d+$/.test(suffix)) ids.add(suffix);
    }
  }
  return ids;
}

/**
 * A string with times, uids and instance ids replaced by placeholders. An id counts as a whole string or as any
 * dash-separated part after the first (`web-<id>`, and `hourly-<id>-<id>` for a pod of a cron job's child).
 */
export function normalizeString(s: string, ctx: NormalizeContext): string {
  if (TIME.test(s)) return '<time>';
  if (ctx.ids.has(s)) return '<id>';
  const parts = s.replace(UUID, '<uid>').split('-');
  return parts.map((part, i) => (i > 0 && ctx.ids.has(part) ? '<id>' : part)).join('-');
}

/**
 * A value with every string normalized, object keys sorted, and a string that holds a JSON object or array
 * (Kruise keeps state such as the in-place update state in annotations as JSON) normalized as that value, so
 * its field order and timestamps do not count.
 */
export function normalizeValue(value: Json, ctx: NormalizeContext): Json {
  if (typeof value === 'string') {
    const trimmed = value.trimStart();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
      try {
        return { '<json>': normalizeValue(JSON.parse(value) as Json, ctx) };
      } catch {
        // Not JSON after all: an ordinary string.
      }
    }
    return normalizeString(value, ctx);
  }
  if (Array.isArray(value)) return byType(value.map((v) => normalizeValue(v, ctx)));
  if (value !== null && typeof value === 'object') {
    const out: { [key: string]: Json } = {};
    for (const key of Object.keys(value).sort()) {
      const v = value[key];
      if (v !== undefined) out[normalizeString(key, ctx)] = normalizeValue(v, ctx);
    }
    return out;
  }
  return value;
}

/**
 * A list of conditions (objects keyed by their `type`) in type order: a list map, whose order follows which
 * writer came first (the fake kubelet or a controller), not what either wrote.
 */
function byType(list: Json[]): Json[] {
  const typeOf = (v: Json) => field(v, 'type');
  if (list.length < 2 || !list.every((v) => typeof typeOf(v) === 'string')) return list;
  return [...list].sort((a, b) => cmp(String(typeOf(a)), String(typeOf(b))));
}

/**
 * An object without what its cluster assigned (DROPPED_METADATA; a pod's addresses and container ids), and with a
 * resourceVersion a HotUpgrade slot's version annotation holds as `<resourceVersion>`.
 */
export function withoutClusterFields(obj: Json): Json {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return obj;
  const out: { [key: string]: Json } = { ...obj };
  const meta = field(obj, 'metadata');
  if (meta !== null && typeof meta === 'object' && !Array.isArray(meta)) {
    const kept = Object.fromEntries(Object.entries(meta).filter(([k]) => !DROPPED_METADATA.has(k)));
    const annotations = field(meta, 'annotations');
    if (annotations !== null && typeof annotations === 'object' && !Array.isArray(annotations)) {
      kept.annotations = Object.fromEntries(
        Object.entries(annotations).map(([k, v]) => [
          k,
          SIDECARSET_VERSION_ANNOTATION.test(k) && typeof v === 'string' && RESOURCE_VERSION_VALUE.test(v)
            ? '<resourceVersion>'
            : v,
        ]),
      );
    }
    out.metadata = kept;
  }
  const status = field(obj, 'status');
  if (
    field(obj, 'kind') === 'Pod' &&
    status !== null &&
    typeof status === 'object' &&
    !Array.isArray(status)
  ) {
    const kept: { [key: string]: Json } = {};
    for (const [k, v] of Object.entries(status)) {
      if (DROPPED_POD_STATUS.has(k)) continue;
      kept[k] = k.endsWith('ontainerStatuses') && Array.isArray(v) ? v.map(withoutContainerId) : v;
    }
    out.status = kept;
  }
  return out;
}

function withoutContainerId(status: Json): Json {
  if (status === null || typeof status !== 'object' || Array.isArray(status)) return status;
  const { containerID: _dropped, ...rest } = status;
  return rest;
}

/**
 * One category of a snapshot: each object without its cluster's fields, normalized, grouped under its normalized
 * name (CloneSet pods of one set share `<set>-<id>`), each group sorted so that equal groups compare equal.
 */
export function snapshotCategory(objects: readonly Json[], ctx: NormalizeContext): Record<string, Json[]> {
  const groups: Record<string, Json[]> = {};
  for (const obj of objects) {
    const name = field(field(obj, 'metadata'), 'name');
    const key = normalizeString(typeof name === 'string' ? name : '<unnamed>', ctx);
    const group = groups[key] ?? [];
    group.push(normalizeValue(withoutClusterFields(obj), ctx));
    groups[key] = group;
  }
  const sorted: Record<string, Json[]> = {};
  for (const key of Object.keys(groups).sort()) {
    sorted[key] = (groups[key] ?? []).sort((a, b) => cmp(JSON.stringify(a), JSON.stringify(b)));
  }
  return sorted;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Events as what a user reads from `kubectl get events`: which object, which type and reason, how many Events
 * were written (not their counts or messages, which follow timing and the recorders' aggregation).
 */
export function eventReasons(events: readonly Json[], ctx: NormalizeContext): Record<string, Json[]> {
  const reasons = new Set<string>();
  for (const e of events) {
    const involved = field(e, 'involvedObject') ?? field(e, 'regarding');
    const kind = field(involved, 'kind');
    const name = field(involved, 'name');
    const reason = field(e, 'reason');
    const type = field(e, 'type');
    if (typeof kind !== 'string' || typeof name !== 'string' || typeof reason !== 'string') continue;
    // Events the cluster writes itself (the scheduler's Scheduled, the fake kubelet's) are not a controller's.
    const source = field(field(e, 'source'), 'component') ?? field(e, 'reportingComponent');
    if (source === 'default-scheduler' || source === 'kubelet') continue;
    reasons.add(`${kind}/${normalizeString(name, ctx)} ${typeof type === 'string' ? type : ''} ${reason}`);
  }
  return Object.fromEntries([...reasons].sort().map((r) => [r, [true]]));
}
