// The partition of a namespace: FNV-1a 32-bit over its UTF-8 bytes, mod the partition count. This is exactly
// what nats-server's subject-mapping `partition(n, token)` transform computes (server/subject_transform.go,
// getHashPartition: fnv.New32a over the token bytes, Sum32() % n), so a server-side mapping and this
// function always agree; a workload and its pods share a namespace and therefore a partition.

const encoder = new TextEncoder();
const OFFSET_BASIS = 0x811c9dc5;
const PRIME = 0x01000193;

export function fnv1a32(data: Uint8Array | string): number {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  let hash = OFFSET_BASIS;
  for (const byte of bytes) {
    hash ^= byte;
    hash = Math.imul(hash, PRIME);
  }
  return hash >>> 0;
}

export function partitionOf(namespace: string, partitions: number): number {
  if (!Number.isSafeInteger(partitions) || partitions < 1) {
    throw new Error(`partition count must be a positive integer, got ${partitions}`);
  }
  return fnv1a32(namespace) % partitions;
}
