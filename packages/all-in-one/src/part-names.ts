// Which services the all-in-one process runs (KRUISE_TS_ALL_IN_ONE_PARTS): names checked against the known
// parts, kept in start order. Pure, so it is table-tested without servers.

/** Every part, in start order. */
export const PART_NAMES = [
  'cert-manager',
  'webhook-server',
  'watcher',
  'cloneset-controller',
  'sidecarset-controller',
  'broadcastjob-controller',
  'advancedcronjob-controller',
  'statefulset-controller',
  'revision-gc',
] as const;

export type PartName = (typeof PART_NAMES)[number];

const SETTING = 'KRUISE_TS_ALL_IN_ONE_PARTS';

/** The parts a list names (unset: all), in start order; an unknown or repeated name or an empty list is an error. */
export function selectParts(requested: readonly string[] | undefined): PartName[] {
  if (requested === undefined) return [...PART_NAMES];
  const names = requested.map((n) => n.trim()).filter((n) => n !== '');
  const unknown = names.filter((n) => !(PART_NAMES as readonly string[]).includes(n));
  if (unknown.length > 0) {
    throw new Error(`${SETTING}: unknown part ${unknown.join(', ')} (known: ${PART_NAMES.join(', ')})`);
  }
  const repeated = names.filter((n, i) => names.indexOf(n) !== i);
  if (repeated.length > 0) throw new Error(`${SETTING}: ${repeated.join(', ')} named twice`);
  if (names.length === 0) throw new Error(`${SETTING}: names no part (unset it to run all)`);
  return PART_NAMES.filter((n) => names.includes(n));
}
