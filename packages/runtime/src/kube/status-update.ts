// Kruise's status updater for custom resources: UpdateStatus with the whole status on the object as cached,
// and after a conflict on a fresh read — the status is the controller's alone, so its view always wins.
import type { ResourceSource } from './resource.ts';
import { retryOnConflict } from './retry.ts';

export interface CustomResource {
  group: string;
  version: string;
  plural: string;
}

export interface StatusUpdate<T> {
  /** The client, or the controller's status lane (`KubeClient.withOwnRateLimit()`). */
  kube: ResourceSource;
  resource: CustomResource;
  namespace: string;
  object: T;
  status: unknown;
  /** Called before every attempt (partition fencing). */
  fence: () => void;
}

/** Writes the status and returns the object as written (its new resourceVersion is what to expect next). */
export async function updateCustomStatus<T extends { metadata?: { name?: string } }>(
  o: StatusUpdate<T>,
): Promise<T> {
  const api = o.kube.resource<T>({ ...o.resource, namespaced: true });
  const { namespace } = o;
  const name = o.object.metadata?.name ?? '';
  let base: T = o.object;
  let attempt = 0;
  return retryOnConflict(async () => {
    if (attempt++ > 0) base = await api.get({ namespace, name });
    o.fence();
    return api.replaceStatus({ namespace, name, body: { ...base, status: o.status } });
  });
}
