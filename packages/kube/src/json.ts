// Objects cross three representations: the apiserver's JSON, client-node's deserialised V1 classes (Date
// timestamps) and this project's types (JSON shapes: timestamps stay RFC 3339 strings). These helpers are the
// only places that move between them.

/**
 * The JSON form of a value, as the apiserver would send it: Dates become RFC 3339 strings and undefined fields
 * vanish. Turns a client-node result into the project's type for that kind.
 */
export function plain<T>(value: unknown): T {
  return JSON.parse(JSON.stringify(value));
}

/** A deep, mutable copy, e.g. of a frozen object handed out by a cache, to build a write from. */
export function deepCopy<T>(value: T): T {
  return structuredClone(value);
}

/**
 * A project object as the body of a client-node call. client-node's V1 types describe the same JSON (it
 * serialises strings and Dates alike for timestamps), only their optionality differs, so the object goes as is.
 */
export function asClientBody<T extends object>(value: object): T {
  return value as T;
}
