// The bus contracts stay lint-clean, formatted, and compatible with main (`buf breaking`, FILE rules).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { promisify } from 'node:util';
import { protoRoot } from '../../scripts/generate.ts';

const run = promisify(execFile);
const bufCli = createRequire(import.meta.url).resolve('@bufbuild/buf/bin/buf');

interface Outcome {
  code: number;
  output: string;
}

async function buf(args: string[], cwd = protoRoot): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bufCli, ...args], { cwd });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    if (typeof e.code !== 'number') throw err;
    return { code: e.code, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

async function git(args: string[], cwd = protoRoot): Promise<string | undefined> {
  try {
    return (await run('git', args, { cwd })).stdout.trim();
  } catch {
    return undefined;
  }
}

/** buf's input for proto/ as committed on the main branch of the repository whose git directory is given. */
const mainBranchProto = (gitDir: string) => `${gitDir}#branch=main,subdir=proto`;

describe('buf', () => {
  test('lint (STANDARD) passes', async () => {
    const { code, output } = await buf(['lint']);
    assert.equal(code, 0, output);
  });

  test('the .proto files are buf-formatted', async () => {
    const { code, output } = await buf(['format', '--diff', '--exit-code']);
    assert.equal(code, 0, `run \`npx buf format -w proto\`:\n${output}`);
  });

  test('no breaking change against main', async (t) => {
    const gitDir = await git(['rev-parse', '--path-format=absolute', '--git-common-dir']);
    if (gitDir === undefined) return t.skip('not in a git checkout');
    const onMain = await git(['ls-tree', '-d', '--name-only', 'main', '--', 'proto']);
    if (!onMain) return t.skip('main has no proto/ yet: nothing to be compatible with');
    const { code, output } = await buf(['breaking', '--against', mainBranchProto(gitDir)]);
    assert.equal(code, 0, output);
  });

  test('breaking detection works: deleting a field of ObjectEvent on a branch off main is reported', async () => {
    // A throwaway repository whose main holds today's proto/, and a work tree that deletes a field.
    const repo = mkdtempSync(join(tmpdir(), 'bus-buf-'));
    try {
      cpSync(protoRoot, join(repo, 'proto'), { recursive: true });
      const id = ['-c', 'user.name=test', '-c', 'user.email=test@example.invalid'];
      for (const args of [
        ['init', '-q', '-b', 'main'],
        ['add', '-A'],
        [...id, 'commit', '-q', '-m', 'proto'],
      ]) {
        assert.notEqual(await git(args, repo), undefined, `git ${args.join(' ')}`);
      }
      assert.equal(
        (await buf(['breaking', '--against', mainBranchProto(join(repo, '.git'))], join(repo, 'proto'))).code,
        0,
      );

      const file = join(repo, 'proto', 'kruise', 'bus', 'v1', 'object_event.proto');
      const source = readFileSync(file, 'utf8');
      const edited = source.replace(/^\s*string controller_uid = 8;\n/m, '');
      assert.notEqual(edited, source, 'test fixture: the field to delete exists');
      writeFileSync(file, edited);
      const { code, output } = await buf(
        ['breaking', '--against', mainBranchProto(join(repo, '.git'))],
        join(repo, 'proto'),
      );
      assert.notEqual(code, 0, 'buf breaking should fail');
      assert.match(output, /Previously present field "8" with name "controller_uid"/);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});
