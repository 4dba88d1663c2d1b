import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ObjectEventType, supersedes } from '../../src/index.ts';

const { OBJECT_EVENT_TYPE_ADDED: ADDED, OBJECT_EVENT_TYPE_MODIFIED: MODIFIED } = ObjectEventType;
const { OBJECT_EVENT_TYPE_DELETED: DELETED, OBJECT_EVENT_TYPE_TOMBSTONE: TOMBSTONE } = ObjectEventType;

describe('supersedes(last, next)', () => {
  const cases: {
    name: string;
    last: { uid: string; resourceVersion: string; type: ObjectEventType };
    next: { uid: string; resourceVersion: string; type: ObjectEventType };
    expected: boolean;
  }[] = [
    {
      name: 'an older resourceVersion after a newer one (a lagging replica) is superseded',
      last: { uid: 'a', resourceVersion: '20', type: MODIFIED },
      next: { uid: 'a', resourceVersion: '19', type: MODIFIED },
      expected: true,
    },
    {
      name: 'the same resourceVersion under another type (ADDED by one replica, MODIFIED by a relist) is superseded',
      last: { uid: 'a', resourceVersion: '20', type: ADDED },
      next: { uid: 'a', resourceVersion: '20', type: MODIFIED },
      expected: true,
    },
    {
      name: 'a newer resourceVersion goes through',
      last: { uid: 'a', resourceVersion: '20', type: MODIFIED },
      next: { uid: 'a', resourceVersion: '21', type: MODIFIED },
      expected: false,
    },
    {
      name: 'revisions compare as integers, not strings ("9" < "10")',
      last: { uid: 'a', resourceVersion: '9', type: MODIFIED },
      next: { uid: 'a', resourceVersion: '10', type: MODIFIED },
      expected: false,
    },
    {
      name: 'an older event of a recreated name does not replace the new object',
      last: { uid: 'b', resourceVersion: '30', type: ADDED },
      next: { uid: 'a', resourceVersion: '25', type: DELETED },
      expected: true,
    },
    {
      name: 'a TOMBSTONE after the same object was DELETED is redundant whatever its revision',
      last: { uid: 'a', resourceVersion: '30', type: DELETED },
      next: { uid: 'a', resourceVersion: '35', type: TOMBSTONE },
      expected: true,
    },
    {
      name: 'a DELETED after a TOMBSTONE of the same object is redundant too',
      last: { uid: 'a', resourceVersion: '35', type: TOMBSTONE },
      next: { uid: 'a', resourceVersion: '31', type: DELETED },
      expected: true,
    },
    {
      name: 'a newer object of the same name after a deletion goes through',
      last: { uid: 'a', resourceVersion: '30', type: DELETED },
      next: { uid: 'b', resourceVersion: '40', type: ADDED },
      expected: false,
    },
    {
      name: 'non-integer resourceVersions cannot be ordered, so the publish goes through',
      last: { uid: 'a', resourceVersion: 'x9', type: MODIFIED },
      next: { uid: 'a', resourceVersion: 'x1', type: MODIFIED },
      expected: false,
    },
  ];
  for (const c of cases) {
    test(c.name, () => assert.equal(supersedes(c.last, c.next), c.expected));
  }
});
