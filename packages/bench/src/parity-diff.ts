// Where two parity snapshots differ, field by field: Kruise's on one side, kruise-ts's on the other. Pure.
import type { Json, Snapshot } from './parity-normalize.ts';

export interface Difference {
  /** `<category>/<name>[<n>]` then the field path, e.g. `pods/web-<id>[0].metadata.labels["a"]`. */
  path: string;
  /** The value on Kruise's side; undefined when it has none. */
  kruise: Json | undefined;
  /** The value on kruise-ts's side; undefined when it has none. */
  kruiseTs: Json | undefined;
}

const isRecord = (v: Json | undefined): v is { [key: string]: Json } =>
  v !== null && v !== undefined && typeof v === 'object' && !Array.isArray(v);

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const step = (key: string) => (IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`);

function diffValues(path: string, a: Json | undefined, b: Json | undefined, out: Difference[]): void {
  if (isRecord(a) && isRecord(b)) {
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      diffValues(`${path}${step(key)}`, a[key], b[key], out);
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) diffValues(`${path}[${i}]`, a[i], b[i], out);
    return;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ path, kruise: a, kruiseTs: b });
}

/** Every difference between Kruise's snapshot and kruise-ts's, in a stable order. */
export function diffSnapshots(kruise: Snapshot, kruiseTs: Snapshot): Difference[] {
  const out: Difference[] = [];
  for (const category of [...new Set([...Object.keys(kruise), ...Object.keys(kruiseTs)])].sort()) {
    const a = kruise[category] ?? {};
    const b = kruiseTs[category] ?? {};
    for (const name of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      const ga = a[name] ?? [];
      const gb = b[name] ?? [];
      const at = `${category}/${name}`;
      if (ga.length !== gb.length)
        out.push({ path: `${at} (objects)`, kruise: ga.length, kruiseTs: gb.length });
      for (let i = 0; i < Math.min(ga.length, gb.length); i++) diffValues(`${at}[${i}]`, ga[i], gb[i], out);
    }
  }
  return out;
}

const show = (v: Json | undefined) => (v === undefined ? '(absent)' : JSON.stringify(v));

/**
 * The differences as lines, one per field; a difference found in every one of a group's objects (all pods of a
 * set) is printed once, for its first object.
 */
export function renderDifferences(diffs: readonly Difference[]): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const d of diffs) {
    const general = `${d.path.replace(/\[\d+\]/, '[*]')} ${show(d.kruise)} ${show(d.kruiseTs)}`;
    if (seen.has(general)) continue;
    seen.add(general);
    lines.push(`${d.path}: Kruise ${show(d.kruise)} · kruise-ts ${show(d.kruiseTs)}`);
  }
  return lines;
}
