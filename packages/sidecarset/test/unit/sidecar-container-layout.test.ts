// The SidecarContainer layout the hashes and revisions decode with (apis/apps/v1alpha1/sidecarset_types.go): Kruise's
// fields after the embedded Container's, in declaration order, with their tags' omitempty.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CORE_V1_LAYOUT, GoDecodeError, marshalGoJsonInOrder, normaliseAsGoStruct } from '@kruise-ts/core';
import { goSidecarContainer, goSidecarContainers } from '../../src/hash.ts';
import {
  KRUISE_SIDECAR_CONTAINER_STRUCTS,
  SIDECAR_CONTAINER_LAYOUT,
} from '../../src/sidecar-container-layout.ts';

const encode = (c: unknown) => marshalGoJsonInOrder(goSidecarContainer(c));

describe('SidecarContainer layout', () => {
  it('names no core/v1 struct, and every field notation resolves in the combined table', () => {
    for (const name of Object.keys(KRUISE_SIDECAR_CONTAINER_STRUCTS)) {
      assert.equal(CORE_V1_LAYOUT[name], undefined, name);
      assert.doesNotThrow(() => normaliseAsGoStruct({}, { layout: SIDECAR_CONTAINER_LAYOUT }, name), name);
    }
  });
  it('writes the non-pointer structs even when unset, and drops empty omitempty fields', () => {
    assert.equal(
      encode({ podInjectPolicy: '', transferEnv: [], shareVolumeDevicePolicy: null, unknown: 1 }),
      '{"name":"","resources":{},"upgradeStrategy":{},"shareVolumePolicy":{}}',
    );
    assert.equal(
      encode({
        name: 'c',
        resourcesPolicy: {},
        transferEnv: [{ sourceContainerNameFrom: {}, envNames: [] }],
      }),
      '{"name":"c","resources":{},"upgradeStrategy":{},"shareVolumePolicy":{},' +
        '"transferEnv":[{"sourceContainerNameFrom":{}}],' +
        '"resourcesPolicy":{"targetContainersMode":"","resourcesExpr":{}}}',
    );
  });
  it('writes every Kruise field in Go declaration order, whatever the order of the input', () => {
    const container = {
      resourcesPolicy: {
        resourcesExpr: { requests: { memory: 'memory/2', cpu: 'cpu' }, limits: { memory: '1Gi' } },
        targetContainersNameRegex: '^main$',
        targetContainersMode: 'max',
      },
      transferEnv: [
        {
          envNames: ['B', 'A'],
          envName: 'E',
          sourceContainerNameFrom: { fieldRef: { fieldPath: "metadata.labels['app']" } },
          sourceContainerName: 'main',
        },
      ],
      shareVolumeDevicePolicy: { type: 'enabled' },
      shareVolumePolicy: { type: 'disabled' },
      upgradeStrategy: { hotUpgradeEmptyImage: 'empty:1', upgradeType: 'HotUpgrade' },
      podInjectPolicy: 'AfterAppContainer',
      image: 'envoy:1',
      name: 'envoy',
    };
    assert.equal(
      encode(container),
      '{"name":"envoy","image":"envoy:1","resources":{},"podInjectPolicy":"AfterAppContainer",' +
        '"upgradeStrategy":{"upgradeType":"HotUpgrade","hotUpgradeEmptyImage":"empty:1"},' +
        '"shareVolumePolicy":{"type":"disabled"},"shareVolumeDevicePolicy":{"type":"enabled"},' +
        '"transferEnv":[{"sourceContainerName":"main","sourceContainerNameFrom":{"fieldRef":' +
        '{"fieldPath":"metadata.labels[\'app\']"}},"envName":"E","envNames":["B","A"]}],' +
        '"resourcesPolicy":{"targetContainersMode":"max","targetContainersNameRegex":"^main$",' +
        '"resourcesExpr":{"limits":{"memory":"1Gi"},"requests":{"cpu":"cpu","memory":"memory/2"}}}}',
    );
  });
  it('keeps a nil list apart from an empty one and reports where Go would fail to decode', () => {
    assert.equal(goSidecarContainers(undefined, 'spec.containers'), null);
    assert.deepEqual(goSidecarContainers([], 'spec.containers'), []);
    assert.throws(
      () => goSidecarContainers([{ name: 'a' }, { transferEnv: [{ envNames: [1] }] }], 'spec.containers'),
      (err: unknown) =>
        err instanceof GoDecodeError && err.path === 'spec.containers[1].transferEnv[0].envNames[0]',
    );
  });
});
