// The "InPlaceOnly may only change images" rule: RFC 6902 operations between two pod specs (what Kruise gets
// from jsonpatch.CreatePatch on the JSON of old and new template.spec).
export interface JsonPatchOp {
  op: 'add' | 'remove' | 'replace';
  path: string;
}

const pointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** RFC 6902 operations turning `from` into `to` (objects by key, arrays by index). */
export function jsonPatchOps(from: unknown, to: unknown, at = ''): JsonPatchOp[] {
  if (from === to) return [];
  const bothArrays = Array.isArray(from) && Array.isArray(to);
  const bothObjects =
    typeof from === 'object' &&
    typeof to === 'object' &&
    from !== null &&
    to !== null &&
    !Array.isArray(from) &&
    !Array.isArray(to);
  if (bothArrays) {
    const a = from as unknown[];
    const b = to as unknown[];
    const ops: JsonPatchOp[] = [];
    for (let i = 0; i < Math.min(a.length, b.length); i++)
      ops.push(...jsonPatchOps(a[i], b[i], `${at}/${i}`));
    for (let i = a.length; i < b.length; i++) ops.push({ op: 'add', path: `${at}/${i}` });
    for (let i = a.length - 1; i >= b.length; i--) ops.push({ op: 'remove', path: `${at}/${i}` });
    return ops;
  }
  if (bothObjects) {
    const a = from as Record<string, unknown>;
    const b = to as Record<string, unknown>;
    const ops: JsonPatchOp[] = [];
    for (const key of Object.keys(a)) {
      if (a[key] === undefined) continue;
      if (!Object.hasOwn(b, key) || b[key] === undefined)
        ops.push({ op: 'remove', path: `${at}/${pointer(key)}` });
      else ops.push(...jsonPatchOps(a[key], b[key], `${at}/${pointer(key)}`));
    }
    for (const key of Object.keys(b)) {
      if (b[key] !== undefined && (!Object.hasOwn(a, key) || a[key] === undefined)) {
        ops.push({ op: 'add', path: `${at}/${pointer(key)}` });
      }
    }
    return ops;
  }
  return [{ op: 'replace', path: at }];
}

/** The first patch op between two template specs that is not an image replacement, per the given path rule. */
export function firstNonImageChange(
  oldSpec: unknown,
  newSpec: unknown,
  imagePath: RegExp,
): JsonPatchOp | undefined {
  return jsonPatchOps(oldSpec ?? {}, newSpec ?? {}).find(
    (p) => p.op !== 'replace' || !imagePath.test(p.path),
  );
}
