// The all-in-one runs with the same node flags whether the launcher starts it (ALL_IN_ONE_NODE_ARGS) or a user
// runs packages/all-in-one/bin/kruise-ts-all-in-one: the shell script cannot import the list, so this holds them
// together.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ALL_IN_ONE_NODE_ARGS, SERVICE_ENV } from '../../src/services.ts';

const bin = readFileSync(new URL('../../../all-in-one/bin/kruise-ts-all-in-one', import.meta.url), 'utf8');

/** The words of the script's `exec "$node" …` command, quotes taken off. */
function execArgs(script: string): string[] {
  const command = /^exec "\$node" ([\s\S]*?)"\$pkg\/src\/main\.ts"/m.exec(script)?.[1];
  assert.ok(command !== undefined, 'the script execs node on src/main.ts');
  return [...command.replaceAll('\\\n', ' ').matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? '');
}

test('the all-in-one bin passes node every flag the launcher passes', () => {
  const args = execArgs(bin);
  for (const flag of ALL_IN_ONE_NODE_ARGS) assert.ok(args.includes(flag), `bin lacks ${flag}`);
  assert.deepEqual(
    args.filter((a) => a !== '--no-warnings'),
    [...ALL_IN_ONE_NODE_ARGS],
    'and no other flag than --no-warnings',
  );
});

test('the all-in-one bin sets the environment every service runs with, unless already set', () => {
  for (const [name, value] of Object.entries(SERVICE_ENV)) {
    assert.ok(bin.includes(`export ${name}="\${${name}:-${value}}"`), `bin lacks ${name}=${value}`);
  }
});
