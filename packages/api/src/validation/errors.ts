// Field errors shaped and worded like k8s.io/apimachinery/pkg/util/validation/field, so messages read exactly as
// Kruise's webhook denials do: `spec.updateStrategy.partition: Invalid value: -1: must be greater than or equal to 0`.

export type FieldErrorType =
  | 'FieldValueNotFound'
  | 'FieldValueRequired'
  | 'FieldValueDuplicate'
  | 'FieldValueInvalid'
  | 'FieldValueNotSupported'
  | 'FieldValueForbidden'
  | 'FieldValueTooLong'
  | 'FieldValueTooMany'
  | 'InternalError';

export interface FieldError {
  /** k8s reason, e.g. FieldValueInvalid (what the apiserver reports as `causes[].reason`). */
  type: FieldErrorType;
  /** Field path, e.g. `spec.template.spec.containers[0].image`. */
  path: string;
  /** The offending value where the error carries one (Invalid, NotSupported, Duplicate, NotFound). */
  value?: unknown;
  /** Human detail without the path, e.g. `must be greater than or equal to 0`. */
  detail: string;
  /** `<path>: <type text>[: <value>][: <detail>]`, as field.Error.Error() prints it. */
  message: string;
}

const typeText: Record<FieldErrorType, string> = {
  FieldValueNotFound: 'Not found',
  FieldValueRequired: 'Required value',
  FieldValueDuplicate: 'Duplicate value',
  FieldValueInvalid: 'Invalid value',
  FieldValueNotSupported: 'Unsupported value',
  FieldValueForbidden: 'Forbidden',
  FieldValueTooLong: 'Too long',
  FieldValueTooMany: 'Too many',
  InternalError: 'Internal error',
};

/** A field path under construction: `path('spec').child('template', 'spec').index(0)`. */
export interface Path {
  readonly text: string;
  child(...names: string[]): Path;
  index(i: number): Path;
  key(k: string): Path;
}

export function path(...names: string[]): Path {
  return makePath(names.join('.'));
}

function makePath(text: string): Path {
  return {
    text,
    child: (...names) => makePath([text, ...names].filter((s) => s !== '').join('.')),
    index: (i) => makePath(`${text}[${i}]`),
    key: (k) => makePath(`${text}[${k}]`),
  };
}

/** Go's %v / %q / %#v choice in field.Error.ErrorBody, with JSON for structs. */
function renderValue(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function make(
  type: FieldErrorType,
  at: Path,
  detail: string,
  value?: unknown,
  withValue = false,
): FieldError {
  let body = typeText[type];
  if (withValue) body += `: ${renderValue(value)}`;
  if (detail) body += `: ${detail}`;
  const error: FieldError = { type, path: at.text, detail, message: `${at.text}: ${body}` };
  if (withValue) error.value = value;
  return error;
}

export const fieldError = {
  invalid: (at: Path, value: unknown, detail: string) => make('FieldValueInvalid', at, detail, value, true),
  required: (at: Path, detail = '') => make('FieldValueRequired', at, detail),
  forbidden: (at: Path, detail: string) => make('FieldValueForbidden', at, detail),
  duplicate: (at: Path, value: unknown) => make('FieldValueDuplicate', at, '', value, true),
  notFound: (at: Path, value: unknown, detail = '') => make('FieldValueNotFound', at, detail, value, true),
  notSupported: (at: Path, value: unknown, supported: readonly string[]) =>
    make(
      'FieldValueNotSupported',
      at,
      supported.length > 0 ? `supported values: ${supported.map((s) => JSON.stringify(s)).join(', ')}` : '',
      value,
      true,
    ),
  tooLong: (at: Path, maxLength: number) =>
    make('FieldValueTooLong', at, `may not be more than ${maxLength} bytes`),
  /** field.TooLongMaxLength's wording (the older of the two TooLong messages k8s uses). */
  tooLongMaxLength: (at: Path, maxLength: number) =>
    make('FieldValueTooLong', at, `may not be longer than ${maxLength}`),
  internal: (at: Path, cause: Error) => make('InternalError', at, cause.message),
};

/** The k8s aggregate form used in admission denials: one message, or `[m1, m2]`. */
export function aggregateMessage(errors: readonly FieldError[]): string {
  if (errors.length === 1) return errors[0]?.message ?? '';
  return `[${errors.map((e) => e.message).join(', ')}]`;
}
