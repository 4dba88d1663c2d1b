// Which SidecarSets a pod being created gets, and at which revision (docs/behaviour/sidecarset.md#injection-selection): namespace and label
// selectors, injection pause, the injection revision policy, and canary SidecarSets displacing their base.

import { SIDECARSET_BASE_ANNOTATION, SIDECARSET_CANARY_ANNOTATION } from './keys.ts';
import { isEmptySelector, selectorMatches } from './label-selector.ts';
import type { Pod, SidecarSet } from './types.ts';

/**
 * PodMatchedSidecarSet. `namespaceLabels` are the labels of the pod's namespace, undefined when it is unknown
 * (then a SidecarSet with a namespaceSelector does not match, as in Kruise).
 */
export function podMatchesSidecarSet(
  pod: Pod,
  sidecarSet: SidecarSet,
  namespaceLabels: Readonly<Record<string, string>> | undefined,
): boolean {
  const nsSelector = sidecarSet.spec.namespaceSelector;
  if (nsSelector) {
    if (namespaceLabels === undefined || !selectorMatches(nsSelector, namespaceLabels)) return false;
  }
  const selector = sidecarSet.spec.selector;
  return !isEmptySelector(selector) && selectorMatches(selector, pod.metadata.labels);
}

/** IsCanarySidecarSet: both canary annotations set; the base's name. */
export function canaryBaseOf(sidecarSet: SidecarSet): string | undefined {
  const a = sidecarSet.metadata?.annotations ?? {};
  const base = a[SIDECARSET_BASE_ANNOTATION] ?? '';
  return a[SIDECARSET_CANARY_ANNOTATION] === 'true' && base !== '' ? base : undefined;
}

export type RevisionChoice = 'latest' | 'history';

/**
 * getSuitableRevisionSidecarSet for CREATE: which revision a new pod gets. `random` is a uniform draw in
 * [0, 1) used only by the Partial policy with a percentage partition.
 */
export function injectionRevisionChoice(
  sidecarSet: SidecarSet,
  pod: Pod,
  random: () => number,
): RevisionChoice {
  const revision = sidecarSet.spec.injectionStrategy?.revision;
  if (!revision || (revision.revisionName === undefined && revision.customVersion === undefined))
    return 'latest';
  const strategy = sidecarSet.spec.updateStrategy ?? {};
  if (strategy.paused) return 'history';
  if (revision.policy !== 'Partial') return 'history';
  // Pods the update selector does not pick must get the pinned revision.
  if (strategy.selector && !selectorMatches(strategy.selector, pod.metadata.labels)) return 'history';
  const partition = strategy.partition;
  if (partition === undefined || typeof partition === 'number') return 'latest';
  const probability = Number.parseFloat(partition.replace(/%$/, '')) / 100;
  return random() <= probability ? 'history' : 'latest';
}

/** Drops SidecarSets that a matched canary SidecarSet replaces. */
export function withoutCanaryBases(sidecarSets: readonly SidecarSet[]): SidecarSet[] {
  const bases = new Set(sidecarSets.map(canaryBaseOf).filter((b): b is string => b !== undefined));
  return sidecarSets.filter((s) => !bases.has(s.metadata?.name ?? ''));
}
