// Property tests: converting any object to the other version and back gives the object again, for every kind and
// both directions, including fields only one version has (kept by the conversion stash annotation).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { convertObject, type KruiseObject } from '../../src/index.ts';
import * as arb from '../fixtures/arbitraries.ts';

const runs = { numRuns: 300 };
/** Objects as they arrive in a ConversionReview: plain JSON. */
const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as KruiseObject;

const cases: [string, fc.Arbitrary<unknown>, string, string][] = [
  ['CloneSet', arb.cloneSetV1alpha1, 'v1alpha1', 'v1beta1'],
  ['CloneSet', arb.cloneSetV1beta1, 'v1beta1', 'v1alpha1'],
  ['StatefulSet', arb.statefulSetV1alpha1, 'v1alpha1', 'v1beta1'],
  ['StatefulSet', arb.statefulSetV1beta1, 'v1beta1', 'v1alpha1'],
  ['SidecarSet', arb.sidecarSetV1alpha1, 'v1alpha1', 'v1beta1'],
  ['SidecarSet', arb.sidecarSetV1beta1, 'v1beta1', 'v1alpha1'],
  ['BroadcastJob', arb.broadcastJobV1alpha1, 'v1alpha1', 'v1beta1'],
  ['BroadcastJob', arb.broadcastJobV1beta1, 'v1beta1', 'v1alpha1'],
  ['AdvancedCronJob', arb.advancedCronJobV1alpha1, 'v1alpha1', 'v1beta1'],
  ['AdvancedCronJob', arb.advancedCronJobV1beta1, 'v1beta1', 'v1alpha1'],
];

describe('lossless conversion round trips (fast-check)', () => {
  for (const [kind, objects, from, to] of cases) {
    test(`${kind} ${from} → ${to} → ${from} returns the original object`, () => {
      fc.assert(
        fc.property(objects, (generated) => {
          const obj = json(generated);
          const there = convertObject(obj, `apps.kruise.io/${to}`);
          assert.equal(there.apiVersion, `apps.kruise.io/${to}`);
          const back = convertObject(there, `apps.kruise.io/${from}`);
          assert.deepEqual(back, obj);
        }),
        runs,
      );
    });

    test(`${kind} ${from} → ${to} → ${from} → ${to} is stable`, () => {
      fc.assert(
        fc.property(objects, (generated) => {
          const obj = json(generated);
          const there = convertObject(obj, `apps.kruise.io/${to}`);
          const again = convertObject(convertObject(there, `apps.kruise.io/${from}`), `apps.kruise.io/${to}`);
          assert.deepEqual(again, there);
        }),
        runs,
      );
    });
  }
});
