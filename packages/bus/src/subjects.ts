// Subjects of the bus:
//   <prefix>.objects.<Kind>.<group>.<partition>.<namespace>.<name>   last value of one object
//   <prefix>.events.<EventType>.<partition>.<namespace>.<name>       domain events about one object
// Every variable part is one token (see tokens.ts); cluster-scoped objects are unpartitioned and use `_` for
// both partition and namespace, so `<...>.<Kind>.<group>._.>` selects them all.
import { partitionOf } from './partition.ts';
import { EMPTY_TOKEN, fromToken, type GroupKind, kindTokens, parseKindTokens, toToken } from './tokens.ts';
import type { Topology } from './topology.ts';

export interface ObjectKey extends GroupKind {
  /** Empty for cluster-scoped objects. */
  namespace: string;
  name: string;
}

export interface ParsedObjectSubject extends ObjectKey {
  /** undefined for cluster-scoped objects. */
  partition: number | undefined;
}

/** The partition of an object in a namespace; undefined for cluster-scoped (unpartitioned) objects. */
export function partitionFor(topology: Topology, namespace: string): number | undefined {
  return namespace === '' ? undefined : partitionOf(namespace, topology.partitions);
}

function placeTokens(topology: Topology, namespace: string, name: string): string {
  if (name === '') throw new Error('an object subject needs a name');
  const partition = partitionFor(topology, namespace);
  return `${partition === undefined ? EMPTY_TOKEN : partition}.${toToken(namespace)}.${toToken(name)}`;
}

export function objectSubject(topology: Topology, key: ObjectKey): string {
  return `${topology.objects.subjectRoot}.${kindTokens(key)}.${placeTokens(topology, key.namespace, key.name)}`;
}

export function parseObjectSubject(topology: Topology, subject: string): ParsedObjectSubject {
  const root = `${topology.objects.subjectRoot}.`;
  const rest = subject.startsWith(root) ? subject.slice(root.length).split('.') : [];
  if (rest.length !== 5) throw new Error(`'${subject}' is not an object subject under '${root}'`);
  const [kind, group, partition, namespace, name] = rest as [string, string, string, string, string];
  return {
    ...parseKindTokens(kind, group),
    partition: partition === EMPTY_TOKEN ? undefined : Number(partition),
    namespace: fromToken(namespace),
    name: fromToken(name),
  };
}

export interface ObjectSelection {
  /** Partitions whose namespaced objects are wanted. */
  partitions: Iterable<number>;
  /** Kinds wanted; all kinds when omitted. */
  kinds?: readonly GroupKind[];
  /** Also select cluster-scoped (unpartitioned) objects of those kinds. Default true. */
  clusterScoped?: boolean;
}

function checkedPartitions(topology: Topology, partitions: Iterable<number>): number[] {
  const unique = [...new Set(partitions)].sort((a, b) => a - b);
  for (const p of unique) {
    if (!Number.isInteger(p) || p < 0 || p >= topology.partitions) {
      throw new Error(`partition ${p} is outside 0..${topology.partitions - 1}`);
    }
  }
  return unique;
}

/** Non-overlapping filter subjects for a consumer of the object stream. */
export function objectFilterSubjects(topology: Topology, selection: ObjectSelection): string[] {
  const kinds = selection.kinds === undefined ? ['*.*'] : [...new Set(selection.kinds.map(kindTokens))];
  const places = checkedPartitions(topology, selection.partitions).map(String);
  if (selection.clusterScoped ?? true) places.push(EMPTY_TOKEN);
  return kinds.flatMap((kind) => places.map((place) => `${topology.objects.subjectRoot}.${kind}.${place}.>`));
}

export interface EventPlace {
  /** Empty when the event is about a cluster-scoped object. */
  namespace: string;
  name: string;
}

export function eventSubject(topology: Topology, type: string, place: EventPlace): string {
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(type)) throw new Error(`event type '${type}' is not an identifier`);
  return `${topology.events.subjectRoot}.${type}.${placeTokens(topology, place.namespace, place.name)}`;
}

export interface ParsedEventSubject extends EventPlace {
  type: string;
  partition: number | undefined;
}

export function parseEventSubject(topology: Topology, subject: string): ParsedEventSubject {
  const root = `${topology.events.subjectRoot}.`;
  const rest = subject.startsWith(root) ? subject.slice(root.length).split('.') : [];
  if (rest.length !== 4) throw new Error(`'${subject}' is not an event subject under '${root}'`);
  const [type, partition, namespace, name] = rest as [string, string, string, string];
  return {
    type,
    partition: partition === EMPTY_TOKEN ? undefined : Number(partition),
    namespace: fromToken(namespace),
    name: fromToken(name),
  };
}

export interface EventSelection {
  /** Event types wanted; all when omitted. */
  types?: readonly string[];
  /** Partitions wanted (plus events about cluster-scoped objects); all when omitted. */
  partitions?: Iterable<number>;
}

export function eventFilterSubjects(topology: Topology, selection: EventSelection = {}): string[] {
  const types = selection.types === undefined ? ['*'] : [...new Set(selection.types)];
  const places =
    selection.partitions === undefined
      ? ['*']
      : [...checkedPartitions(topology, selection.partitions).map(String), EMPTY_TOKEN];
  return types.flatMap((type) => places.map((place) => `${topology.events.subjectRoot}.${type}.${place}.>`));
}
