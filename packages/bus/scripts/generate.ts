// Generates the protobufjs static module (JS + .d.ts) for proto/kruise/bus/v1 into src/generated/.
// `npm run generate` writes the committed output; the staleness test calls generate() into a temp dir and
// compares, so the two can never drift.
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

export const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const protoRoot = join(packageDir, '..', '..', 'proto');
export const generatedDir = join(packageDir, 'src', 'generated');
/** The files generate() writes, relative to its output directory. */
export const generatedFiles = ['proto.js', 'proto.d.ts'] as const;

function protoFiles(): string[] {
  const dir = join(protoRoot, 'kruise', 'bus', 'v1');
  // Sorted and relative to the proto root, so the output does not depend on the checkout path.
  return readdirSync(dir)
    .filter((f) => f.endsWith('.proto'))
    .sort()
    .map((f) => relative(protoRoot, join(dir, f)));
}

export async function generate(outDir: string = generatedDir): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const js = join(outDir, 'proto.js');
  // Run the CLIs with this (v24) node, not whatever `node` their shebang finds on PATH.
  const pbjs = require.resolve('protobufjs-cli/bin/pbjs');
  const pbts = require.resolve('protobufjs-cli/bin/pbts');
  try {
    await run(
      process.execPath,
      // --force-number: int64 fields (generation, revision) become plain numbers; Kubernetes values fit 2^53.
      [pbjs, '-t', 'static-module', '-w', 'es6', '--force-number', '-p', '.', '-o', js, ...protoFiles()],
      { cwd: protoRoot },
    );
    await run(process.execPath, [pbts, '-o', join(outDir, 'proto.d.ts'), js], { cwd: outDir });
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr ?? '';
    throw new Error(`protobuf code generation failed: ${stderr.trim()}`, { cause: err });
  }
}

if (import.meta.main) {
  await generate();
  console.log(`generated ${generatedFiles.join(', ')} into ${relative(process.cwd(), generatedDir) || '.'}`);
}
