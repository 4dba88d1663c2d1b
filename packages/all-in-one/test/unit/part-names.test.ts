import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PART_NAMES, selectParts } from '../../src/part-names.ts';
import { cachedKinds } from '../../src/parts.ts';

it('selects the parts a list names, in start order; unset runs all', () => {
  const cases: { requested: string[] | undefined; want: string[] }[] = [
    { requested: undefined, want: [...PART_NAMES] },
    {
      requested: ['revision-gc', 'watcher', ' cloneset-controller '],
      want: ['watcher', 'cloneset-controller', 'revision-gc'],
    },
    { requested: ['webhook-server', 'cert-manager'], want: ['cert-manager', 'webhook-server'] },
  ];
  for (const { requested, want } of cases) assert.deepEqual(selectParts(requested), want, String(requested));
});

it('refuses unknown, repeated and empty part lists, naming the setting', () => {
  const cases: { requested: string[]; error: RegExp }[] = [
    {
      requested: ['watcher', 'kruise-manager'],
      error: /KRUISE_TS_ALL_IN_ONE_PARTS: unknown part kruise-manager/,
    },
    { requested: ['watcher', 'watcher'], error: /KRUISE_TS_ALL_IN_ONE_PARTS: watcher named twice/ },
    { requested: [' '], error: /KRUISE_TS_ALL_IN_ONE_PARTS: names no part/ },
  ];
  for (const { requested, error } of cases) assert.throws(() => selectParts(requested), error);
});

it('the one cache holds every kind of the chosen parts once', () => {
  const pod = { group: '', kind: 'Pod' };
  const kinds = cachedKinds([
    { kinds: [{ group: 'apps.kruise.io', kind: 'CloneSet' }, pod] },
    { kinds: [] },
    { kinds: [pod, { group: '', kind: 'Node' }] },
  ]);
  assert.deepEqual(kinds, [{ group: 'apps.kruise.io', kind: 'CloneSet' }, pod, { group: '', kind: 'Node' }]);
});
