// Pod creates and deletes under scale expectations (Kruise's pattern): the expectation is recorded before the
// write, behind the partition fence, and lowered again when the write fails, so the next reconcile neither waits
// for an event that will never come nor acts before the cache caught up.
import type { ScaleExpectations } from '@kruise-ts/core';
import type { ObjectHead } from '@kruise-ts/kube';
import type { KubeClient } from './client.ts';
import { deleteExactly } from './exact-delete.ts';
import { resources } from './resources.ts';

export interface ExpectedPodWrites {
  kube: KubeClient;
  namespace: string;
  /** The workload's `namespace/name`, the expectations key. */
  key: string;
  scale: ScaleExpectations;
  fence: () => void;
}

/**
 * Creates the pod; `expectAs` is the name the create is expected under (the pod name, or e.g. a node). Answers
 * with the created pod's identity (kind, apiVersion, metadata): the pod itself is read through the cache.
 */
export async function createPodExpected(
  o: ExpectedPodWrites,
  pod: object,
  expectAs: string,
): Promise<ObjectHead> {
  o.fence();
  o.scale.expect(o.key, 'create', expectAs);
  try {
    return await o.kube
      .resource<object>(resources.pods)
      .create({ namespace: o.namespace, body: pod, answer: 'head' });
  } catch (err) {
    o.scale.observe(o.key, 'create', expectAs);
    throw err;
  }
}

/**
 * Deletes exactly this pod (uid precondition: a replacement of the same name is never hit by a stale decision);
 * false when it was already gone.
 */
export async function deletePodExpected(
  o: ExpectedPodWrites,
  pod: { metadata: { name?: string; uid?: string } },
): Promise<boolean> {
  const name = pod.metadata.name ?? '';
  o.fence();
  o.scale.expect(o.key, 'delete', name);
  try {
    const deleted = await deleteExactly(pod, (body) =>
      o.kube.resource<object>(resources.pods).delete({ namespace: o.namespace, name, body, answer: 'head' }),
    );
    // Gone already, or replaced under the same name: no delete event will answer this decision.
    if (!deleted) o.scale.observe(o.key, 'delete', name);
    return deleted;
  } catch (err) {
    o.scale.observe(o.key, 'delete', name);
    throw err;
  }
}
