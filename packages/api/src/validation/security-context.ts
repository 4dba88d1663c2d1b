// k8s ValidateSecurityContext (a container's) and validatePodSpecSecurityContext (the pod's), with k8s' paths and
// messages (pkg/apis/core/validation/validation.go): user and group ids, procMount, seccomp and AppArmor profiles,
// the privilege-escalation conflicts, fsGroupChangePolicy. Privileged containers are allowed, as Kruise's manager
// allows them by default (`--allow-privileged`). Not checked: sysctls and Windows options. A struct printed as the
// invalid value is JSON here, where Go prints `%#v`.
import { type FieldError, fieldError, type Path } from './errors.ts';

interface Profile {
  type?: string;
  localhostProfile?: string;
}

/** The fields validation reads of a container's securityContext. */
interface ContainerSecurityContext {
  privileged?: boolean;
  allowPrivilegeEscalation?: boolean;
  capabilities?: { add?: string[] };
  runAsUser?: number;
  runAsGroup?: number;
  procMount?: string;
  seccompProfile?: Profile;
  appArmorProfile?: Profile;
}

/** The fields validation reads of a pod's securityContext. */
interface PodSecurityContext {
  runAsUser?: number;
  runAsGroup?: number;
  fsGroup?: number;
  supplementalGroups?: number[];
  fsGroupChangePolicy?: string;
  seccompProfile?: Profile;
  appArmorProfile?: Profile;
}

const MAX_ID = 2147483647;
const idErrors = (id: number | undefined, at: Path): FieldError[] =>
  id !== undefined && (id < 0 || id > MAX_ID)
    ? [fieldError.invalid(at, id, `must be between 0 and ${MAX_ID}, inclusive`)]
    : [];

const profileTypes = ['Localhost', 'RuntimeDefault', 'Unconfined'];

function validateSeccompProfile(profile: Profile | undefined, at: Path): FieldError[] {
  if (profile === undefined) return [];
  const errs: FieldError[] = [];
  const type = profile.type ?? '';
  if (type === '')
    errs.push(fieldError.required(at.child('type'), 'type is required when seccompProfile is set'));
  else if (!profileTypes.includes(type))
    errs.push(fieldError.notSupported(at.child('type'), type, profileTypes));
  const localhost = at.child('localhostProfile');
  if (type === 'Localhost') {
    if (profile.localhostProfile === undefined)
      errs.push(fieldError.required(localhost, 'must be set when seccomp type is Localhost'));
    else {
      // A path below the kubelet's seccomp directory: relative, never stepping out of it.
      if (profile.localhostProfile.startsWith('/'))
        errs.push(fieldError.invalid(localhost, profile.localhostProfile, 'must be a relative path'));
      if (profile.localhostProfile.split('/').includes('..'))
        errs.push(fieldError.invalid(localhost, profile.localhostProfile, "must not contain '..'"));
    }
  } else if (profile.localhostProfile !== undefined) {
    errs.push(fieldError.invalid(localhost, profile, 'can only be set when seccomp type is Localhost'));
  }
  return errs;
}

function validateAppArmorProfile(profile: Profile | undefined, at: Path): FieldError[] {
  if (profile === undefined) return [];
  const localhost = at.child('localhostProfile');
  const type = profile.type ?? '';
  if (type === 'Localhost') {
    const value = profile.localhostProfile;
    if (value === undefined)
      return [fieldError.required(localhost, 'must be set when AppArmor type is Localhost')];
    const errs: FieldError[] = [];
    if (value.trim() !== value)
      errs.push(fieldError.invalid(localhost, value, 'must not be padded with whitespace'));
    else if (value === '')
      errs.push(fieldError.required(localhost, 'must be set when AppArmor type is Localhost'));
    if (value.length > 4095) errs.push(fieldError.tooLongMaxLength(localhost, 4095));
    return errs;
  }
  if (type === 'RuntimeDefault' || type === 'Unconfined')
    return profile.localhostProfile === undefined
      ? []
      : [
          fieldError.invalid(
            localhost,
            profile.localhostProfile,
            'can only be set when AppArmor type is Localhost',
          ),
        ];
  if (type === '')
    return [fieldError.required(at.child('type'), 'type is required when appArmorProfile is set')];
  return [fieldError.notSupported(at.child('type'), type, profileTypes)];
}

/** k8s ValidateSecurityContext; `hostUsers` is the pod's (true unless `spec.hostUsers: false`). */
export function validateContainerSecurityContext(sc: unknown, at: Path, hostUsers: boolean): FieldError[] {
  if (sc === undefined || sc === null) return [];
  const c = sc as ContainerSecurityContext;
  const errs: FieldError[] = [];
  errs.push(...idErrors(c.runAsUser, at.child('runAsUser')));
  errs.push(...idErrors(c.runAsGroup, at.child('runAsGroup')));
  if (c.procMount !== undefined) {
    if (c.procMount !== 'Default' && c.procMount !== 'Unmasked')
      errs.push(fieldError.notSupported(at.child('procMount'), c.procMount, ['Default', 'Unmasked']));
    if (hostUsers && c.procMount === 'Unmasked')
      errs.push(
        fieldError.invalid(at.child('procMount'), c.procMount, '`hostUsers` must be false to use `Unmasked`'),
      );
  }
  errs.push(...validateSeccompProfile(c.seccompProfile, at.child('seccompProfile')));
  if (c.allowPrivilegeEscalation === false) {
    if (c.privileged === true)
      errs.push(
        fieldError.invalid(at, c, 'cannot set `allowPrivilegeEscalation` to false and `privileged` to true'),
      );
    for (const cap of c.capabilities?.add ?? [])
      if (cap === 'CAP_SYS_ADMIN')
        errs.push(
          fieldError.invalid(
            at,
            c,
            'cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN',
          ),
        );
  }
  errs.push(...validateAppArmorProfile(c.appArmorProfile, at.child('appArmorProfile')));
  return errs;
}

const fsGroupChangePolicies = ['Always', 'OnRootMismatch'];

/** k8s validatePodSpecSecurityContext (without sysctls and Windows options). */
export function validatePodSecurityContext(sc: unknown, at: Path): FieldError[] {
  if (sc === undefined || sc === null) return [];
  const p = sc as PodSecurityContext;
  const errs: FieldError[] = [];
  errs.push(...idErrors(p.fsGroup, at.child('fsGroup')));
  errs.push(...idErrors(p.runAsUser, at.child('runAsUser')));
  errs.push(...idErrors(p.runAsGroup, at.child('runAsGroup')));
  (p.supplementalGroups ?? []).forEach((gid, i) => {
    errs.push(...idErrors(gid, at.child('supplementalGroups').index(i)));
  });
  if (p.fsGroupChangePolicy !== undefined && !fsGroupChangePolicies.includes(p.fsGroupChangePolicy))
    errs.push(
      fieldError.notSupported(at.child('fsGroupChangePolicy'), p.fsGroupChangePolicy, fsGroupChangePolicies),
    );
  errs.push(...validateSeccompProfile(p.seccompProfile, at.child('seccompProfile')));
  errs.push(...validateAppArmorProfile(p.appArmorProfile, at.child('appArmorProfile')));
  return errs;
}
