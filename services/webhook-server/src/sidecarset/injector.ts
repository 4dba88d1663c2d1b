// SidecarSet injection for /mutate-pod (docs/behaviour/sidecarset.md#injection), after the KruisePodReady readiness gate
// (admission/pod.ts): choose the SidecarSets for the pod being created from the
// bus-fed cache, resolve pinned injection revisions, inject, then add the container launch priority barriers, and
// answer with the JSON patch. Failures deny the pod (Kruise answers 500), so a pod never starts without the
// sidecars it should have.

import {
  ContainerLaunchPriorityError,
  type KruisePodReadyGateScope,
  withKruisePodReadyGate,
} from '@kruise-ts/core';
import {
  findInjectionRevision,
  historicSidecarSet,
  injectionRevisionChoice,
  injectSidecars,
  type Pod,
  podMatchesSidecarSet,
  type SidecarSet,
  withoutCanaryBases,
} from '@kruise-ts/sidecarset';
import type { Logger } from '@kruise-ts/telemetry';
import { jsonPatchResponse } from '../admission/patch-response.ts';
import { launchPriorityDenied, withLaunchPriorityIfEnabled } from '../admission/pod.ts';
import { type AdmissionRequest, type AdmissionResponse, allowed, denied } from '../admission/review.ts';
import type { SidecarSetSource } from './cache.ts';
import type { RevisionLister } from './revisions.ts';

export interface PodInjectorOptions {
  sidecarSets: SidecarSetSource;
  revisions: RevisionLister;
  /** Namespace labels when the cache does not know the namespace yet (a namespace created a moment ago). */
  readNamespaceLabels(name: string): Promise<Record<string, string> | undefined>;
  logger: Logger;
  /** EnableSortSidecarContainerByName. */
  sortContainersByName?: boolean;
  /** Which pods get the KruisePodReady readiness gate (none by default). */
  kruisePodReadyGate?: KruisePodReadyGateScope;
  /** Container launch priority barriers, after the SidecarSets (KRUISE_TS_CONTAINER_LAUNCH_PRIORITY; off by default). */
  containerLaunchPriority?: boolean;
  now?: () => Date;
  random?: () => number;
}

export type PodMutator = (request: AdmissionRequest) => Promise<AdmissionResponse>;

class InjectionError extends Error {
  override name = 'InjectionError';
}

export function podInjector(o: PodInjectorOptions): PodMutator {
  const now = o.now ?? (() => new Date());
  const random = o.random ?? Math.random;

  const namespaceLabels = async (namespace: string) =>
    o.sidecarSets.namespaceLabels(namespace) ?? (await o.readNamespaceLabels(namespace));

  async function suitable(sidecarSet: SidecarSet, pod: Pod): Promise<SidecarSet> {
    if (injectionRevisionChoice(sidecarSet, pod, random) === 'latest') return sidecarSet;
    const name = sidecarSet.metadata?.name ?? '';
    const ref = sidecarSet.spec.injectionStrategy?.revision ?? {};
    let revisions: Awaited<ReturnType<RevisionLister>>;
    try {
      revisions = await o.revisions(name);
    } catch (err) {
      throw new InjectionError(`cannot list ControllerRevisions of SidecarSet ${name}`, { cause: err });
    }
    const revision = findInjectionRevision(revisions, name, {
      ...(ref.revisionName !== undefined ? { revisionName: ref.revisionName } : {}),
      ...(ref.customVersion !== undefined ? { customVersion: ref.customVersion } : {}),
    });
    if (revision === undefined) {
      throw new InjectionError(
        `SidecarSet ${name}: injection revision ${JSON.stringify(ref)} not found among its ControllerRevisions`,
      );
    }
    return historicSidecarSet(sidecarSet, revision);
  }

  async function chosen(pod: Pod, namespace: string): Promise<SidecarSet[]> {
    const matched: SidecarSet[] = [];
    let labels: Readonly<Record<string, string>> | undefined;
    let labelsRead = false;
    for (const sidecarSet of o.sidecarSets.list()) {
      if (sidecarSet.spec.injectionStrategy?.paused) continue;
      if (sidecarSet.spec.namespaceSelector && !labelsRead) {
        labels = await namespaceLabels(namespace);
        labelsRead = true;
      }
      if (!podMatchesSidecarSet(pod, sidecarSet, labels)) continue;
      matched.push(await suitable(sidecarSet, pod));
    }
    return withoutCanaryBases(matched);
  }

  return async (request) => {
    const { uid } = request;
    if (request.operation !== 'CREATE' || (request.subResource ?? '') !== '') return allowed(uid);
    if (request.resource !== undefined && request.resource.resource !== 'pods') return allowed(uid);
    if (request.kind.kind !== 'Pod') return allowed(uid);
    if (!o.sidecarSets.isSynced()) {
      return denied(uid, 500, 'InternalError', 'the SidecarSet cache is not synced yet; retry');
    }
    const original = request.object as Pod | undefined;
    if (original?.metadata === undefined || !Array.isArray(original.spec?.containers)) {
      return denied(uid, 400, 'BadRequest', 'the object is not a pod with spec.containers');
    }
    const namespace = original.metadata.namespace || request.namespace || 'default';
    try {
      const named: Pod = { ...original, metadata: { ...original.metadata, namespace } };
      // Kruise's order: the KruisePodReady gate first, then the SidecarSets.
      const pod = withKruisePodReadyGate(named, o.kruisePodReadyGate ?? 'none') ?? named;
      const sidecarSets = await chosen(pod, namespace);
      const sidecared =
        injectSidecars(pod, sidecarSets, now(), {
          sortContainersByName: o.sortContainersByName ?? false,
        }) ?? pod;
      // Kruise's order (pkg/webhook/pod/mutating/pod_create_update_handler.go): launch priority after the
      // SidecarSets, so injected sidecars take part in it (Ordered counts them by their final index).
      const injected = withLaunchPriorityIfEnabled(sidecared, o.containerLaunchPriority, random);
      if (injected === named) return allowed(uid);
      // The namespace was only filled in for matching.
      const metadata = { ...injected.metadata };
      metadata.namespace = original.metadata.namespace;
      if (metadata.namespace === undefined) delete metadata.namespace;
      return jsonPatchResponse(uid, original, { ...injected, metadata });
    } catch (err) {
      if (err instanceof ContainerLaunchPriorityError) {
        return launchPriorityDenied(uid, err, original, namespace, o.logger);
      }
      o.logger.warn(
        { err, namespace, pod: original.metadata.name ?? original.metadata.generateName },
        'sidecar injection failed',
      );
      return denied(uid, 500, 'InternalError', `sidecar injection failed: ${errorText(err)}`);
    }
  };
}

function errorText(err: unknown): string {
  const parts: string[] = [];
  let e: unknown = err;
  while (e instanceof Error && parts.length < 4) {
    parts.push(e.message);
    e = e.cause;
  }
  return parts.join(': ') || String(err);
}
