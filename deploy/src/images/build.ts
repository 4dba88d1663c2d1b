// `npm run images`: one OCI image layout per service, with no container daemon and no network beyond the
// package registries. Layers: a base rootfs from Debian packages (what the node binary links against, plus CA
// certificates; cached per machine), the project's pinned Node binary (the npm `node` package), and the
// service's pruned production workspace (its package, the workspace packages it depends on and their
// production dependencies, as `npm ls --omit=dev` lists them) with the service's bundle (ADR 36). Runs as 65532,
// entrypoint node + the bundle.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheDir } from '@kruise-ts/devcluster';
import { bundlePathFor, bundleServices } from '../bundles.ts';
import { SERVICE_ENV, SERVICE_NODE_FLAGS, services } from '../services.ts';
import { writeOciLayout } from './oci-layout.ts';
import { entriesOf, parentDirs, type TarEntry, tar } from './tar.ts';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const imagesDir = join(repoRoot, 'deploy', '.images');
export const imageUser = '65532:65532';
/** `ldd node_modules/node/bin/node`: libc, libm, libdl, libpthread (libc6), libstdc++6, libgcc_s; TLS roots. */
const basePackages = ['libc6', 'libstdc++6', 'libgcc-s1', 'ca-certificates'];
const workspaceSkip = new Set(['test', 'node_modules', '.turbo', '.test-results', 'bench', 'dist']);

const run = (cmd: string, args: string[], cwd?: string) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });

/** The base layer, built once per machine from Debian packages (apt-get download + dpkg-deb -x). */
function baseLayer(): Buffer {
  const dir = join(cacheDir(), 'images');
  const cached = join(dir, `base-${basePackages.join('+')}.tar`);
  if (existsSync(cached)) return readFileSync(cached);
  const work = mkdtempSync(join(tmpdir(), 'kruise-ts-base-'));
  try {
    run('apt-get', ['download', ...basePackages], work);
    const rootfs = join(work, 'rootfs');
    mkdirSync(rootfs);
    for (const deb of run('ls', [work])
      .split('\n')
      .filter((f) => f.endsWith('.deb'))) {
      run('dpkg-deb', ['-x', join(work, deb), rootfs]);
    }
    // What update-ca-certificates would write (a package's postinst does not run here).
    const certs = run('find', [join(rootfs, 'usr/share/ca-certificates'), '-name', '*.crt'])
      .split('\n')
      .filter(Boolean)
      .sort();
    mkdirSync(join(rootfs, 'etc/ssl/certs'), { recursive: true });
    writeFileSync(
      join(rootfs, 'etc/ssl/certs/ca-certificates.crt'),
      certs.map((c) => readFileSync(c, 'utf8')).join(''),
    );
    writeFileSync(
      join(rootfs, 'etc/passwd'),
      'root:x:0:0:root:/root:/sbin/nologin\nnonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin\n',
    );
    writeFileSync(join(rootfs, 'etc/group'), 'root:x:0:\nnonroot:x:65532:\n');
    writeFileSync(join(rootfs, 'etc/nsswitch.conf'), 'passwd: files\ngroup: files\nhosts: files dns\n');
    writeFileSync(join(rootfs, 'etc/hosts'), '127.0.0.1 localhost\n::1 localhost\n');
    const entries = entriesOf(rootfs, '', {
      skip: (r) => r.startsWith('usr/share/doc') || r.startsWith('usr/share/man'),
    });
    entries.push(
      { path: 'tmp', type: 'dir', mode: 0o1777 },
      { path: 'home', type: 'dir', mode: 0o755 },
      { path: 'home/nonroot', type: 'dir', mode: 0o700, uid: 65532, gid: 65532 },
    );
    const layer = tar(entries);
    mkdirSync(dir, { recursive: true });
    writeFileSync(cached, layer);
    return layer;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function nodeLayer(): Buffer {
  const binary = realpathSync(join(repoRoot, 'node_modules', 'node', 'bin', 'node'));
  return tar([
    ...parentDirs('usr/local/bin/node'),
    { path: 'usr/local/bin/node', type: 'file', mode: 0o755, data: readFileSync(binary) },
  ]);
}

/** Where a service's image starts it: its bundle, beside its sources as in the repository. */
export const imageEntrypoint = (service: string): string => `/app/services/${service}/dist/main.mjs`;

/**
 * The service's production workspace under /app, laid out as in the repository, and its bundle (built by
 * bundleServices). The workspace stays: the bundle loads yaml from node_modules at run time.
 */
export function appEntries(service: string): TarEntry[] {
  const listed = run(
    'npm',
    ['ls', '--omit=dev', '--all', '--parseable', '-w', `@kruise-ts/${service}`],
    repoRoot,
  )
    .split('\n')
    .filter((p) => p !== '' && p !== repoRoot.replace(/\/$/, ''));
  const entries = new Map<string, TarEntry>();
  const add = (e: TarEntry) => {
    for (const d of parentDirs(e.path)) if (!entries.has(d.path)) entries.set(d.path, d);
    entries.set(e.path, e);
  };
  for (const path of listed) {
    const rel = relative(repoRoot, path);
    const real = realpathSync(path);
    if (real !== path) {
      // A workspace package: node_modules/@kruise-ts/x -> ../../packages/x (or services/x).
      const target = relative(repoRoot, real);
      add({
        path: `app/${rel}`,
        type: 'symlink',
        mode: 0o777,
        linkTarget: relative(join(repoRoot, rel, '..'), real),
      });
      for (const e of entriesOf(real, `app/${target}`, { skip: (r) => workspaceSkip.has(r.split('/')[0]!) }))
        add(e);
    } else {
      // Nested node_modules are listed on their own; .bin links are not needed at run time.
      for (const e of entriesOf(path, `app/${rel}`, { skip: (r) => /(^|\/)node_modules(\/|$)/.test(r) }))
        add(e);
    }
  }
  const bundle = bundlePathFor(join(repoRoot, 'services', service, 'src', 'main.ts'));
  for (const file of [bundle, `${bundle}.map`])
    add({ path: `app/${relative(repoRoot, file)}`, type: 'file', mode: 0o644, data: readFileSync(file) });
  return [...entries.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
}

export interface BuiltImage {
  service: string;
  tag: string;
  dir: string;
  size: number;
}

export async function buildImages(only: readonly string[] = services): Promise<BuiltImage[]> {
  await bundleServices(
    repoRoot,
    only.map((s) => join(repoRoot, 'services', s, 'src', 'main.ts')),
  );
  const base = baseLayer();
  const node = nodeLayer();
  const built: BuiltImage[] = [];
  for (const service of only) {
    const version = (
      JSON.parse(readFileSync(join(repoRoot, 'services', service, 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
    const dir = join(imagesDir, service);
    rmSync(dir, { recursive: true, force: true });
    const { size } = writeOciLayout(dir, {
      layers: [
        { tar: base, comment: `debian packages: ${basePackages.join(' ')}` },
        { tar: node, comment: 'node from the npm node package' },
        { tar: tar(appEntries(service)), comment: `@kruise-ts/${service} production workspace` },
      ],
      config: {
        user: imageUser,
        entrypoint: ['/usr/local/bin/node', ...SERVICE_NODE_FLAGS, imageEntrypoint(service)],
        env: [
          'PATH=/usr/local/bin:/usr/bin:/bin',
          'LD_LIBRARY_PATH=/lib/x86_64-linux-gnu:/usr/lib/x86_64-linux-gnu',
          'NODE_ENV=production',
          'SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt',
          ...Object.entries(SERVICE_ENV).map(([k, v]) => `${k}=${v}`),
        ],
        workingDir: '/app',
        labels: {
          'org.opencontainers.image.title': service,
          'org.opencontainers.image.version': version,
        },
      },
      tag: version,
    });
    built.push({ service, tag: version, dir, size });
  }
  return built;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const only = process.argv.slice(2);
  for (const image of await buildImages(only.length > 0 ? only : services)) {
    console.log(
      `${image.service}:${image.tag}  ${(image.size / 1e6).toFixed(1)} MB  ${relative(repoRoot, image.dir)}`,
    );
  }
}
