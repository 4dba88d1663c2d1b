// Malformed AdmissionReview / ConversionReview bodies: broken JSON, wrong types in every position, truncations,
// deep nesting, prototype keys, and valid-looking reviews with one field mangled. Seeded, so failures replay.
export interface FuzzBody {
  payload: string;
  contentType: string;
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const weird: unknown[] = [
  null,
  0,
  -1,
  1e308,
  '',
  'x',
  true,
  [],
  [1, 2],
  {},
  { a: { b: { c: [] } } },
  '\u0000',
  '😀'.repeat(3),
  { __proto__: { polluted: true } },
];

const base = (kind: string) => ({
  apiVersion: kind === 'ConversionReview' ? 'apiextensions.k8s.io/v1' : 'admission.k8s.io/v1',
  kind,
  request: {
    uid: 'u',
    kind: { group: 'apps.kruise.io', version: 'v1beta1', kind: 'CloneSet' },
    operation: 'CREATE',
    object: {
      apiVersion: 'apps.kruise.io/v1beta1',
      kind: 'CloneSet',
      metadata: { name: 'x' },
      spec: { template: {} },
    },
    oldObject: null,
    desiredAPIVersion: 'apps.kruise.io/v1alpha1',
    objects: [{ apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet', metadata: { name: 'x' }, spec: {} }],
  },
});

function paths(obj: unknown, prefix: string[] = []): string[][] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  const out: string[][] = [prefix];
  for (const [k, v] of Object.entries(obj)) out.push(...paths(v, [...prefix, k]));
  return out;
}

function setAt(obj: Record<string, unknown>, path: string[], value: unknown): void {
  let cur: Record<string, unknown> = obj;
  for (const key of path.slice(0, -1)) cur = cur[key] as Record<string, unknown>;
  const last = path.at(-1);
  if (last !== undefined) cur[last] = value;
}

export function* malformedBodies(count: number, seed: number): Generator<FuzzBody> {
  const random = rng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const json = 'application/json';
  for (let i = 0; i < count; i++) {
    const doc = base(random() < 0.5 ? 'AdmissionReview' : 'ConversionReview');
    const text = JSON.stringify(doc);
    switch (i % 8) {
      case 0: // truncated JSON
        yield { payload: text.slice(0, Math.floor(random() * text.length)), contentType: json };
        break;
      case 1: // one field replaced with a value of another type
      case 2: {
        const path = pick(paths(doc).filter((p) => p.length > 0));
        setAt(doc as unknown as Record<string, unknown>, path, pick(weird));
        yield { payload: JSON.stringify(doc), contentType: json };
        break;
      }
      case 3: // a field removed
        {
          const path = pick(paths(doc).filter((p) => p.length > 0));
          setAt(doc as unknown as Record<string, unknown>, path, undefined);
          yield { payload: JSON.stringify(doc), contentType: json };
        }
        break;
      case 4: // not an object at all
        yield { payload: JSON.stringify(pick(weird)), contentType: json };
        break;
      case 5: // prototype keys
        yield { payload: text.replace('"request"', '"__proto__"'), contentType: json };
        break;
      case 6: // deep nesting
        yield { payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, contentType: json };
        break;
      default: // wrong content type or random bytes
        yield {
          payload: Buffer.from(Array.from({ length: 64 }, () => Math.floor(random() * 256))).toString(
            'latin1',
          ),
          contentType: pick([json, 'text/plain', 'application/x-www-form-urlencoded']),
        };
    }
  }
}
