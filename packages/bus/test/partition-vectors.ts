// FNV-1a 32 vectors computed with Go's hash/fnv (what nats-server's partition() uses); the unit test checks
// our function against them, the e2e test checks them against a running nats-server's partition() mapping.
export const partitionVectors: ReadonlyArray<{
  namespace: string;
  hash: number;
  p16: number;
  p7: number;
  p1000: number;
}> = [
  { namespace: '', hash: 0x811c9dc5, p16: 5, p7: 2, p1000: 261 },
  { namespace: 'a', hash: 0xe40c292c, p16: 12, p7: 5, p1000: 220 },
  { namespace: 'foobar', hash: 0xbf9cf968, p16: 8, p7: 0, p1000: 720 },
  { namespace: 'default', hash: 0x933b5bde, p16: 14, p7: 4, p1000: 894 },
  { namespace: 'kube-system', hash: 0xa275975e, p16: 14, p7: 2, p1000: 454 },
  { namespace: 'kruise-system', hash: 0x408d4a2c, p16: 12, p7: 0, p1000: 388 },
  { namespace: 'team-a', hash: 0x26db73d6, p16: 6, p7: 2, p1000: 246 },
  { namespace: 'team-b', hash: 0x25db7243, p16: 3, p7: 4, p1000: 627 },
  { namespace: 'prod', hash: 0xed3e3174, p16: 4, p7: 1, p1000: 84 },
  { namespace: 'e2e-7f3a9c', hash: 0x4e9c0699, p16: 9, p7: 0, p1000: 153 },
  { namespace: 'x', hash: 0xfd0c5087, p16: 7, p7: 4, p1000: 695 },
  { namespace: 'ns-0', hash: 0x6226a573, p16: 3, p7: 4, p1000: 891 },
  { namespace: '名前空間', hash: 0x5d562f8a, p16: 10, p7: 3, p1000: 354 },
];
