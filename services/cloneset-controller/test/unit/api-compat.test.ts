// The local CloneSet shape must accept @kruise-ts/api's v1beta1 CloneSet as is (checked by the type checker).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CloneSetStatus as ApiStatus, CloneSetV1beta1 } from '@kruise-ts/api';
import type { CloneSet, CloneSetStatus } from '../../src/types.ts';

describe('types: @kruise-ts/api compatibility (docs/behaviour/cloneset.md#v1beta1-and-conversion)', () => {
  it('a CloneSetV1beta1 is a CloneSet, and a computed status is an api CloneSetStatus', () => {
    const fromApi = (cs: CloneSetV1beta1): CloneSet => cs;
    const toApi = (s: CloneSetStatus): ApiStatus => s;
    assert.equal(typeof fromApi, 'function');
    assert.equal(typeof toApi, 'function');
  });
});
