// An RFC 6902 diff in the shape of appscode/jsonpatch's CreatePatch, which Kruise runs over two revisions' data to
// decide what changed (docs/behaviour/cloneset.md#in-place-able): objects key by key, equal-length arrays element by element, arrays of
// different length as whole-element adds/removes, anything else as a replace.

export type JsonDiffValue = unknown;

export interface JsonPatchOp {
  op: 'add' | 'remove' | 'replace';
  path: string;
  value?: JsonDiffValue;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

// RFC 6901 escaping of a reference token.
const token = (key: string | number): string => String(key).replaceAll('~', '~0').replaceAll('/', '~1');

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    return (
      ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]))
    );
  }
  return false;
}

function diffArrays(a: unknown[], b: unknown[], path: string, out: JsonPatchOp[]): void {
  if (a.length === b.length) {
    a.forEach((x, i) => {
      diffValues(x, b[i], `${path}/${i}`, out);
    });
    return;
  }
  // Elements only in `a` are removed (from the end, so indexes stay valid), elements only in `b` are added.
  for (let i = a.length - 1; i >= 0; i--) {
    if (!b.some((y) => deepEqual(a[i], y))) out.push({ op: 'remove', path: `${path}/${i}` });
  }
  b.forEach((y, i) => {
    if (!a.some((x) => deepEqual(x, y))) out.push({ op: 'add', path: `${path}/${i}`, value: y });
  });
}

function diffValues(a: unknown, b: unknown, path: string, out: JsonPatchOp[]): void {
  if (isObject(a) && isObject(b)) {
    diffObjects(a, b, path, out);
  } else if (Array.isArray(a) && Array.isArray(b)) {
    diffArrays(a, b, path, out);
  } else if (!deepEqual(a, b)) {
    out.push({ op: 'replace', path, value: b });
  }
}

function diffObjects(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  path: string,
  out: JsonPatchOp[],
): void {
  for (const key of Object.keys(b).sort()) {
    if (!Object.hasOwn(a, key)) out.push({ op: 'add', path: `${path}/${token(key)}`, value: b[key] });
    else diffValues(a[key], b[key], `${path}/${token(key)}`, out);
  }
  for (const key of Object.keys(a).sort()) {
    if (!Object.hasOwn(b, key)) out.push({ op: 'remove', path: `${path}/${token(key)}` });
  }
}

/** The operations turning `a` into `b` (both parsed JSON). */
export function createJsonPatch(a: unknown, b: unknown): JsonPatchOp[] {
  const out: JsonPatchOp[] = [];
  diffValues(a, b, '', out);
  return out;
}
