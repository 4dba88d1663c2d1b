// SidecarSet validation: pkg/webhook/sidecarset/validating/sidecarset_create_update_handler.go. Kruise validates
// v1beta1 (v1alpha1 objects are mapped first). Checks that need other objects (the canary's base SidecarSet, other
// SidecarSets for conflicts, the injection ControllerRevision, the patchPodMetadata whitelist ConfigMap) use what
// the caller passes in the options and are skipped when it passes nothing.
import { labelSelectorError, selectorMatches } from '@kruise-ts/kube';
import { SidecarSetKeys } from '../constants.ts';
import { sidecarSetV1alpha1ToV1beta1 } from '../conversion/sidecarset.ts';
import { deepEqual } from '../json.ts';
import { resourceExpressionError } from '../resource-expression.ts';
import type { LabelSelector } from '../schema/meta.ts';
import type { Volume } from '../schema/pod.ts';
import type { SidecarContainer, SidecarSetV1alpha1, SidecarSetV1beta1 } from '../schema/sidecarset.ts';
import { podContainerOf } from '../sidecar-container.ts';
import { priorityStrategyError, scatterStrategyError } from './common.ts';
import { type FieldError, fieldError, type Path, path } from './errors.ts';
import { validateLabelSelector, validateObjectMeta } from './meta.ts';
import { isQualifiedName, isValidPercent, kruiseNameValidator } from './names.ts';
import { validatePodTemplateSpec } from './pod.ts';
import { isSelectorOverlapping } from './selector-overlap.ts';

export interface PatchPodMetadataWhitelist {
  rules: { selector?: LabelSelector; allowedAnnotationKeyExprs: string[] }[];
}

export interface SidecarSetValidationOptions {
  old?: unknown;
  /** Every SidecarSet in the cluster (v1beta1), for the canary base and cross-SidecarSet conflict checks. */
  sidecarSets?: readonly SidecarSetV1beta1[];
  /** Whether the ControllerRevision `injectionStrategy.revision` names exists (kruise namespace). */
  injectionRevisionExists?: (revision: { revisionName?: string; customVersion?: string }) => boolean;
  /** The lookup's error text Kruise prints in the denial (e.g. the apiserver's NotFound); `<nil>` without one. */
  injectionRevisionError?: string;
  /**
   * The ConfigMap kruise-configuration key SidecarSet_PatchPodMetadata_WhiteList; `null` when it is absent.
   * `undefined` skips the whitelist check.
   */
  patchPodMetadataWhitelist?: PatchPodMetadataWhitelist | null;
  /** Kruise gate SidecarSetPatchPodMetadataDefaultsAllowed (default false). */
  patchPodMetadataDefaultsAllowed?: boolean;
}

const isNativeSidecar = (c: SidecarContainer) => c.restartPolicy === 'Always';

function validateSelector(selector: LabelSelector, at: Path): FieldError[] {
  const errs = validateLabelSelector(selector, at);
  if (Object.keys(selector.matchLabels ?? {}).length + (selector.matchExpressions?.length ?? 0) === 0) {
    errs.push(fieldError.invalid(at, selector, 'empty selector is not valid for sidecarset.'));
  }
  if (labelSelectorError(selector) !== undefined)
    errs.push(fieldError.invalid(at.child('selector'), selector, ''));
  return errs;
}

function validateCanary(
  obj: SidecarSetV1beta1,
  old: SidecarSetV1beta1 | undefined,
  options: SidecarSetValidationOptions,
): FieldError[] {
  const annotations = obj.metadata?.annotations ?? {};
  const base = annotations[SidecarSetKeys.base] ?? '';
  if (annotations[SidecarSetKeys.canary] !== 'true' || base === '') return [];
  const at = path('metadata');
  const errs: FieldError[] = [];
  if (base === obj.metadata?.name)
    errs.push(fieldError.invalid(at, annotations, 'base sidecarSet cannot be itself'));
  if (old && old.metadata?.annotations?.[SidecarSetKeys.base] !== base) {
    errs.push(fieldError.invalid(at, annotations, `annotations[${SidecarSetKeys.base}] is immutable`));
  }
  if (options.sidecarSets) {
    const baseSet = options.sidecarSets.find((s) => s.metadata?.name === base);
    if (!baseSet) {
      errs.push(
        fieldError.invalid(
          at,
          annotations,
          `fetch base sidecarSet[${base}] failed: sidecarsets.apps.kruise.io "${base}" not found`,
        ),
      );
    } else {
      const baseAnnotations = baseSet.metadata?.annotations ?? {};
      if (
        baseAnnotations[SidecarSetKeys.canary] === 'true' &&
        (baseAnnotations[SidecarSetKeys.base] ?? '') !== ''
      ) {
        errs.push(fieldError.invalid(at, annotations, 'base sidecarSet cannot be canary'));
      }
    }
  }
  if (obj.spec.updateStrategy?.type !== 'NotUpdate') {
    errs.push(fieldError.invalid(at, annotations, 'RollingUpdate is not supported for canary sidecarSet'));
  }
  return errs;
}

function validateUpdateStrategy(
  strategy: NonNullable<SidecarSetV1beta1['spec']['updateStrategy']>,
  at: Path,
): FieldError[] {
  if (strategy.type !== 'RollingUpdate') return [];
  const errs: FieldError[] = [];
  const partitionSet =
    typeof strategy.partition === 'string' || (strategy.partition !== undefined && strategy.partition !== 0);
  if (partitionSet && strategy.selector) {
    // Kruise prints the strategy with %++v and roots the path at `updateStrategy`.
    errs.push(
      fieldError.invalid(
        path('updateStrategy'),
        JSON.stringify(strategy),
        'Partition and Selector cannot be used together',
      ),
    );
  }
  if (strategy.selector) errs.push(...validateSelector(strategy.selector, at.child('selector')));
  for (const field of ['partition', 'maxUnavailable'] as const) {
    const value = strategy[field];
    if (typeof value === 'string')
      errs.push(...isValidPercent(value).map((m) => fieldError.invalid(at.child(field), value, m)));
    else if (typeof value === 'number' && value < 0) {
      errs.push(fieldError.invalid(at.child(field), value, 'must be greater than or equal to 0'));
    }
  }
  const priority = priorityStrategyError(strategy.priorityStrategy);
  if (priority) errs.push(fieldError.required(at.child('priorityStrategy'), priority));
  const scatter = scatterStrategyError(strategy.scatterStrategy);
  if (scatter) errs.push(fieldError.required(at.child('scatterStrategy'), scatter));
  return errs;
}

const downwardFieldPaths = ['metadata.name', 'metadata.labels', 'metadata.annotations'];

function validateTransferEnv(container: SidecarContainer, at: Path): FieldError[] {
  const errs: FieldError[] = [];
  for (const env of container.transferEnv ?? []) {
    const ref = env.sourceContainerNameFrom?.fieldRef;
    if (!ref) continue;
    const refPath = at.child('fieldRef');
    if (!ref.apiVersion) {
      errs.push(fieldError.required(refPath.child('apiVersion')));
      continue;
    }
    if (!ref.fieldPath) {
      errs.push(fieldError.required(refPath.child('fieldPath')));
      continue;
    }
    const subscripted = /^(metadata\.(?:labels|annotations))\['(.*)'\]$/.exec(ref.fieldPath);
    if (subscripted) {
      const [, field, key = ''] = subscripted;
      const msgs =
        field === 'metadata.annotations' ? isQualifiedName(key.toLowerCase()) : isQualifiedName(key);
      errs.push(...msgs.map((m) => fieldError.invalid(refPath, key, m)));
    } else if (!downwardFieldPaths.includes(ref.fieldPath)) {
      errs.push(
        fieldError.notSupported(refPath.child('fieldPath'), ref.fieldPath, downwardFieldPaths.slice().sort()),
      );
    }
  }
  return errs;
}

function validateResourcesPolicy(container: SidecarContainer, at: Path): FieldError[] {
  const policy = container.resourcesPolicy;
  if (!policy) return [];
  const resources = container.resources ?? {};
  if (Object.keys(resources.limits ?? {}).length > 0 || Object.keys(resources.requests ?? {}).length > 0) {
    return [fieldError.invalid(at, policy, 'resourcesPolicy and resources cannot be configured together')];
  }
  const errs: FieldError[] = [];
  const regex = policy.targetContainersNameRegex ?? '';
  if (regex === '')
    errs.push(fieldError.required(at.child('targetContainersNameRegex'), 'invalid empty regex'));
  else {
    try {
      new RegExp(regex);
    } catch (err) {
      errs.push(
        fieldError.invalid(
          at.child('targetContainersNameRegex'),
          regex,
          `invalid regex pattern: ${(err as Error).message}`,
        ),
      );
    }
  }
  const exprPath = at.child('resourcesExpr');
  const expr = policy.resourcesExpr;
  if (expr.limits === undefined && expr.requests === undefined) {
    errs.push(fieldError.invalid(exprPath, expr, 'at least one of limits or requests must be configured'));
    return errs;
  }
  for (const part of ['limits', 'requests'] as const) {
    for (const resource of ['cpu', 'memory'] as const) {
      const value = expr[part]?.[resource] ?? '';
      const message = resourceExpressionError(value, resource);
      if (message !== undefined)
        errs.push(fieldError.invalid(exprPath.child(part, resource), value, message));
    }
  }
  return errs;
}

function validateContainers(spec: SidecarSetV1beta1['spec'], volumes: Volume[], root: Path): FieldError[] {
  const errs: FieldError[] = [];
  const initContainers = spec.initContainers ?? [];
  const containers = spec.containers ?? [];
  initContainers.forEach((c, i) => {
    if (c.resourcesPolicy) {
      if (!isNativeSidecar(c)) {
        errs.push(
          fieldError.invalid(
            root.index(i).child('resourcesPolicy'),
            c.resourcesPolicy,
            'resourcesPolicy is only supported for containers with RestartPolicy Always',
          ),
        );
      }
      errs.push(...validateResourcesPolicy(c, root.index(i).child('resourcesPolicy')));
    }
  });
  containers.forEach((c, i) => {
    // Kruise's paths here are `spec.container.…` and `spec[i].…` (sic).
    if (c.podInjectPolicy !== 'BeforeAppContainer' && c.podInjectPolicy !== 'AfterAppContainer') {
      errs.push(
        fieldError.invalid(
          root.child('container', 'podInjectPolicy'),
          c.podInjectPolicy ?? '',
          'unsupported pod inject policy',
        ),
      );
    }
    const share = c.shareVolumePolicy?.type;
    if (share !== 'enabled' && share !== 'disabled') {
      errs.push(
        fieldError.invalid(
          root.child('container', 'shareVolumePolicy'),
          c.shareVolumePolicy ?? {},
          'unsupported share volume policy',
        ),
      );
    }
    errs.push(...validateTransferEnv(c, root.index(i).child('transferEnv')));
    errs.push(...validateResourcesPolicy(c, root.index(i).child('resourcesPolicy')));
  });
  // Kruise runs ValidatePodCreate on a fake pod made of the sidecars (and a stand-in app container if there is none).
  const podContainers =
    containers.length > 0
      ? containers.map(podContainerOf)
      : [
          {
            name: 'test',
            image: 'busybox',
            imagePullPolicy: 'IfNotPresent',
            terminationMessagePolicy: 'File',
          },
        ];
  errs.push(
    ...validatePodTemplateSpec(
      {
        spec: {
          dnsPolicy: 'ClusterFirst',
          restartPolicy: 'Always',
          initContainers: initContainers.map(podContainerOf),
          containers: podContainers,
          volumes,
        },
      },
      path(''),
    ),
  );
  return errs;
}

/**
 * HotUpgrade sidecars (docs/behaviour/sidecarset.md#hot-upgrade-validation). Kruise checks none of this; kruise-ts
 * refuses what cannot work: without an empty image the idle slot would be a container without an image (every
 * injected pod refused by the apiserver), with the sidecar's own image there is no idle slot to tell apart, and
 * Kruise's controller only upgrades hot-upgrade slots of `containers`, never of `initContainers`.
 */
function validateHotUpgrade(spec: SidecarSetV1beta1['spec'], at: Path): FieldError[] {
  const errs: FieldError[] = [];
  (spec.containers ?? []).forEach((c, i) => {
    if (c.upgradeStrategy?.upgradeType !== 'HotUpgrade') return;
    const empty = c.upgradeStrategy.hotUpgradeEmptyImage ?? '';
    const field = at.child('containers').index(i).child('upgradeStrategy', 'hotUpgradeEmptyImage');
    if (empty === '')
      errs.push(fieldError.required(field, 'hotUpgradeEmptyImage is required for HotUpgrade'));
    else if (empty === c.image)
      errs.push(
        fieldError.invalid(field, empty, 'hotUpgradeEmptyImage must differ from the container image'),
      );
  });
  (spec.initContainers ?? []).forEach((c, i) => {
    if (c.upgradeStrategy?.upgradeType !== 'HotUpgrade') return;
    errs.push(
      fieldError.notSupported(
        at.child('initContainers').index(i).child('upgradeStrategy', 'upgradeType'),
        'HotUpgrade',
        ['ColdUpgrade'],
      ),
    );
  });
  return errs;
}

function validatePatchPodMetadata(
  obj: SidecarSetV1beta1,
  options: SidecarSetValidationOptions,
  at: Path,
): FieldError[] {
  const errs: FieldError[] = [];
  const patches = obj.spec.patchPodMetadata ?? [];
  const whitelistError = patchWhitelistError(obj, options);
  if (whitelistError) errs.push(fieldError.required(at, whitelistError));
  const seen = new Set<string>();
  for (const patch of patches) {
    const annotations = patch.annotations ?? {};
    if (Object.keys(annotations).length === 0)
      errs.push(fieldError.required(at, 'no annotations defined for SidecarSet'));
    else {
      errs.push(
        ...validateObjectMeta(
          { name: 'fake-name', annotations },
          { namespaced: false, nameValidator: kruiseNameValidator('sidecarset') },
          path('patchPodMetadata'),
        ),
      );
    }
    if (!patch.patchPolicy) errs.push(fieldError.required(at, 'no patchPolicy defined for patchPodMetadata'));
    for (const key of Object.keys(annotations)) {
      if (seen.has(key)) errs.push(fieldError.required(at, `patch annotation[${key}] already exist`));
      else seen.add(key);
    }
  }
  return errs;
}

function patchWhitelistError(
  obj: SidecarSetV1beta1,
  options: SidecarSetValidationOptions,
): string | undefined {
  const patches = obj.spec.patchPodMetadata ?? [];
  if (patches.length === 0 || options.patchPodMetadataWhitelist === undefined) return undefined;
  const defaultsAllowed = options.patchPodMetadataDefaultsAllowed ?? false;
  const whitelist = options.patchPodMetadataWhitelist;
  if (whitelist === null)
    return defaultsAllowed ? undefined : 'SidecarSet patch metadata whitelist not found';
  const exprs: RegExp[] = [];
  for (const rule of whitelist.rules) {
    if (rule.selector && !selectorMatches(rule.selector, obj.metadata?.labels)) continue;
    for (const expr of rule.allowedAnnotationKeyExprs) exprs.push(new RegExp(expr));
  }
  if (exprs.length === 0)
    return defaultsAllowed ? undefined : 'sidecarSet patch metadata annotation is not allowed';
  for (const patch of patches) {
    for (const key of Object.keys(patch.annotations ?? {})) {
      if (!exprs.some((r) => r.test(key)))
        return `sidecarSet patch metadata annotation(${key}) is not allowed`;
    }
  }
  return undefined;
}

function validateSpec(obj: SidecarSetV1beta1, options: SidecarSetValidationOptions): FieldError[] {
  const spec = obj.spec;
  const at = path('spec');
  const errs: FieldError[] = [];
  for (const c of spec.initContainers ?? []) {
    if (isNativeSidecar(c) && spec.updateStrategy?.type === 'RollingUpdate') {
      errs.push(
        fieldError.required(
          at.child('updateStrategy'),
          'The initContainer in-place upgrade is not currently supported.',
        ),
      );
    }
  }
  if (!spec.selector)
    errs.push(fieldError.required(at.child('selector'), 'no selector defined for SidecarSet'));
  else errs.push(...validateSelector(spec.selector, at.child('selector')));
  if (spec.namespaceSelector)
    errs.push(...validateSelector(spec.namespaceSelector, at.child('namespaceSelector')));
  const revision = spec.injectionStrategy?.revision;
  if (revision) {
    if (revision.revisionName === undefined && revision.customVersion === undefined) {
      errs.push(
        fieldError.invalid(
          path('revision'),
          revision,
          'revisionName and customVersion cannot be empty simultaneously',
        ),
      );
    } else if (options.injectionRevisionExists && !options.injectionRevisionExists(revision)) {
      errs.push(
        fieldError.invalid(
          path('revision'),
          null,
          `Cannot find specific ControllerRevision, err: ${options.injectionRevisionError ?? '<nil>'}`,
        ),
      );
    }
    const policy = revision.policy ?? '';
    if (policy !== '' && policy !== 'Always' && policy !== 'Partial') {
      errs.push(
        fieldError.invalid(
          path('revision', 'policy'),
          revision,
          `Invalid policy ${policy}, supported: [Always, Partial]`,
        ),
      );
    }
  }
  errs.push(...validateUpdateStrategy(spec.updateStrategy ?? {}, at.child('updateStrategy')));
  if ((spec.initContainers ?? []).length === 0 && (spec.containers ?? []).length === 0) {
    errs.push(fieldError.required(at, 'no initContainer or container defined for SidecarSet'));
  } else {
    errs.push(...validateContainers(spec, spec.volumes ?? [], at));
    errs.push(...validateHotUpgrade(spec, at));
  }
  errs.push(...validatePatchPodMetadata(obj, options, at.child('patchPodMetadata')));
  return errs;
}

function validateContainerChanges(obj: SidecarSetV1beta1, old: SidecarSetV1beta1): FieldError[] {
  const at = path('spec.containers');
  const before = new Map(
    (old.spec.containers ?? []).map((c) => [c.name, c.upgradeStrategy?.upgradeType ?? '']),
  );
  const errs: FieldError[] = [];
  for (const c of obj.spec.containers ?? []) {
    const type = before.get(c.name);
    if (type === undefined)
      errs.push(fieldError.invalid(at.child('name'), c.name, `container ${c.name} is not found`));
    else if (type !== '' && (c.upgradeStrategy?.upgradeType ?? '') !== type) {
      errs.push(
        fieldError.invalid(
          at.child('upgradeStrategy', 'upgradeType'),
          c.name,
          `container ${c.name} upgradeType is immutable`,
        ),
      );
    }
  }
  return errs;
}

function validateConflicts(obj: SidecarSetV1beta1, others: readonly SidecarSetV1beta1[]): FieldError[] {
  const at = path('spec');
  const annotations = obj.metadata?.annotations ?? {};
  const base = annotations[SidecarSetKeys.canary] === 'true' ? (annotations[SidecarSetKeys.base] ?? '') : '';
  const initInOthers = new Map<string, SidecarSetV1beta1>();
  const containersInOthers = new Map<string, SidecarSetV1beta1>();
  const volumesInOthers = new Map<string, SidecarSetV1beta1>();
  const patchesInOthers = new Map<string, [string, string]>();
  for (const other of others) {
    const name = other.metadata?.name;
    if ((base !== '' && name === base) || name === obj.metadata?.name) continue;
    const namespaces = obj.spec.namespaceSelector && other.spec.namespaceSelector;
    if (namespaces && !isSelectorOverlapping(obj.spec.namespaceSelector, other.spec.namespaceSelector))
      continue;
    if (!isSelectorOverlapping(obj.spec.selector, other.spec.selector)) continue;
    for (const c of other.spec.initContainers ?? []) initInOthers.set(c.name, other);
    for (const c of other.spec.containers ?? []) containersInOthers.set(c.name, other);
    for (const v of other.spec.volumes ?? []) volumesInOthers.set(v.name, other);
    for (const patch of other.spec.patchPodMetadata ?? []) {
      if (patch.patchPolicy === 'Retain') continue;
      for (const key of Object.keys(patch.annotations ?? {}))
        patchesInOthers.set(key, [name ?? '', patch.patchPolicy ?? '']);
    }
  }
  const errs: FieldError[] = [];
  for (const [list, owners] of [
    [obj.spec.initContainers ?? [], initInOthers],
    [obj.spec.containers ?? [], containersInOthers],
  ] as const) {
    for (const c of list) {
      const other = owners.get(c.name);
      if (other)
        errs.push(
          fieldError.invalid(
            at.child('containers'),
            c.name,
            `container ${c.name} already exist in ${other.metadata?.name}`,
          ),
        );
    }
  }
  for (const volume of obj.spec.volumes ?? []) {
    const other = volumesInOthers.get(volume.name);
    const theirs = other?.spec.volumes?.find((v) => v.name === volume.name);
    if (other && !deepEqual(volume, theirs)) {
      errs.push(
        fieldError.invalid(
          at.child('volumes'),
          volume.name,
          `volume ${volume.name} is in conflict with sidecarset ${other.metadata?.name}`,
        ),
      );
    }
  }
  for (const patch of obj.spec.patchPodMetadata ?? []) {
    if (patch.patchPolicy === 'Retain') continue;
    for (const key of Object.keys(patch.annotations ?? {})) {
      const other = patchesInOthers.get(key);
      if (other && (patch.patchPolicy === 'Overwrite' || other[1] === 'Overwrite')) {
        errs.push(
          fieldError.invalid(
            at.child('patchPodMetadata'),
            key,
            `annotation ${key} is in conflict with sidecarset ${other[0]}`,
          ),
        );
      }
    }
  }
  return errs;
}

/** Validates a v1beta1 SidecarSet as Kruise's webhook does on CREATE (no `old`) or UPDATE. */
export function validateSidecarSetV1beta1(
  obj: SidecarSetV1beta1,
  options: SidecarSetValidationOptions = {},
): FieldError[] {
  const old = options.old as SidecarSetV1beta1 | undefined;
  const errs = validateObjectMeta(
    obj.metadata,
    { namespaced: false, nameValidator: kruiseNameValidator('sidecarset') },
    path('metadata'),
  );
  errs.push(...validateCanary(obj, old, options));
  errs.push(...validateSpec(obj, options));
  if (old) errs.push(...validateContainerChanges(obj, old));
  // Conflicts with other SidecarSets are only looked at once everything else is valid.
  if (errs.length === 0 && options.sidecarSets) errs.push(...validateConflicts(obj, options.sidecarSets));
  return errs;
}

export function validateSidecarSetV1alpha1(
  obj: SidecarSetV1alpha1,
  options: SidecarSetValidationOptions = {},
): FieldError[] {
  const old = options.old as SidecarSetV1alpha1 | undefined;
  return validateSidecarSetV1beta1(sidecarSetV1alpha1ToV1beta1(obj), {
    ...options,
    old: old ? sidecarSetV1alpha1ToV1beta1(old) : undefined,
  });
}
