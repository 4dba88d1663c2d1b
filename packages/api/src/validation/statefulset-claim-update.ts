// What an UPDATE may change in an Advanced StatefulSet's volumeClaimTemplates while the claims follow the rolling
// update (gate StatefulSetAutoResizePVCGate and `volumeClaimUpdateStrategy.type: OnPodRollingUpdate`; Kruise's
// pkg/webhook/statefulset/validating/statefulset_validation.go ValidateVolumeClaimTemplateUpdate): no template added,
// removed or renamed, none changed beyond its size (storage class and access modes), and a size change only where
// the storage class allows expansion. Kruise reports the first violation only; so does this. The storage classes
// come from the caller (the webhook reads them: `storageClassesToRead`).
import { compareQuantities } from '@kruise-ts/kube';
import { claimCompatibleWithoutSize, claimStorage } from '../claim-compare.ts';
import type { PersistentVolumeClaim } from '../schema/pod.ts';
import type { StatefulSetV1beta1 } from '../schema/statefulset.ts';
import { type FieldError, fieldError, path } from './errors.ts';

export interface StorageClassFacts {
  /** Each named class read: its allowVolumeExpansion, or `undefined` when it could not be read (or is absent). */
  named: ReadonlyMap<string, { allowVolumeExpansion?: boolean | undefined } | undefined>;
  /** The default class (the newest marked default), `null` when there is none, `'unreadable'` when the list failed. */
  default?: { name: string; allowVolumeExpansion?: boolean | undefined } | null | 'unreadable';
}

type Spec = StatefulSetV1beta1['spec'];

const followsRollingUpdate = (spec: Spec) => {
  const type = spec.volumeClaimUpdateStrategy?.type ?? '';
  return type !== '' && type !== 'OnDelete';
};

/** isPVCResize: the storage request or limit differs. */
function resized(old: PersistentVolumeClaim, next: PersistentVolumeClaim): boolean {
  return (
    compareQuantities(
      claimStorage(old.spec?.resources?.requests),
      claimStorage(next.spec?.resources?.requests),
    ) !== 0 ||
    compareQuantities(
      claimStorage(old.spec?.resources?.limits),
      claimStorage(next.spec?.resources?.limits),
    ) !== 0
  );
}

/** The templates whose size changed (and nothing else that matters): their storage classes must be checked. */
function resizedTemplates(spec: Spec, old: Spec): PersistentVolumeClaim[] {
  const before = new Map((old.volumeClaimTemplates ?? []).map((t) => [t.metadata?.name ?? '', t]));
  return (spec.volumeClaimTemplates ?? []).filter((t) => {
    const prior = before.get(t.metadata?.name ?? '');
    return prior !== undefined && claimCompatibleWithoutSize(prior, t) && resized(prior, t);
  });
}

/** The storage classes validation will ask about: the named ones, and whether the default one is needed. */
export function storageClassesToRead(
  set: StatefulSetV1beta1,
  old: StatefulSetV1beta1,
): { names: string[]; defaultClass: boolean } {
  if (!followsRollingUpdate(set.spec)) return { names: [], defaultClass: false };
  const templates = resizedTemplates(set.spec, old.spec);
  const names = templates
    .map((t) => t.spec?.storageClassName)
    .filter((n): n is string => typeof n === 'string');
  return {
    names: [...new Set(names)],
    defaultClass: templates.some((t) => typeof t.spec?.storageClassName !== 'string'),
  };
}

export function validateVolumeClaimTemplateUpdate(
  set: StatefulSetV1beta1,
  old: StatefulSetV1beta1,
  classes: StorageClassFacts,
): FieldError[] {
  if (!followsRollingUpdate(set.spec)) return [];
  const templates = set.spec.volumeClaimTemplates ?? [];
  const previous = old.spec.volumeClaimTemplates ?? [];
  if (templates.length !== previous.length) {
    return [
      fieldError.invalid(
        path('spec', 'volumeClaimTemplates'),
        templates,
        'volumeClaimTemplate can not be added or deleted when OnRollingUpdate',
      ),
    ];
  }
  const byName = new Map(previous.map((t) => [t.metadata?.name ?? '', t]));
  for (const template of templates) {
    const name = template.metadata?.name ?? '';
    // Kruise names the template inside one path element: spec.volumeClaimTemplates[data].name
    const at = path('spec', `volumeClaimTemplates[${name}]`);
    const prior = byName.get(name);
    if (prior === undefined)
      return [fieldError.forbidden(at.child('name'), 'volumeClaimTemplate name can not be modified')];
    if (!claimCompatibleWithoutSize(prior, template)) {
      return [
        fieldError.invalid(at, template, 'volumeClaimTemplate can not be modified when OnRollingUpdate'),
      ];
    }
    if (!resized(prior, template)) continue;
    const className = template.spec?.storageClassName;
    let cls: { name: string; allowVolumeExpansion?: boolean | undefined };
    if (typeof className !== 'string') {
      const found = classes.default;
      if (found === 'unreadable' || found === undefined) {
        return [
          fieldError.invalid(at.child('spec', 'storageClassName'), 'nil', 'can not list storage class'),
        ];
      }
      // Without a default class there is nothing to check.
      if (found === null) continue;
      cls = found;
    } else {
      const found = classes.named.get(className);
      if (found === undefined) {
        return [fieldError.invalid(at.child('spec', 'storageClassName'), className, 'can not get sc')];
      }
      cls = { name: className, ...found };
    }
    if (cls.allowVolumeExpansion === false) {
      return [
        fieldError.forbidden(
          at.child('spec', 'resources', 'requests', 'storage'),
          `storage class ${cls.name} does not support volume expansion`,
        ),
      ];
    }
  }
  return [];
}
