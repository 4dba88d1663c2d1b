// 32-bit FNV hashes (Go's hash/fnv New32 and New32a). Kubernetes names ControllerRevisions with FNV-1 (multiply,
// then xor); partitioning and several Kruise hashes use FNV-1a (xor, then multiply).

const OFFSET_BASIS_32 = 0x811c9dc5;
const PRIME_32 = 0x01000193;

const utf8 = new TextEncoder();

function bytesOf(input: string | Uint8Array): Uint8Array {
  // TextEncoder turns lone surrogates into U+FFFD, the same bytes Go holds after decoding such a string.
  return typeof input === 'string' ? utf8.encode(input) : input;
}

/** Incremental FNV-1 32-bit hasher, for hashing several writes as one stream (data, then the collision count). */
export interface Fnv32 {
  write(input: string | Uint8Array): void;
  sum32(): number;
}

export function newFnv1(): Fnv32 {
  let h = OFFSET_BASIS_32;
  return {
    write(input) {
      for (const b of bytesOf(input)) {
        h = Math.imul(h, PRIME_32) >>> 0;
        h = (h ^ b) >>> 0;
      }
    },
    sum32: () => h,
  };
}

export function newFnv1a(): Fnv32 {
  let h = OFFSET_BASIS_32;
  return {
    write(input) {
      for (const b of bytesOf(input)) {
        h = (h ^ b) >>> 0;
        h = Math.imul(h, PRIME_32) >>> 0;
      }
    },
    sum32: () => h,
  };
}

export function fnv1_32(input: string | Uint8Array): number {
  const h = newFnv1();
  h.write(input);
  return h.sum32();
}

export function fnv1a_32(input: string | Uint8Array): number {
  const h = newFnv1a();
  h.write(input);
  return h.sum32();
}
