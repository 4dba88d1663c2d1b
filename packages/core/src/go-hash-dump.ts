// What Kubernetes' DeepHashObject (k8s.io/kubernetes pkg/util/hash, through go-spew's `%#v` with its hashing
// options) writes into the hasher when the object is a []byte: the type in parentheses, then every byte in
// decimal, space-separated, in brackets — `([]uint8)[91 123 34 …]`. Kruise hashes JSON this way
// (pkg/util/volumeclaimtemplate/volume_templates_hash.go), so the hash is of this text, not of the JSON itself.

const encoder = new TextEncoder();

/** The text DeepHashObject hashes for `bytes` (a string is taken as its UTF-8 bytes). */
export function deepHashDumpOfBytes(bytes: string | Uint8Array): string {
  const data = typeof bytes === 'string' ? encoder.encode(bytes) : bytes;
  return `([]uint8)[${data.join(' ')}]`;
}
