import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { classifyListed, diffListing, type Versioned, vanishedKeys } from '../../src/list-diff.ts';

const v = (uid: string, resourceVersion: string): Versioned => ({ uid, resourceVersion });

describe('classifyListed(known, listed)', () => {
  const cases: [string, Versioned | undefined, Versioned, ReturnType<typeof classifyListed>][] = [
    ['an object not known before is ADDED', undefined, v('a', '5'), 'ADDED'],
    [
      'the same uid at the same revision is unchanged (not republished)',
      v('a', '5'),
      v('a', '5'),
      'unchanged',
    ],
    ['the same uid at another revision is MODIFIED', v('a', '5'), v('a', '9'), 'MODIFIED'],
    ['a name now held by another uid (deleted and recreated) is ADDED', v('a', '5'), v('b', '9'), 'ADDED'],
  ];
  for (const [name, known, listed, expected] of cases) {
    test(name, () => assert.equal(classifyListed(known, listed), expected));
  }
});

describe('diffListing(known, listed)', () => {
  const table: {
    name: string;
    known: [string, Versioned][];
    listed: [string, Versioned][];
    upserts: [string, 'ADDED' | 'MODIFIED'][];
    tombstones: string[];
    unchanged: number;
  }[] = [
    {
      name: 'first list with nothing known: everything ADDED, nothing tombstoned',
      known: [],
      listed: [
        ['ns/a', v('1', '10')],
        ['ns/b', v('2', '11')],
      ],
      upserts: [
        ['ns/a', 'ADDED'],
        ['ns/b', 'ADDED'],
      ],
      tombstones: [],
      unchanged: 0,
    },
    {
      name: 'restart with the bus up to date: nothing to publish',
      known: [
        ['ns/a', v('1', '10')],
        ['ns/b', v('2', '11')],
      ],
      listed: [
        ['ns/a', v('1', '10')],
        ['ns/b', v('2', '11')],
      ],
      upserts: [],
      tombstones: [],
      unchanged: 2,
    },
    {
      name: 'relist after 410: changed, new, vanished and unchanged objects at once',
      known: [
        ['ns/keep', v('1', '10')],
        ['ns/change', v('2', '11')],
        ['ns/gone', v('3', '12')],
        ['other/gone-too', v('4', '13')],
      ],
      listed: [
        ['ns/keep', v('1', '10')],
        ['ns/change', v('2', '20')],
        ['ns/new', v('5', '21')],
      ],
      upserts: [
        ['ns/change', 'MODIFIED'],
        ['ns/new', 'ADDED'],
      ],
      tombstones: ['ns/gone', 'other/gone-too'],
      unchanged: 1,
    },
    {
      name: 'everything deleted while the watcher was down: all tombstoned',
      known: [
        ['a', v('1', '10')],
        ['b', v('2', '11')],
      ],
      listed: [],
      upserts: [],
      tombstones: ['a', 'b'],
      unchanged: 0,
    },
    {
      name: 'a name recreated under a new uid is ADDED and not tombstoned (one value per name on the bus)',
      known: [['ns/web', v('old', '10')]],
      listed: [['ns/web', v('new', '30')]],
      upserts: [['ns/web', 'ADDED']],
      tombstones: [],
      unchanged: 0,
    },
  ];
  for (const row of table) {
    test(row.name, () => {
      const diff = diffListing(
        new Map(row.known),
        row.listed.map(([key, item]) => ({ key, item })),
      );
      assert.deepEqual(
        diff.upserts.map((u) => [u.key, u.type]),
        row.upserts,
      );
      assert.deepEqual(diff.tombstones, row.tombstones);
      assert.equal(diff.unchanged, row.unchanged);
    });
  }

  test('vanishedKeys takes any key lookup (the reflector passes the next known map)', () => {
    const known = new Map([
      ['a', v('1', '1')],
      ['b', v('2', '2')],
    ]);
    assert.deepEqual(vanishedKeys(known, new Map([['a', 1]])), ['b']);
  });
});
