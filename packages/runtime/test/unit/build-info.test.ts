// A service's build: version from its package.json, commit from the image's env before git, the gauge and the
// /version document; and what a controller does with refused bus messages (blocks the partition, counts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CONTRACT_VERSION, type ContractRefusal, publisherBuild } from '@kruise-ts/bus';
import { Registry } from 'prom-client';
import type { ObjectCache } from '../../src/cache/object-cache.ts';
import { contractRefusals } from '../../src/contract-refusals.ts';
import {
  announceBuild,
  buildCommit,
  currentBuild,
  packageVersion,
  registerBuildInfo,
  versionDocument,
} from '../../src/service/build-info.ts';

describe('build info', () => {
  test('the version is the nearest package.json', () => {
    assert.equal(packageVersion(import.meta.url), '0.2.0');
  });
  test('KRUISE_TS_BUILD_COMMIT wins over git; no git is `unknown`', () => {
    assert.equal(buildCommit({ KRUISE_TS_BUILD_COMMIT: 'abc1234' }, '/'), 'abc1234');
    assert.equal(buildCommit({}, '/'), 'unknown');
    assert.match(buildCommit({}, process.cwd()), /^[0-9a-f]{40}$|^unknown$/);
  });
  test('announceBuild declares the build to the bus and for /version', () => {
    const info = announceBuild({
      service: 'probe',
      moduleUrl: import.meta.url,
      env: { KRUISE_TS_BUILD_COMMIT: 'deadbeef' },
    });
    assert.deepEqual(info, {
      service: 'probe',
      version: '0.2.0',
      commit: 'deadbeef',
      contractVersion: CONTRACT_VERSION,
    });
    assert.deepEqual(currentBuild(), info);
    assert.deepEqual(publisherBuild(), { service: 'probe', version: '0.2.0' });
    assert.deepEqual(JSON.parse(versionDocument(info)), info);
  });
  test('kruise_ts_build_info is 1 with the build labels, registered once', async () => {
    const registry = new Registry();
    const info = { service: 'probe', version: '0.2.0', commit: 'deadbeef', contractVersion: 2 };
    registerBuildInfo(registry, info);
    registerBuildInfo(registry, info);
    assert.match(
      await registry.metrics(),
      /kruise_ts_build_info\{service="probe",version="0\.2\.0",commit="deadbeef"\} 1/,
    );
  });
});

describe('contract refusals', () => {
  const refusal: ContractRefusal = {
    subject: 'kruise.objects.CloneSet.apps_kruise_io.3.ns.web',
    seq: 7,
    version: 4,
    reason: 'contract version 4 is outside 1..3 readable by contract 2',
    stream: 'objects',
    subjectKind: 'CloneSet',
    partition: 3,
    key: 'ns/web',
  };
  const cacheWith = (held: ContractRefusal[]) =>
    ({
      refusals: (p: number | undefined) => held.filter((r) => r.partition === p),
    }) as unknown as ObjectCache;

  test('counts by subject kind and version', async () => {
    const registry = new Registry();
    const r = contractRefusals({ controller: 'cloneset', registry });
    r.onRefused(refusal);
    assert.match(
      await registry.metrics(),
      /kruise_ts_bus_contract_refused_total\{subject_kind="CloneSet",version="4"\} 1/,
    );
  });
  test('blocks only the partition holding a refused message', () => {
    const r = contractRefusals({ controller: 'cloneset' });
    assert.equal(r.blocks(cacheWith([refusal]), 3, 'ns/other'), true);
    assert.equal(r.blocks(cacheWith([refusal]), 4, 'other/web'), false);
    assert.equal(r.blocks(cacheWith([]), 3, 'ns/web'), false);
  });
});
