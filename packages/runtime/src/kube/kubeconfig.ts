// Where the apiserver is and how to authenticate to it, read from a kubeconfig file or the pod's service
// account — only what the project and its chart use: server, CA (file or data), client certificate and key
// (file or data), bearer token (inline or file), insecure-skip-tls-verify, the current context and its
// namespace. No exec/auth-provider plugins. Loading order without an explicit path follows controller-runtime's
// (`sigs.k8s.io/controller-runtime/pkg/client/config/config.go`): $KUBECONFIG, then in-cluster, then
// ~/.kube/config.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';

export interface ClusterConfig {
  /** Base URL of the apiserver, without a trailing slash. */
  server: string;
  /** PEM of the CA that signs the apiserver's certificate; undefined: the system's roots. */
  ca?: string;
  /** PEM of the client certificate and key. */
  cert?: string;
  key?: string;
  /** A fixed bearer token. */
  token?: string;
  /** A bearer token file, re-read periodically (a projected service-account token rotates). */
  tokenFile?: string;
  insecureSkipTlsVerify: boolean;
  /** The context's namespace (or the service account's), `default` without one. */
  namespace: string;
  /** Where it came from, for messages. */
  source: string;
}

export const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

interface NamedEntry<T> {
  name?: string;
  cluster?: T;
  user?: T;
  context?: T;
}

interface RawKubeconfig {
  'current-context'?: string;
  clusters?: NamedEntry<Record<string, unknown>>[];
  users?: NamedEntry<Record<string, unknown>>[];
  contexts?: NamedEntry<Record<string, unknown>>[];
}

/** Loads the cluster config from `path`, or by the default rules when no path is given. */
export function loadClusterConfig(
  path?: string,
  env: NodeJS.ProcessEnv = process.env,
  serviceAccountDir = SERVICE_ACCOUNT_DIR,
): ClusterConfig {
  if (path !== undefined) return fromKubeconfigFile(path);
  const fromEnv = (env.KUBECONFIG ?? '').split(':').find((p) => p !== '' && existsSync(p));
  if (fromEnv !== undefined) return fromKubeconfigFile(fromEnv);
  if (env.KUBERNETES_SERVICE_HOST && env.KUBERNETES_SERVICE_PORT)
    return inClusterConfig(env, serviceAccountDir);
  const home = join(env.HOME ?? homedir(), '.kube', 'config');
  if (existsSync(home)) return fromKubeconfigFile(home);
  throw new Error('no kubeconfig: neither $KUBECONFIG, an in-cluster service account, nor ~/.kube/config');
}

/** The pod's service account: the apiserver from the environment, its CA, token file and namespace. */
export function inClusterConfig(
  env: NodeJS.ProcessEnv = process.env,
  dir = SERVICE_ACCOUNT_DIR,
): ClusterConfig {
  const host = env.KUBERNETES_SERVICE_HOST ?? '';
  const port = env.KUBERNETES_SERVICE_PORT ?? '';
  if (host === '' || port === '') throw new Error('not in a cluster: KUBERNETES_SERVICE_HOST/PORT unset');
  const tokenFile = join(dir, 'token');
  if (!existsSync(tokenFile)) throw new Error(`not in a cluster: no service account token at ${tokenFile}`);
  const caFile = join(dir, 'ca.crt');
  const nsFile = join(dir, 'namespace');
  // An IPv6 host needs brackets in a URL.
  const hostPart = host.includes(':') ? `[${host}]` : host;
  return {
    server: `https://${hostPart}:${port}`,
    ...(existsSync(caFile) ? { ca: readFileSync(caFile, 'utf8') } : {}),
    tokenFile,
    insecureSkipTlsVerify: false,
    namespace: existsSync(nsFile) ? readFileSync(nsFile, 'utf8').trim() || 'default' : 'default',
    source: 'in-cluster service account',
  };
}

/**
 * A kubeconfig's text as an object. JSON is YAML too, and the kubeconfigs this project writes (the local
 * cluster's, the chart-mode service accounts') are JSON: parsing those never loads the YAML library, 72 modules
 * a service would otherwise carry for its life (docs/performance.md, "Idle memory").
 */
function parseKubeconfigText(text: string): unknown {
  if (text.trimStart().startsWith('{')) return JSON.parse(text);
  const yaml = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return yaml.parse(text);
}

export function fromKubeconfigFile(path: string): ClusterConfig {
  let raw: RawKubeconfig;
  try {
    raw = (parseKubeconfigText(readFileSync(path, 'utf8')) ?? {}) as RawKubeconfig;
  } catch (err) {
    throw new Error(`cannot load kubeconfig ${path}`, { cause: err });
  }
  return fromKubeconfig(raw, dirname(resolve(path)), path);
}

/** A parsed kubeconfig; relative file paths in it resolve against `baseDir` (the file's directory). */
export function fromKubeconfig(raw: RawKubeconfig, baseDir: string, source = 'kubeconfig'): ClusterConfig {
  const contextName = raw['current-context'] ?? '';
  const find = (list: NamedEntry<Record<string, unknown>>[] | undefined, name: string) =>
    list?.find((e) => e.name === name);
  const context = find(raw.contexts, contextName)?.context;
  if (context === undefined) throw new Error(`kubeconfig ${source}: no context "${contextName}"`);
  const clusterName = str(context.cluster);
  const cluster = find(raw.clusters, clusterName)?.cluster;
  if (cluster === undefined || str(cluster.server) === '')
    throw new Error(`kubeconfig ${source}: context "${contextName}" has no cluster with a server`);
  const user = find(raw.users, str(context.user))?.user ?? {};
  const file = (p: unknown) => readFileSync(isAbsolute(str(p)) ? str(p) : join(baseDir, str(p)), 'utf8');
  const pem = (entry: Record<string, unknown>, key: string): string | undefined => {
    if (str(entry[`${key}-data`]) !== '')
      return Buffer.from(str(entry[`${key}-data`]), 'base64').toString('utf8');
    if (str(entry[key]) !== '') return file(entry[key]);
    return undefined;
  };
  const ca = pem(cluster, 'certificate-authority');
  const cert = pem(user, 'client-certificate');
  const key = pem(user, 'client-key');
  const token = str(user.token);
  const tokenFile = str(user.tokenFile);
  return {
    server: str(cluster.server).replace(/\/+$/, ''),
    ...(ca === undefined ? {} : { ca }),
    ...(cert === undefined ? {} : { cert }),
    ...(key === undefined ? {} : { key }),
    ...(token === '' ? {} : { token }),
    ...(tokenFile === '' ? {} : { tokenFile: isAbsolute(tokenFile) ? tokenFile : join(baseDir, tokenFile) }),
    insecureSkipTlsVerify: cluster['insecure-skip-tls-verify'] === true,
    namespace: str(context.namespace) || 'default',
    source,
  };
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * The bearer token of a config: the fixed one, or the file's content re-read once its copy is a minute old
 * (client-go's cached token source re-reads the projected token the same way, so rotation needs no restart).
 */
export function bearerTokenSource(
  config: Pick<ClusterConfig, 'token' | 'tokenFile'>,
  now: () => number = Date.now,
  refreshMs = 60_000,
): () => string | undefined {
  if (config.token !== undefined) {
    const token = config.token;
    return () => token;
  }
  const path = config.tokenFile;
  if (path === undefined) return () => undefined;
  let cached: string | undefined;
  let readAt = -Infinity;
  return () => {
    if (cached === undefined || now() - readAt >= refreshMs) {
      try {
        cached = readFileSync(path, 'utf8').trim();
        readAt = now();
      } catch (err) {
        // A failed re-read keeps the last token (it is likely still valid); without one there is nothing to send.
        if (cached === undefined) throw new Error(`cannot read token file ${path}`, { cause: err });
      }
    }
    return cached;
  };
}
