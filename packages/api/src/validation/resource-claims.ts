// k8s validatePodResourceClaims and validateResourceClaimNames (pkg/apis/core/validation/validation.go, in the
// shape k8s 1.31+ gives them: a claim names a ResourceClaim or a template directly, and a container may ask for
// one request of a claim): the pod's dynamic resource claims, and the claims its containers refer to.
import { type FieldError, fieldError, type Path } from './errors.ts';
import { isDNS1123Label, isDNS1123Subdomain } from './names.ts';

export interface PodResourceClaim {
  name?: string;
  resourceClaimName?: string;
  resourceClaimTemplateName?: string;
}

export interface ContainerResourceClaim {
  name?: string;
  request?: string;
}

const dns1123Label = (value: string, at: Path): FieldError[] =>
  isDNS1123Label(value).map((m) => fieldError.invalid(at, value, m));

/** The names of the pod's claims (gatherPodResourceClaimNames): what containers may refer to. */
export function podClaimNames(claims: readonly PodResourceClaim[] | undefined): Set<string> {
  return new Set((claims ?? []).flatMap((c) => (c.name ? [c.name] : [])));
}

/** k8s validatePodResourceClaims. */
export function validatePodResourceClaims(
  claims: readonly PodResourceClaim[] | undefined,
  at: Path,
): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  (claims ?? []).forEach((claim, i) => {
    const p = at.index(i);
    const name = claim.name ?? '';
    if (name === '') errs.push(fieldError.required(p.child('name')));
    else if (seen.has(name)) errs.push(fieldError.duplicate(p.child('name'), name));
    else {
      errs.push(...dns1123Label(name, p.child('name')));
      seen.add(name);
    }
    const byName = claim.resourceClaimName;
    const byTemplate = claim.resourceClaimTemplateName;
    if (byName !== undefined && byTemplate !== undefined)
      errs.push(
        fieldError.invalid(
          p,
          claim,
          'at most one of `resourceClaimName` or `resourceClaimTemplateName` may be specified',
        ),
      );
    if (byName === undefined && byTemplate === undefined)
      errs.push(
        fieldError.invalid(p, claim, 'must specify one of: `resourceClaimName`, `resourceClaimTemplateName`'),
      );
    if (byName !== undefined)
      for (const m of isDNS1123Subdomain(byName))
        errs.push(fieldError.invalid(p.child('resourceClaimName'), byName, m));
    if (byTemplate !== undefined)
      for (const m of isDNS1123Subdomain(byTemplate))
        errs.push(fieldError.invalid(p.child('resourceClaimTemplateName'), byTemplate, m));
  });
  return errs;
}

/**
 * k8s validateResourceClaimNames: a container's `resources.claims`, each a claim of the pod (one of its requests
 * at most), none referred to twice, a whole claim not beside one of its requests.
 */
export function validateContainerClaims(
  claims: readonly ContainerResourceClaim[] | undefined,
  podClaims: ReadonlySet<string>,
  at: Path,
): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  (claims ?? []).forEach((claim, i) => {
    const p = at.index(i);
    const name = claim.name ?? '';
    if (name === '') {
      errs.push(fieldError.required(p));
      return;
    }
    if (seen.has(name)) {
      // Every request of that claim is referred to already.
      errs.push(fieldError.duplicate(p, name));
    } else {
      const request = claim.request ?? '';
      let key = name;
      if (request !== '') {
        errs.push(...dns1123Label(request, p.child('request')));
        key += `/${request}`;
      }
      if (seen.has(key)) errs.push(fieldError.duplicate(p, key));
      else if (request === '') {
        // The whole claim, where one of its requests was referred to before.
        for (const k of seen)
          if (k.includes('/') && k.slice(0, k.indexOf('/')) === name)
            errs.push(fieldError.duplicate(p, name));
      }
      seen.add(key);
    }
    if (!podClaims.has(name)) {
      const known = [...podClaims].sort();
      errs.push(
        fieldError.notFound(
          p,
          name,
          `must be one of the names in pod.spec.resourceClaims${known.length === 0 ? ' which is empty' : `: ${known.join(', ')}`}`,
        ),
      );
    }
  });
  return errs;
}
