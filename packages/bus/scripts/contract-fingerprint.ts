// The fingerprint of the bus contract: a hash over everything two builds must agree on to share a bus — the
// .proto files, subjects as the code builds them, the partition function on fixed vectors, the lease keys and
// the payload apiVersions. contract.lock.json records it with the contract version; the unit test recomputes
// it, so a contract change without a version bump fails. `npm run contract:lock` rewrites the lock file.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CONTRACT_SKEW,
  CONTRACT_VERSION,
  CONTRACT_VERSION_HEADER,
  LEASE_KEYS,
  leaseMemberKey,
  leasePartitionKey,
  PARTITION_FUNCTION,
  PAYLOAD_VERSIONS,
  PUBLISHER_HEADER,
  SUBJECT_TEMPLATES,
} from '../src/contract.ts';
import { partitionOf } from '../src/partition.ts';
import { PROTO_TYPE_HEADER } from '../src/publish.ts';
import { eventSubject, objectSubject } from '../src/subjects.ts';
import { topology } from '../src/topology.ts';
import { partitionVectors } from '../test/partition-vectors.ts';
import { protoRoot } from './generate.ts';

export const lockFile = join(dirname(fileURLToPath(import.meta.url)), '..', 'contract.lock.json');

export interface ContractLock {
  contractVersion: number;
  fingerprint: string;
}

function protoFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? protoFiles(join(dir, e.name)) : e.name.endsWith('.proto') ? [join(dir, e.name)] : [],
    )
    .sort();
}

/** What the fingerprint hashes, as plain data (shown by the test when it differs). */
export function contractMaterial(): Record<string, unknown> {
  const t = topology({ prefix: 'kruise', partitions: 16 });
  const samples = [
    { group: 'apps.kruise.io', kind: 'CloneSet', namespace: 'default', name: 'web' },
    { group: '', kind: 'Pod', namespace: 'team.a', name: 'web-0 x' },
    { group: '', kind: 'Node', namespace: '', name: 'node-1' },
  ];
  return {
    protos: protoFiles(protoRoot).map((file) => ({
      file: relative(protoRoot, file),
      sha256: createHash('sha256').update(readFileSync(file)).digest('hex'),
    })),
    subjects: {
      templates: SUBJECT_TEMPLATES,
      objects: samples.map((s) => objectSubject(t, s)),
      events: [eventSubject(t, 'RolloutProgress', { namespace: 'default', name: 'web' })],
    },
    partition: {
      function: PARTITION_FUNCTION,
      vectors: partitionVectors.map((v) => [
        v.namespace,
        partitionOf(v.namespace, 16),
        partitionOf(v.namespace, 7),
        partitionOf(v.namespace, 1000),
      ]),
    },
    leaseKeys: {
      templates: LEASE_KEYS,
      samples: [leaseMemberKey('cloneset', 'pod-1.x'), leasePartitionKey('cloneset', 3)],
    },
    payload: PAYLOAD_VERSIONS,
    headers: [PROTO_TYPE_HEADER, CONTRACT_VERSION_HEADER, PUBLISHER_HEADER],
    skew: CONTRACT_SKEW,
  };
}

export function contractFingerprint(): string {
  return createHash('sha256').update(JSON.stringify(contractMaterial())).digest('hex');
}

export function readLock(): ContractLock {
  return JSON.parse(readFileSync(lockFile, 'utf8')) as ContractLock;
}

if (import.meta.main) {
  const lock: ContractLock = { contractVersion: CONTRACT_VERSION, fingerprint: contractFingerprint() };
  writeFileSync(lockFile, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`contract ${lock.contractVersion}: ${lock.fingerprint} → ${relative(process.cwd(), lockFile)}`);
}
