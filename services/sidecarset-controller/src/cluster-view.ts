// What a reconcile reads, from the bus-fed caches: SidecarSets and namespace labels, pods (all namespaces; a
// cache of their own, fed only once a SidecarSet exists) and the SidecarSet ControllerRevisions in the kruise
// namespace.
import type { ControllerRevision } from '@kruise-ts/core';
import { selectorMatches } from '@kruise-ts/kube';
import type { ObjectCache } from '@kruise-ts/runtime';
import {
  isPodManagedBySidecarSet,
  type Pod,
  SIDECARSET_NAME_LABEL,
  type SidecarSet,
} from '@kruise-ts/sidecarset';
import { CONTROLLER_REVISION, NAMESPACE, POD, SIDECARSET } from './kinds.ts';

export class ClusterView {
  readonly #objects: ObjectCache;
  readonly #pods: ObjectCache;
  readonly #revisions: ObjectCache;
  readonly #revisionNamespace: string;

  constructor(objects: ObjectCache, pods: ObjectCache, revisions: ObjectCache, revisionNamespace: string) {
    this.#objects = objects;
    this.#pods = pods;
    this.#revisions = revisions;
    this.#revisionNamespace = revisionNamespace;
  }

  sidecarSet(name: string): SidecarSet | undefined {
    return this.#objects.get(SIDECARSET, '', name)?.object;
  }

  /** Whether any SidecarSet exists: without one, no pod change concerns this controller. */
  hasSidecarSets(): boolean {
    return this.#objects.list(SIDECARSET, '').length > 0;
  }

  sidecarSets(): SidecarSet[] {
    return this.#objects.list(SIDECARSET, '').map((o) => o.object);
  }

  namespaceLabels(name: string): Readonly<Record<string, string>> | undefined {
    return this.#objects.get(NAMESPACE, '', name)?.labels;
  }

  pod(namespace: string, name: string): Pod | undefined {
    return this.#pods.get(POD, namespace, name)?.object;
  }

  /** Every cached pod (an empty list until pods are subscribed to). */
  pods(): Pod[] {
    return this.#pods
      .namespaces()
      .filter((ns) => ns !== '')
      .flatMap((ns) => this.#pods.list(POD, ns).map((o) => o.object));
  }

  /** getMatchingPods: active pods of the selected namespaces, selected, injected and with all sidecars. */
  matchingPods(sidecarSet: SidecarSet): Pod[] {
    const nsSelector = sidecarSet.spec.namespaceSelector;
    const namespaces = this.#pods
      .namespaces()
      .filter((ns) => ns !== '')
      .filter((ns) => {
        if (!nsSelector) return true;
        const labels = this.namespaceLabels(ns);
        return labels !== undefined && selectorMatches(nsSelector, labels);
      });
    const pods: Pod[] = [];
    for (const ns of namespaces) {
      // The label index narrows to the selected pods; the full SidecarSet match still decides.
      for (const cached of this.#pods.select(POD, ns, sidecarSet.spec.selector)) {
        const pod = cached.object;
        if (isPodManagedBySidecarSet(pod, sidecarSet, this.namespaceLabels(ns))) pods.push(pod);
      }
    }
    return pods;
  }

  revisions(sidecarSetName: string): ControllerRevision[] {
    return this.#revisions
      .list(
        CONTROLLER_REVISION,
        this.#revisionNamespace,
        (labels) => labels[SIDECARSET_NAME_LABEL] === sidecarSetName,
      )
      .map((o) => o.object);
  }
}
