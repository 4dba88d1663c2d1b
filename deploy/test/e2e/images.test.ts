// The images `npm run images` builds, run the way a container runtime would run them: each layout unpacked,
// its entrypoint started by chroot as the image's user (we are root; no daemon needed) against the local
// cluster until /readyz answers. Also: the user is non-root, the entrypoint is node + the service's bundle (ADR 36),
// and no development dependency is in the image. Prints each image's size.
import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { acquireCluster, type ClusterLease, eventually, freePort } from '@kruise-ts/devcluster';
import { type BuiltImage, buildImages, imageEntrypoint, imageUser } from '../../src/images/build.ts';
import { kubectlFor, SERVICE_NODE_FLAGS, services } from '../../src/index.ts';

interface ImageConfig {
  config: { User: string; Entrypoint: string[]; Env: string[] };
}

let cluster: ClusterLease;
let images: BuiltImage[];
const work = mkdtempSync(join(tmpdir(), 'kts-images-'));
const running: ChildProcess[] = [];
const run = randomBytes(3).toString('hex');
const namespace = `img-${run}`;

before(async () => {
  cluster = await acquireCluster();
  execFileSync('/usr/sbin/chroot', ['--help'], { stdio: 'ignore' });
  images = await buildImages(services);
  // cert-manager writes the webhook Secret into the services' namespace; webhook-server reads it there.
  assert.equal(kubectlFor(cluster.kubeconfigPath)(['create', 'namespace', namespace]).status, 0);
});

after(async () => {
  for (const child of running) stop(child);
  if (cluster) kubectlFor(cluster.kubeconfigPath)(['delete', 'namespace', namespace, '--wait=false']);
  await cluster?.release();
  rmSync(work, { recursive: true, force: true });
});

function stop(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null && child.pid) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
}

function blob(dir: string, digest: string): string {
  return join(dir, 'blobs', 'sha256', digest.replace(/^sha256:/, ''));
}

/** Unpacks the image's layers in order into a fresh root; returns the root and the image config. */
const unpacked = new Map<string, { root: string; config: ImageConfig }>();
function unpack(image: BuiltImage): { root: string; config: ImageConfig } {
  const done = unpacked.get(image.service);
  if (done) return done;
  const index = JSON.parse(readFileSync(join(image.dir, 'index.json'), 'utf8')) as {
    manifests: { digest: string }[];
  };
  const manifest = JSON.parse(readFileSync(blob(image.dir, index.manifests[0]!.digest), 'utf8')) as {
    config: { digest: string };
    layers: { digest: string }[];
  };
  const root = join(work, image.service);
  execFileSync('mkdir', ['-p', root]);
  for (const layer of manifest.layers)
    execFileSync('tar', ['-xzf', blob(image.dir, layer.digest), '-C', root]);
  return {
    root,
    config: JSON.parse(readFileSync(blob(image.dir, manifest.config.digest), 'utf8')) as ImageConfig,
  };
}

/** Package names in a node_modules directory (scoped ones as @scope/name). */
function packagesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((n) =>
    n.startsWith('@') ? readdirSync(join(dir, n)).map((m) => `${n}/${m}`) : n.startsWith('.') ? [] : [n],
  );
}

const devOnly = [
  'typescript',
  '@biomejs/biome',
  'turbo',
  'node',
  'fast-check',
  '@kruise-ts/devcluster',
  '@kruise-ts/test-runner',
];

async function runUntilReady(
  image: BuiltImage,
  root: string,
  config: ImageConfig,
  keep: boolean,
): Promise<void> {
  writeFileSync(join(root, 'tmp', 'kubeconfig'), readFileSync(cluster.kubeconfigPath));
  chmodSync(join(root, 'tmp', 'kubeconfig'), 0o644);
  const port = await freePort();
  const env: Record<string, string> = {
    ...Object.fromEntries(config.config.Env.map((e) => e.split(/=(.*)/s).slice(0, 2) as [string, string])),
    KUBECONFIG: '/tmp/kubeconfig',
    KRUISE_TS_NATS_URL: cluster.natsUrl,
    KRUISE_TS_BUS_PREFIX: `img${run}`,
    KRUISE_TS_HTTP_HOST: '127.0.0.1',
    KRUISE_TS_HTTP_PORT: String(port),
    WEBHOOK_BIND_HOST: '127.0.0.1',
    WEBHOOK_PORT: String(await freePort()),
    WEBHOOK_HOSTS: '127.0.0.1,localhost',
    POD_NAMESPACE: namespace,
    OTEL_SDK_DISABLED: 'true',
    KRUISE_TS_LOG_LEVEL: 'warn',
  };
  const [user, group] = config.config.User.split(':');
  const child = spawn(
    '/usr/sbin/chroot',
    [`--userspec=${user}:${group}`, root, ...config.config.Entrypoint],
    {
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.push(child);
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-5000)));
  child.stderr?.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-5000)));
  await eventually(
    `${image.service} /readyz from its image`,
    async () => {
      if (child.exitCode !== null) throw new Error(`${image.service} exited ${child.exitCode}: ${out}`);
      const r = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
      return r?.ok || undefined;
    },
    { timeoutMs: 60_000, intervalMs: 300 },
  ).catch((err: unknown) => {
    throw new Error(`${image.service} never ready: ${out}`, { cause: err });
  });
  if (!keep) stop(child);
}

describe('service images', () => {
  test('each image: non-root user, node + flags + bundle entrypoint, production dependencies only', (t) => {
    assert.deepEqual(images.map((i) => i.service).sort(), [...services].sort());
    for (const image of images) {
      const { root, config } = unpack(image);
      assert.equal(config.config.User, imageUser);
      assert.deepEqual(config.config.Entrypoint, [
        '/usr/local/bin/node',
        ...SERVICE_NODE_FLAGS,
        imageEntrypoint(image.service),
      ]);
      assert.ok(existsSync(join(root, imageEntrypoint(image.service))), 'the bundle is in the image');
      const installed = packagesIn(join(root, 'app', 'node_modules'));
      assert.deepEqual(
        installed.filter((p) => devOnly.includes(p)),
        [],
        `${image.service} has development dependencies`,
      );
      assert.ok(!existsSync(join(root, 'app', 'services', image.service, 'test')), 'no tests in the image');
      t.diagnostic(`${image.service}:${image.tag} ${(image.size / 1e6).toFixed(1)} MB compressed`);
    }
  });

  test('each image runs from its entrypoint (chroot, as 65532) until /readyz answers', async () => {
    // cert-manager and the watcher stay up: webhook-server waits for a certificate, controllers read the bus.
    const order = [
      'cert-manager',
      'watcher',
      ...services.filter((s) => s !== 'cert-manager' && s !== 'watcher'),
    ];
    for (const service of order) {
      const image = images.find((i) => i.service === service)!;
      const { root, config } = unpack(image);
      await runUntilReady(image, root, config, service === 'cert-manager' || service === 'watcher');
    }
  });
});
