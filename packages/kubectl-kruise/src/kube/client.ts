// The apiserver calls the commands make, over @kubernetes/client-node with kubectl's kubeconfig resolution:
// --kubeconfig, else KUBECONFIG, else ~/.kube/config; --context picks a context; the namespace is -n, else the
// context's, else "default".

import { asClientBody, plain } from '@kruise-ts/kube';
import {
  ApiException,
  KubeConfig,
  type KubernetesObject,
  KubernetesObjectApi,
  PatchStrategy,
} from '@kubernetes/client-node';
import { resourceName, type WorkloadKind } from '../resource-ref.ts';
import type { ControllerRevision, ObjectMeta, Pod, Workload } from '../workload.ts';

export interface ConnectionOptions {
  kubeconfig?: string;
  context?: string;
  namespace?: string;
}

export class KubeError extends Error {
  override name = 'KubeError';
}

export class Kube {
  readonly namespace: string;
  readonly #api: KubernetesObjectApi;

  constructor(options: ConnectionOptions) {
    const kc = new KubeConfig();
    try {
      if (options.kubeconfig !== undefined) kc.loadFromFile(options.kubeconfig);
      else kc.loadFromDefault();
    } catch (err) {
      throw new KubeError(`cannot load kubeconfig ${options.kubeconfig ?? ''}`.trim(), { cause: err });
    }
    if (options.context !== undefined) {
      if (kc.getContextObject(options.context) === null) {
        throw new KubeError(`context was not found for specified context: ${options.context}`);
      }
      kc.setCurrentContext(options.context);
    }
    if (kc.getCurrentCluster() === null) {
      throw new KubeError('no configuration has been provided, try setting KUBECONFIG or --kubeconfig');
    }
    this.namespace = options.namespace ?? kc.getContextObject(kc.getCurrentContext())?.namespace ?? 'default';
    this.#api = KubernetesObjectApi.makeApiClient(kc);
  }

  async getWorkload(type: WorkloadKind, name: string): Promise<Workload> {
    return this.#workload(type, name, () =>
      this.#api.read({
        apiVersion: `${type.group}/${type.version}`,
        kind: type.kind,
        metadata: { name, namespace: this.namespace },
      }),
    );
  }

  async mergePatchWorkload(
    type: WorkloadKind,
    name: string,
    patch: { metadata?: object; spec?: object },
  ): Promise<Workload> {
    return this.#workload(type, name, () =>
      this.#api.patch(
        {
          apiVersion: `${type.group}/${type.version}`,
          kind: type.kind,
          ...patch,
          metadata: { ...patch.metadata, name, namespace: this.namespace },
        },
        undefined,
        undefined,
        'kubectl-kruise',
        undefined,
        PatchStrategy.MergePatch,
      ),
    );
  }

  /** A full update with the object's resourceVersion: fails with a conflict rather than overwrite a change. */
  async replaceWorkload(type: WorkloadKind, workload: Workload): Promise<Workload> {
    return this.#workload(type, workload.metadata.name ?? '', () =>
      this.#api.replace(
        asClientBody<KubernetesObject>({
          ...workload,
          apiVersion: `${type.group}/${type.version}`,
          kind: type.kind,
        }),
        undefined,
        undefined,
        'kubectl-kruise',
      ),
    );
  }

  /** ControllerRevisions the workload controls (owner uid), as kruise-tools' controlledHistory selects them. */
  revisionsOf(workload: Workload): Promise<ControllerRevision[]> {
    return this.#controlledBy<ControllerRevision>('apps/v1', 'ControllerRevision', workload);
  }

  podsOf(workload: Workload): Promise<Pod[]> {
    return this.#controlledBy<Pod>('v1', 'Pod', workload);
  }

  /** Objects of a kind that the workload's selector matches and the workload controls (owner uid). */
  async #controlledBy<T extends { metadata: ObjectMeta }>(
    apiVersion: string,
    kind: string,
    workload: Workload,
  ): Promise<T[]> {
    const list = await this.#api.list(
      apiVersion,
      kind,
      this.namespace,
      undefined,
      undefined,
      undefined,
      undefined,
      labelSelector(workload),
    );
    return plain<T[]>(list.items).filter((o) => controlledBy(o, workload));
  }

  /** A workload call's result in the project's JSON shape. */
  async #workload(type: WorkloadKind, name: string, fn: () => Promise<KubernetesObject>): Promise<Workload> {
    return plain<Workload>(await this.#call(type, name, fn));
  }

  async #call<T>(type: WorkloadKind, name: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw asKubeError(err, `${resourceName(type)} "${name}"`);
    }
  }
}

function controlledBy(o: { metadata: ObjectMeta }, owner: Workload): boolean {
  return (
    o.metadata.ownerReferences?.some((r) => r.uid === owner.metadata.uid && r.controller === true) === true
  );
}

function labelSelector(w: Workload): string | undefined {
  const labels = Object.entries(w.spec.selector?.matchLabels ?? {}).map(([k, v]) => `${k}=${v}`);
  return labels.length === 0 ? undefined : labels.join(',');
}

/** kubectl's wording: `Error from server (NotFound): clonesets.apps.kruise.io "x" not found`. */
function asKubeError(err: unknown, what: string): Error {
  if (err instanceof ApiException) {
    const body = (typeof err.body === 'string' ? safeJson(err.body) : err.body) as
      | { reason?: string; message?: string }
      | undefined;
    const reason = body?.reason ?? (err.code === 404 ? 'NotFound' : String(err.code));
    const message = body?.message ?? (err.code === 404 ? `${what} not found` : err.message);
    return new KubeError(`Error from server (${reason}): ${message}`, { cause: err });
  }
  return new KubeError(`${what}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
