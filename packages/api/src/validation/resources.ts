// k8s ValidateResourceRequirements for a container's `resources` and the pod's `overhead`, with k8s' paths and
// messages (pkg/apis/core/validation/validation.go, the same in the k8s 1.30–1.36 Kruise builds against): resource
// names, non-negative quantities, whole numbers for extended resources, requests within limits (equal to them for
// extended resources and hugepages), hugepages only beside cpu or memory. Kruise's pod validation options allow
// hugepages values that are not a multiple of the page size (`AllowIndivisibleHugePagesValues`), so that check is
// not made. Workload templates keep unknown fields (the CRDs do not check them), so an unreadable quantity also
// reaches admission here; it is refused at its own path with Go's parse error rather than when a pod is created.
import {
  compareQuantities,
  formatQuantity,
  goQuantityError,
  milliValue,
  parseQuantity,
  type Quantity,
} from '@kruise-ts/kube';
import { type FieldError, fieldError, type Path } from './errors.ts';
import { isQualifiedName } from './names.ts';
import { type ContainerResourceClaim, validateContainerClaims } from './resource-claims.ts';

type ResourceList = Readonly<Record<string, string | number>>;

// core/helper: the resource names known to the system, and those a container may ask for. Quota counts objects,
// so those names are whole numbers.
const objectCounts = new Set([
  'pods',
  'resourcequotas',
  'services',
  'replicationcontrollers',
  'secrets',
  'configmaps',
  'persistentvolumeclaims',
  'services.nodeports',
  'services.loadbalancers',
]);
const standardContainerResources = new Set(['cpu', 'memory', 'ephemeral-storage']);
const standardResources = new Set([
  ...standardContainerResources,
  ...[...standardContainerResources].flatMap((r) => [`requests.${r}`, `limits.${r}`]),
  ...objectCounts,
  'storage',
  'requests.storage',
]);
const qosComputeResources = new Set(['cpu', 'memory']);

const isHugePages = (name: string) => name.startsWith('hugepages-');
const isStandardResourceName = (name: string) =>
  standardResources.has(name) || isHugePages(name) || name.startsWith('requests.hugepages-');
/** Unprefixed names and those under kubernetes.io/ belong to Kubernetes itself. */
const isNativeResource = (name: string) => !name.includes('/') || name.includes('kubernetes.io/');
/** A device plugin's resource: outside kubernetes.io/, and still a qualified name once quota prefixes it. */
const isExtendedResourceName = (name: string) =>
  !isNativeResource(name) &&
  !name.startsWith('requests.') &&
  isQualifiedName(`requests.${name}`).length === 0;
/** Requests below limits are allowed for Kubernetes' own resources except hugepages. */
const isOvercommitAllowed = (name: string) => isNativeResource(name) && !isHugePages(name);
const isIntegerResourceName = (name: string) => objectCounts.has(name) || isExtendedResourceName(name);

function validateResourceName(name: string, at: Path): FieldError[] {
  const errs = isQualifiedName(name).map((m) => fieldError.invalid(at, name, m));
  if (errs.length > 0) return errs;
  if (!name.includes('/') && !isStandardResourceName(name))
    return [fieldError.invalid(at, name, 'must be a standard resource type or fully qualified')];
  return [];
}

function validateContainerResourceName(name: string, at: Path): FieldError[] {
  const errs = validateResourceName(name, at);
  if (!name.includes('/')) {
    if (!standardContainerResources.has(name) && !isHugePages(name))
      errs.push(fieldError.invalid(at, name, 'must be a standard resource for containers'));
  } else if (!isNativeResource(name) && !isExtendedResourceName(name)) {
    errs.push(fieldError.invalid(at, name, "doesn't follow extended resource name standard"));
  }
  return errs;
}

/** The parsed quantity, or the error at its path when Go could not have decoded it. */
function readQuantity(value: string | number, at: Path): Quantity | FieldError {
  try {
    return parseQuantity(String(value).trim());
  } catch (err) {
    return fieldError.invalid(at, value, goQuantityError(err));
  }
}

const isFieldError = (v: Quantity | FieldError): v is FieldError => 'detail' in v;

function validateQuantityValue(name: string, quantity: Quantity, at: Path): FieldError[] {
  const errs: FieldError[] = [];
  if (quantity.unscaled < 0n)
    errs.push(fieldError.invalid(at, formatQuantity(quantity), 'must be greater than or equal to 0'));
  if (isIntegerResourceName(name) && milliValue(quantity) % 1000n !== 0n)
    errs.push(fieldError.invalid(at, formatQuantity(quantity), 'must be an integer'));
  return errs;
}

/**
 * One entry of a container's limits or requests: its name and quantity checked (errors pushed at its path), and
 * the quantity when it could be read.
 */
function readEntry(name: string, value: string | number, at: Path, errs: FieldError[]): Quantity | undefined {
  errs.push(...validateContainerResourceName(name, at));
  const quantity = readQuantity(value, at);
  if (isFieldError(quantity)) {
    errs.push(quantity);
    return undefined;
  }
  errs.push(...validateQuantityValue(name, quantity, at));
  return quantity;
}

/**
 * k8s ValidateResourceRequirements: a container's resources, whose claims must be among `podClaims` (the pod's
 * claim names); `overhead` is checked as limits alone, with no claims.
 */
export function validateResourceRequirements(
  resources:
    | { limits?: ResourceList; requests?: ResourceList; claims?: readonly ContainerResourceClaim[] }
    | undefined,
  at: Path,
  podClaims: ReadonlySet<string> = new Set(),
): FieldError[] {
  const errs: FieldError[] = [];
  const limPath = at.child('limits');
  const reqPath = at.child('requests');
  let cpuOrMemory = false;
  let hugePages = false;
  const limits = new Map<string, Quantity>();
  for (const [name, value] of Object.entries(resources?.limits ?? {})) {
    const quantity = readEntry(name, value, limPath.key(name), errs);
    if (quantity === undefined) continue;
    limits.set(name, quantity);
    if (isHugePages(name)) hugePages = true;
    if (qosComputeResources.has(name)) cpuOrMemory = true;
  }
  for (const [name, value] of Object.entries(resources?.requests ?? {})) {
    const quantity = readEntry(name, value, reqPath.key(name), errs);
    if (quantity === undefined) continue;
    const limit = limits.get(name);
    if (limit !== undefined) {
      const cmp = compareQuantities(quantity, limit);
      const request = formatQuantity(quantity);
      if (cmp !== 0 && !isOvercommitAllowed(name))
        errs.push(
          fieldError.invalid(reqPath, request, `must be equal to ${name} limit of ${formatQuantity(limit)}`),
        );
      else if (cmp > 0)
        errs.push(
          fieldError.invalid(
            reqPath,
            request,
            `must be less than or equal to ${name} limit of ${formatQuantity(limit)}`,
          ),
        );
    } else if (!isOvercommitAllowed(name) && !(resources?.limits !== undefined && name in resources.limits)) {
      errs.push(fieldError.required(limPath, 'Limit must be set for non overcommitable resources'));
    }
    if (isHugePages(name)) hugePages = true;
    if (qosComputeResources.has(name)) cpuOrMemory = true;
  }
  if (hugePages && !cpuOrMemory) errs.push(fieldError.forbidden(at, 'HugePages require cpu or memory'));
  errs.push(...validateContainerClaims(resources?.claims, podClaims, at.child('claims')));
  return errs;
}
