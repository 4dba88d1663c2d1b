// Where the Go-built control-plane binaries live, and how to get them built when they are missing.
import { spawn } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface Versions {
  kubernetes: string;
  etcd: string;
  kwok: string;
  natsServer: string;
  jaeger: string;
  /** Zipkin Lens (io.zipkin:zipkin-lens on Maven Central), the trace UI packages/trace-ui serves. */
  zipkinLens: string;
  helm: string;
  /**
   * The OpenKruise release `npm run bench -- peer` builds its manager from (github.com/openkruise/kruise;
   * built only on request: `build-binaries.sh openkruise`).
   */
  openkruise: string;
}

/** The pinned versions; versions.json is the only place they are written. */
export const versions: Versions = JSON.parse(readFileSync(join(packageDir, 'versions.json'), 'utf8'));

export function cacheDir(): string {
  return process.env.KRUISE_TS_CACHE ?? join(homedir(), '.cache', 'kruise-ts');
}

export interface BinaryPaths {
  etcd: string;
  kubeApiserver: string;
  kubeControllerManager: string;
  kubeScheduler: string;
  kubectl: string;
  kwok: string;
  natsServer: string;
  jaeger: string;
  helm: string;
}

export function binaryPaths(): BinaryPaths {
  const bin = (component: string, version: string, name: string) =>
    join(cacheDir(), 'bin', `${component}-${version}`, name);
  return {
    etcd: bin('etcd', versions.etcd, 'etcd'),
    kubeApiserver: bin('kubernetes', versions.kubernetes, 'kube-apiserver'),
    kubeControllerManager: bin('kubernetes', versions.kubernetes, 'kube-controller-manager'),
    kubeScheduler: bin('kubernetes', versions.kubernetes, 'kube-scheduler'),
    kubectl: bin('kubernetes', versions.kubernetes, 'kubectl'),
    kwok: bin('kwok', versions.kwok, 'kwok'),
    natsServer: bin('nats-server', versions.natsServer, 'nats-server'),
    jaeger: bin('jaeger', versions.jaeger, 'jaeger'),
    helm: bin('helm', versions.helm, 'helm'),
  };
}

export function missingBinaries(paths: Partial<BinaryPaths> = binaryPaths()): string[] {
  return Object.values(paths).filter((p) => {
    try {
      accessSync(p, constants.X_OK);
      return false;
    } catch {
      return true;
    }
  });
}

/**
 * Builds whatever is missing with scripts/build-binaries.sh (a no-op when the cache is warm).
 * The script prints its own progress to stderr, which we pass through.
 */
export async function ensureBinaries(component: string = 'all'): Promise<BinaryPaths> {
  const paths = binaryPaths();
  if (missingBinaries(paths).length === 0) return paths;
  const script = join(packageDir, 'scripts', 'build-binaries.sh');
  await new Promise<void>((resolve, reject) => {
    const child = spawn('bash', [script, component], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (err) => reject(new Error('could not run build-binaries.sh', { cause: err })));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`build-binaries.sh ${component} exited with ${code}`)),
    );
  });
  return paths;
}
