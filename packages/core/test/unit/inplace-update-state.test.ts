import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  getInPlaceUpdateGraceAnnotation,
  getInPlaceUpdateState,
  getInPlaceUpdateStateAnnotation,
  INPLACE_UPDATE_GRACE_KEY,
  INPLACE_UPDATE_GRACE_KEY_OLD,
  INPLACE_UPDATE_STATE_KEY,
  INPLACE_UPDATE_STATE_KEY_OLD,
  type InPlaceUpdateState,
  InPlaceUpdateStateError,
  isInPlaceUpdateInGracePeriod,
  parseInPlaceUpdateState,
  serializeInPlaceUpdateState,
  withoutInPlaceUpdateGrace,
} from '../../src/inplace-update-state.ts';

// Expected strings produced by Go's json.Marshal of a struct with Kruise's InPlaceUpdateState field layout.
const GO_FULL =
  '{"revision":"cs-abc","updateTimestamp":"2024-01-02T03:04:05Z","lastContainerStatuses":{"c1":{"imageID":"sha256:a\\u003c"},"c2":{"imageID":"sha256:b"},"c3":{}},"updateImages":true,"nextContainerImages":{"c4":"nginx:2"},"preCheckBeforeNext":{"containersRequiredReady":["c1"]},"containerBatchesRecord":[{"timestamp":"2024-01-02T03:04:05Z","containers":["c1","c2"]}]}';
const GO_ZERO = '{"revision":"rev_new","updateTimestamp":null,"lastContainerStatuses":null}';
const GO_FLAGS =
  '{"revision":"r","updateTimestamp":"2024-01-02T03:04:05Z","lastContainerStatuses":{},"updateEnvFromMetadata":true,"updateResources":true,"preCheckBeforeNext":{}}';

describe('in-place update state annotation (docs/behaviour/cloneset.md#in-place-procedure, #labels)', () => {
  it('serialises like Kruise (Go field order, omitempty, sorted map keys, HTML escaping)', () => {
    const state: InPlaceUpdateState = {
      revision: 'cs-abc',
      updateTimestamp: '2024-01-02T03:04:05Z',
      lastContainerStatuses: { c2: { imageID: 'sha256:b' }, c1: { imageID: 'sha256:a<' }, c3: {} },
      updateImages: true,
      nextContainerImages: { c4: 'nginx:2' },
      preCheckBeforeNext: { containersRequiredReady: ['c1'] },
      containerBatchesRecord: [{ timestamp: '2024-01-02T03:04:05Z', containers: ['c1', 'c2'] }],
    };
    assert.equal(serializeInPlaceUpdateState(state), GO_FULL);
  });
  it('writes the zero state with null timestamp and null statuses', () => {
    assert.equal(
      serializeInPlaceUpdateState({
        revision: 'rev_new',
        updateTimestamp: null,
        lastContainerStatuses: null,
      }),
      GO_ZERO,
    );
  });
  it('writes the flags and an empty pre-check', () => {
    const state: InPlaceUpdateState = {
      revision: 'r',
      updateTimestamp: '2024-01-02T03:04:05Z',
      lastContainerStatuses: {},
      updateEnvFromMetadata: true,
      updateResources: true,
      updateImages: false,
      nextContainerImages: {},
      preCheckBeforeNext: {},
      containerBatchesRecord: [],
    };
    assert.equal(serializeInPlaceUpdateState(state), GO_FLAGS);
  });
  it('round-trips through parse', () => {
    for (const text of [GO_FULL, GO_ZERO, GO_FLAGS]) {
      assert.equal(serializeInPlaceUpdateState(parseInPlaceUpdateState(text)), text);
    }
  });
  it('parses leniently: missing fields take zero values, unknown fields are ignored', () => {
    assert.deepEqual(parseInPlaceUpdateState('{"revision":"x","future":1}'), {
      revision: 'x',
      updateTimestamp: null,
      lastContainerStatuses: null,
    });
  });
  it('parses the Kruise unit-test annotation', () => {
    const s = parseInPlaceUpdateState(
      '{"revision":"new-revision","lastContainerStatuses":{"c1":{"imageID":"img01"}}}',
    );
    assert.deepEqual(s.lastContainerStatuses, { c1: { imageID: 'img01' } });
  });
  it('keeps nested next-batch metadata and resources', () => {
    const s = parseInPlaceUpdateState(
      '{"revision":"r","nextContainerRefMetadata":{"c":{"labels":{"a":"b"}}},"nextContainerResources":{"c":{"limits":{"cpu":"1"}}}}',
    );
    assert.deepEqual(s.nextContainerRefMetadata, { c: { labels: { a: 'b' } } });
    assert.deepEqual(s.nextContainerResources, { c: { limits: { cpu: '1' } } });
    assert.deepEqual(parseInPlaceUpdateState(serializeInPlaceUpdateState(s)), s);
  });
  it('rejects malformed annotations with the cause attached', () => {
    assert.throws(
      () => parseInPlaceUpdateState('{'),
      (e: unknown) => e instanceof InPlaceUpdateStateError && e.cause instanceof SyntaxError,
    );
    assert.throws(() => parseInPlaceUpdateState('[]'), InPlaceUpdateStateError);
    assert.throws(() => parseInPlaceUpdateState('{"revision":1}'), InPlaceUpdateStateError);
    assert.throws(() => parseInPlaceUpdateState('{"updateImages":"yes"}'), InPlaceUpdateStateError);
  });
});

describe('annotation keys, new before old (docs/behaviour/cloneset.md#in-place-procedure)', () => {
  it('prefers apps.kruise.io/inplace-update-state, falls back to inplace-update-state', () => {
    assert.equal(
      getInPlaceUpdateStateAnnotation({ annotations: { [INPLACE_UPDATE_STATE_KEY_OLD]: 'old' } }),
      'old',
    );
    assert.equal(
      getInPlaceUpdateStateAnnotation({
        annotations: { [INPLACE_UPDATE_STATE_KEY_OLD]: 'old', [INPLACE_UPDATE_STATE_KEY]: 'new' },
      }),
      'new',
    );
    assert.equal(getInPlaceUpdateStateAnnotation({}), undefined);
    assert.equal(getInPlaceUpdateState({}), undefined);
    assert.equal(
      getInPlaceUpdateState({ annotations: { [INPLACE_UPDATE_STATE_KEY]: GO_ZERO } })?.revision,
      'rev_new',
    );
  });
  it('detects and removes the grace annotation under either key', () => {
    const annotations = { [INPLACE_UPDATE_GRACE_KEY_OLD]: '{}', keep: 'x' };
    assert.equal(getInPlaceUpdateGraceAnnotation({ annotations }), '{}');
    assert.equal(isInPlaceUpdateInGracePeriod({ annotations }), true);
    assert.equal(isInPlaceUpdateInGracePeriod({ annotations: { [INPLACE_UPDATE_GRACE_KEY]: '{}' } }), true);
    assert.equal(isInPlaceUpdateInGracePeriod({}), false);
    assert.deepEqual(withoutInPlaceUpdateGrace({ ...annotations, [INPLACE_UPDATE_GRACE_KEY]: '{}' }), {
      keep: 'x',
    });
    assert.deepEqual(withoutInPlaceUpdateGrace(undefined), {});
  });
});
