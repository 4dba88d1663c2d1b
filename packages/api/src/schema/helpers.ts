// TypeBox building blocks that carry both a precise TS type and the OpenAPI shape the CRD needs.
// Keys starting with `x-kruise-ts-` are ours: the CRD renderer drops them (see crd/openapi.ts).
import { type Static, type TSchema, type TUnsafe, Type } from '@sinclair/typebox';

export const Int32 = (options: { default?: number; description?: string; minimum?: number } = {}) =>
  Type.Integer({ format: 'int32', ...options });

export const Int64 = (options: { description?: string } = {}) =>
  Type.Integer({ format: 'int64', ...options });

/** k8s intstr.IntOrString: `5` or `"20%"`. */
export type IntOrString = number | string;
export const IntOrString = (options: { description?: string } = {}): TUnsafe<IntOrString> =>
  Type.Unsafe<IntOrString>({
    anyOf: [{ type: 'integer' }, { type: 'string' }],
    'x-kubernetes-int-or-string': true,
    ...options,
  });

/**
 * A string with a closed set of values for TypeScript. The CRD only gets an `enum` when Kruise's CRD has one
 * (`crdEnum: true`); otherwise unknown values reach the validating webhook, which reports them with Kruise's message.
 */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  options: { crdEnum?: boolean; default?: T[number]; description?: string } = {},
): TUnsafe<T[number]> => {
  const { crdEnum, ...rest } = options;
  return Type.Unsafe<T[number]>({
    type: 'string',
    'x-kruise-ts-enum': [...values],
    ...(crdEnum ? { enum: [...values] } : {}),
    ...rest,
  });
};

export const StringMap = (options: { description?: string } = {}): TUnsafe<Record<string, string>> =>
  Type.Unsafe<Record<string, string>>({
    type: 'object',
    additionalProperties: { type: 'string' },
    ...options,
  });

/** Arbitrary JSON object kept as is by the apiserver. */
export type JsonObject = { [key: string]: unknown };
export const OpaqueObject = (options: { description?: string } = {}): TUnsafe<JsonObject> =>
  Type.Unsafe<JsonObject>({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true, ...options });

/**
 * Typed for TypeScript, schemaless in the CRD (`type: object` + `x-kubernetes-preserve-unknown-fields`).
 * Used for pod templates and PVC templates, as Kruise does: the full core/v1 schema would make each CRD
 * several hundred KiB, and the webhook validates these parts anyway. No `x-kubernetes-embedded-resource`:
 * kube-apiserver 1.36 then requires `apiVersion` and `kind` inside the template, which a PodTemplateSpec lacks.
 */
export const Schemaless = <S extends TSchema>(
  schema: S,
  options: { description?: string } = {},
): TUnsafe<Static<S>> =>
  Type.Unsafe<Static<S>>({
    type: 'object',
    'x-kubernetes-preserve-unknown-fields': true,
    'x-kruise-ts-typed': schema,
    ...options,
  });
