// Which workload a command means: `cloneset/NAME`, `clone/NAME`, `asts/NAME`, `statefulset.apps.kruise.io/NAME`,
// or the two-word form `cloneset NAME`, with the names kubectl resolves through the CRDs' plural, singular and
// short names (deploy/crds). Plain `statefulset`/`sts` stays apps/v1, as kubectl resolves it. Pure.
import { UsageError } from './cli/args.ts';

export interface WorkloadKind {
  kind: 'CloneSet' | 'StatefulSet';
  group: 'apps.kruise.io';
  /** The version read and written: kruise-tools uses v1alpha1 CloneSets and v1beta1 Advanced StatefulSets. */
  version: string;
  plural: string;
  /** How kubectl names the resource in messages (`cloneset.apps.kruise.io/sample`). */
  singular: string;
  /** Human name in status messages. */
  title: string;
}

export const CLONESET: WorkloadKind = {
  kind: 'CloneSet',
  group: 'apps.kruise.io',
  version: 'v1alpha1',
  plural: 'clonesets',
  singular: 'cloneset',
  title: 'CloneSet',
};

export const ADVANCED_STATEFULSET: WorkloadKind = {
  kind: 'StatefulSet',
  group: 'apps.kruise.io',
  version: 'v1beta1',
  plural: 'statefulsets',
  singular: 'statefulset',
  title: 'Advanced StatefulSet',
};

export interface WorkloadRef {
  type: WorkloadKind;
  name: string;
}

const CLONESET_NAMES = ['cloneset', 'clonesets', 'clone'];
const ASTS_NAMES = ['statefulset', 'statefulsets', 'sts', 'asts'];

function kindOf(typeText: string): WorkloadKind {
  const lower = typeText.toLowerCase();
  const [resource = '', ...rest] = lower.split('.');
  const group = rest.join('.');
  // Versioned forms too: clonesets.v1alpha1.apps.kruise.io.
  const groupOnly = group.replace(/^v\d+(?:(?:alpha|beta)\d+)?\./, '');
  if (CLONESET_NAMES.includes(resource) && (group === '' || groupOnly === 'apps.kruise.io')) return CLONESET;
  if (lower === 'asts' || (ASTS_NAMES.includes(resource) && groupOnly === 'apps.kruise.io')) {
    return ADVANCED_STATEFULSET;
  }
  throw new UsageError(
    `the server doesn't have a resource type "${typeText}" that kubectl-kruise supports here (use cloneset/NAME or asts/NAME)`,
  );
}

/** One workload from the positional arguments of a command. */
export function parseWorkloadRef(args: readonly string[]): WorkloadRef {
  if (args.length === 0) throw new UsageError('required resource not specified');
  const first = args[0] as string;
  const slash = first.indexOf('/');
  if (slash >= 0) {
    if (args.length > 1)
      throw new UsageError(
        'there is no need to specify a resource type as a separate argument when passing arguments in resource/name form',
      );
    const name = first.slice(slash + 1);
    if (name === '')
      throw new UsageError(`arguments in resource/name form must have a single resource and name`);
    return { type: kindOf(first.slice(0, slash)), name };
  }
  if (args.length !== 2) throw new UsageError('you must specify one resource: TYPE NAME or TYPE/NAME');
  return { type: kindOf(first), name: args[1] as string };
}

/** `cloneset.apps.kruise.io/sample`, as kubectl prints an object it acted on. */
export function qualifiedName(ref: WorkloadRef): string {
  return `${ref.type.singular}.${ref.type.group}/${ref.name}`;
}

/** `clonesets.apps.kruise.io`, as kubectl names a resource in errors. */
export function resourceName(type: WorkloadKind): string {
  return `${type.plural}.${type.group}`;
}
