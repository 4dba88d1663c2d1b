// Turns a TypeBox schema into a structural OpenAPI v3 schema the apiextensions apiserver accepts: only the
// keywords CRDs allow, our own `x-kruise-ts-*` hints resolved, and keys sorted so the output is stable.
import type { TSchema } from '@sinclair/typebox';

export type OpenAPISchema = { [key: string]: unknown };

const copied = new Set([
  'type',
  'format',
  'description',
  'enum',
  'default',
  'minimum',
  'maximum',
  'pattern',
  'nullable',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'x-kubernetes-int-or-string',
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-map-type',
  'x-kubernetes-list-type',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-embedded-resource',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function toOpenAPI(schema: TSchema | OpenAPISchema): OpenAPISchema {
  const source = schema as Record<string, unknown>;
  const out: OpenAPISchema = {};
  for (const key of Object.keys(source)) {
    const value = source[key];
    if (copied.has(key)) out[key] = value;
  }
  if (source['x-kubernetes-int-or-string'] === true) {
    // The only anyOf a structural schema may carry.
    out.anyOf = [{ type: 'integer' }, { type: 'string' }];
    return sortKeys(out);
  }
  if (Array.isArray(source.anyOf)) {
    throw new Error(`non-structural anyOf in schema ${JSON.stringify(source).slice(0, 200)}`);
  }
  if (isRecord(source.properties)) {
    const only = source['x-kruise-ts-crd-only'];
    const keep = Array.isArray(only) ? new Set(only as string[]) : undefined;
    const properties: OpenAPISchema = {};
    for (const [name, sub] of Object.entries(source.properties)) {
      if (keep && !keep.has(name)) continue;
      properties[name] = toOpenAPI(sub as OpenAPISchema);
    }
    out.properties = properties;
    if (keep) out['x-kubernetes-preserve-unknown-fields'] = true;
    const required = Array.isArray(source.required)
      ? (source.required as string[]).filter((name) => name in properties)
      : [];
    if (required.length > 0) out.required = [...required].sort();
  }
  if (isRecord(source.additionalProperties))
    out.additionalProperties = toOpenAPI(source.additionalProperties);
  if (source.patternProperties !== undefined) {
    throw new Error('patternProperties is not allowed in a CRD schema; use StringMap or Schemaless');
  }
  if (isRecord(source.items)) out.items = toOpenAPI(source.items);
  if (out.type === undefined && out['x-kubernetes-preserve-unknown-fields'] !== true) {
    throw new Error(`schema node without type: ${JSON.stringify(source).slice(0, 200)}`);
  }
  return sortKeys(out);
}

function sortKeys(value: OpenAPISchema): OpenAPISchema {
  const sorted: OpenAPISchema = {};
  for (const key of Object.keys(value).sort()) sorted[key] = value[key];
  return sorted;
}
