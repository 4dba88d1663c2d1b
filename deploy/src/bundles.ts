// Each service as one bundled ES module (docs/adr/0036-bundled-services.md). Run from its sources, a service
// loads about a thousand modules (its own TypeScript, the workspace packages, OpenTelemetry, nats.js, fastify),
// and node keeps a module record, a namespace and the source text of each: ~7 MiB of private memory per running
// service more than the same code as one file (docs/performance.md, thirteenth round). esbuild joins them and
// drops the whitespace, not the names, so a stack trace still names its functions; its positions are the
// bundle's either way, which the source map beside it turns into the sources' (`--enable-source-maps`).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { Plugin } from 'esbuild';

/** A service's bundle: `<package>/dist/main.mjs` for `<package>/src/main.ts`. */
export function bundlePathFor(entry: string): string {
  return join(dirname(dirname(entry)), 'dist', 'main.mjs');
}

// Bundled CommonJS code calls require() for node's built-ins and reads __filename/__dirname; an ES module has
// neither, so the bundle defines them from its own URL (under names no bundled module declares).
const BANNER = [
  "import { createRequire as __ktsCreateRequire } from 'node:module';",
  "import { fileURLToPath as __ktsFileURLToPath } from 'node:url';",
  'const require = __ktsCreateRequire(import.meta.url);',
  'const __ktsFilename = __ktsFileURLToPath(import.meta.url);',
  "const __ktsDirname = __ktsFilename.slice(0, __ktsFilename.lastIndexOf('/'));",
].join('\n');

/**
 * Bundles every entry (`src/main.ts` of a service) into its `dist/main.mjs` in one esbuild run, and returns the
 * bundle paths in the entries' order. The bundles stay inside the checkout: modules the runtime loads with
 * createRequire (yaml) resolve from `node_modules` above them.
 */
export function bundleServices(repoRoot: string, entries: readonly string[]): Promise<string[]> {
  // One at a time per process: each run stops esbuild's service at its end, which would cut another run short.
  const run = bundling.then(() => bundleOnce(repoRoot, entries));
  bundling = run.catch(() => {});
  return run;
}

let bundling: Promise<unknown> = Promise.resolve();

async function bundleOnce(repoRoot: string, entries: readonly string[]): Promise<string[]> {
  // Loaded here, not at the top: the deploy package's other users never need esbuild.
  const { build, stop } = await import('esbuild');
  const entryPoints: Record<string, string> = {};
  for (const entry of entries) {
    entryPoints[relative(repoRoot, bundlePathFor(entry)).replace(/\.mjs$/, '')] = entry;
  }
  let outputFiles: { path: string; contents: Uint8Array }[];
  try {
    ({ outputFiles } = await build({
      entryPoints,
      outdir: repoRoot,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      // Whitespace only: names stay as written, so a stack trace still names its functions.
      minifyWhitespace: true,
      sourcemap: 'linked',
      banner: { js: BANNER },
      define: { __filename: '__ktsFilename', __dirname: '__ktsDirname' },
      plugins: [otlpHttpWithoutNamespace(repoRoot)],
      logLevel: 'silent',
      write: false,
    }));
  } catch (err) {
    throw new Error(`bundling ${entries.length} services failed`, { cause: err });
  } finally {
    // esbuild keeps its binary running for the next build; there is none, and it holds ~300 MiB.
    await stop();
  }
  // Another launcher on this checkout may be starting a service from a bundle right now: a changed file is
  // replaced whole (rename), an unchanged one left alone.
  for (const output of outputFiles) {
    const { path } = output;
    const contents = path.endsWith('.mjs') ? asciiSource(output.contents) : output.contents;
    if (unchanged(path, contents)) continue;
    mkdirSync(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, contents);
    renameSync(tmp, path);
  }
  return entries.map(bundlePathFor);
}

/**
 * The OTLP exporter's `import("http")` gets packages/telemetry/src/otlp-http.ts, inlined: an import of node:http
 * left to node would build its ES module namespace, which loads Node's bundled undici (~8 MiB resident in every
 * service that exports a span; the telemetry package's resolve hook does the same for services run from their
 * sources, but in a bundle every import's parent is the bundle).
 */
function otlpHttpWithoutNamespace(repoRoot: string): Plugin {
  const exporterBase = `${sep}@opentelemetry${sep}otlp-exporter-base${sep}`;
  const replacement = join(repoRoot, 'packages', 'telemetry', 'src', 'otlp-http.ts');
  return {
    name: 'otlp-http-without-namespace',
    setup(build) {
      build.onResolve({ filter: /^(node:)?http$/ }, (args) =>
        args.importer.includes(exporterBase) ? { path: replacement } : undefined,
      );
    },
  };
}

/**
 * The bundle with every character outside ASCII written as a `\uXXXX` escape. esbuild escapes them in strings
 * but leaves comments (and some regular expressions) as they are, and one `→` in a comment makes V8 hold the
 * whole source of the service as a two-byte string: 3.2 MiB of heap for a 1.6 MB bundle, in every process
 * (docs/performance.md, fifteenth round). The escape means the same character in a string, a template, a regular
 * expression or an identifier; in a comment it is only text.
 */
export function asciiSource(contents: Uint8Array): Uint8Array {
  const text = new TextDecoder().decode(contents);
  if (!/[\u0080-\uffff]/.test(text)) return contents;
  // Per UTF-16 code unit: a character beyond U+FFFF becomes its surrogate pair, valid in every one of those places.
  const escaped = text.replace(
    /[\u0080-\uffff]/g,
    (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return new TextEncoder().encode(escaped);
}

function unchanged(path: string, contents: Uint8Array): boolean {
  try {
    return Buffer.from(contents).equals(readFileSync(path));
  } catch {
    return false;
  }
}
