// The bus contract: the compatibility rule as a table, and the recorded fingerprint — a change to the protos,
// subjects, partition function, lease keys or payload versions must come with a contract version bump.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { contractFingerprint, contractMaterial, readLock } from '../../scripts/contract-fingerprint.ts';
import { CONTRACT_VERSION, contractDecision, contractVersionOf } from '../../src/contract.ts';

const headers = (value: string | undefined) => ({
  get: (name: string) => (name === 'Kruise-Ts-Contract' ? (value ?? '') : ''),
});

describe('contract version of a message', () => {
  for (const [raw, version] of [
    [undefined, 1],
    ['', 1],
    ['2', 2],
    ['17', 17],
    ['two', Number.NaN],
    ['2.5', Number.NaN],
    ['-1', Number.NaN],
  ] as const) {
    test(`header ${JSON.stringify(raw)} → ${version}`, () =>
      assert.equal(contractVersionOf(headers(raw)), version));
  }
  test('no headers at all is version 1', () => assert.equal(contractVersionOf(undefined), 1));
});

describe('contractDecision: one version back, one forward', () => {
  for (const [own, version, accept] of [
    [2, 1, true],
    [2, 2, true],
    [2, 3, true],
    [2, 4, false],
    [2, 0, false],
    [3, 1, false],
    [3, 2, true],
    [2, Number.NaN, false],
  ] as const) {
    test(`contract ${own} reading ${version}: ${accept ? 'accepted' : 'refused'}`, () => {
      const d = contractDecision(version, own);
      assert.equal(d.accept, accept);
      if (!d.accept) assert.match(d.reason, own === 2 && version === 4 ? /outside 1\.\.3/ : /./);
    });
  }
  test('this build reads the unversioned history (contract 1)', () => {
    assert.equal(CONTRACT_VERSION, 2);
    assert.equal(contractDecision(1).accept, true);
  });
});

describe('contract fingerprint', () => {
  test('matches contract.lock.json for this contract version', () => {
    const lock = readLock();
    const fingerprint = contractFingerprint();
    if (lock.contractVersion === CONTRACT_VERSION) {
      assert.equal(
        fingerprint,
        lock.fingerprint,
        `The bus contract changed (protos, subjects, partition function, lease keys, payload apiVersions or ` +
          `headers) but CONTRACT_VERSION is still ${CONTRACT_VERSION}. Bump CONTRACT_VERSION in ` +
          `packages/bus/src/contract.ts, note the change in packages/bus/CONTRACT.md, then run ` +
          `\`npm run contract:lock -w @kruise-ts/bus\`. Current material:\n${JSON.stringify(contractMaterial(), null, 2)}`,
      );
    } else {
      assert.fail(
        `CONTRACT_VERSION is ${CONTRACT_VERSION} but contract.lock.json records ${lock.contractVersion}: ` +
          'run `npm run contract:lock -w @kruise-ts/bus` to record the new contract.',
      );
    }
  });
  test('covers the partition function', () => {
    const material = contractMaterial() as { partition: { vectors: unknown[] } };
    assert.ok(material.partition.vectors.length >= 10);
  });
});
