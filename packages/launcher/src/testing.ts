// What the suites that drive the whole system share (e2e/test/e2e, packages/kubectl-kruise/test/e2e): the system
// as `npm start` runs it on a cluster of its own (the webhook server registers cluster-wide admission webhooks),
// and the CloneSet of the OpenKruise docs as users apply it.
import { type Cluster, startCluster } from '@kruise-ts/devcluster';
import { type RunningSystem, type SystemOptions, startSystem } from './system.ts';

export interface WholeSystem {
  cluster: Cluster;
  system: RunningSystem;
  /** Stops the services, then the cluster. */
  stop(): Promise<void>;
}

/** A private cluster with every service on it; nothing is left running when the start fails. */
export async function startWholeSystem(options: SystemOptions = {}): Promise<WholeSystem> {
  const cluster = await startCluster();
  let system: RunningSystem;
  try {
    system = await startSystem(cluster, options);
  } catch (err) {
    await cluster.stop();
    throw err;
  }
  return {
    cluster,
    system,
    stop: async () => {
      try {
        await system.stop();
      } finally {
        await cluster.stop();
      }
    },
  };
}

export interface DocsCloneSetOptions {
  namespace?: string;
  /** The `app` label of the CloneSet, its selector and its pods. */
  app?: string;
  replicas?: number;
  image?: string;
}

/** The CloneSet of https://openkruise.io/docs/user-manuals/cloneset at v1alpha1, as YAML for `kubectl apply`. */
export function docsCloneSet(options: DocsCloneSetOptions = {}): string {
  const { namespace = 'default', app = 'sample', replicas = 3, image = 'nginx:1.22-alpine' } = options;
  return `
apiVersion: apps.kruise.io/v1alpha1
kind: CloneSet
metadata:
  labels:
    app: ${app}
  name: sample
  namespace: ${namespace}
spec:
  replicas: ${replicas}
  selector:
    matchLabels:
      app: ${app}
  template:
    metadata:
      labels:
        app: ${app}
    spec:
      containers:
      - name: nginx
        image: ${image}
`;
}

/** A JSON patch applied with kubectl to a v1alpha1 CloneSet, as a user changes the docs' CloneSet. */
export function patchCloneSet(
  system: Pick<RunningSystem, 'kubectl'>,
  patch: readonly { op: string; path: string; value?: unknown }[],
  options: { name?: string; namespace?: string } = {},
): void {
  const { name = 'sample', namespace = 'default' } = options;
  system.kubectl([
    'patch',
    'clonesets.v1alpha1.apps.kruise.io',
    name,
    '-n',
    namespace,
    '--type',
    'json',
    '-p',
    JSON.stringify(patch),
  ]);
}
