// k8s ValidateSecurityContext (a container's) and validatePodSpecSecurityContext (the pod's), with k8s' paths and
// messages (pkg/apis/core/validation/validation.go): user and group ids, procMount, seccomp and AppArmor profiles,
// the privilege-escalation conflicts, fsGroupChangePolicy, a shared process namespace beside the host's, sysctl
// names (and namespaced ones beside the host's network or IPC namespace: Kruise's options leave that check on).
// Windows options (windows-options.ts). Privileged containers are allowed, as Kruise's manager allows them by
// default (`--allow-privileged`). A struct printed as the invalid value is JSON here, where Go prints `%#v`.
import { type FieldError, fieldError, type Path } from './errors.ts';
import { validateWindowsOptions, type WindowsOptions } from './windows-options.ts';

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
  windowsOptions?: WindowsOptions;
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
  sysctls?: { name?: string; value?: string }[];
  windowsOptions?: WindowsOptions;
}

/** The pod spec's host namespace fields, which k8s' internal type keeps in the pod security context. */
export interface PodHostNamespaces {
  hostNetwork?: boolean;
  hostPID?: boolean;
  hostIPC?: boolean;
  shareProcessNamespace?: boolean;
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
  errs.push(...validateWindowsOptions(c.windowsOptions, at.child('windowsOptions')));
  errs.push(...validateAppArmorProfile(c.appArmorProfile, at.child('appArmorProfile')));
  return errs;
}

const fsGroupChangePolicies = ['Always', 'OnRootMismatch'];

/**
 * k8s validatePodSpecSecurityContext. k8s checks it even where the template sets no
 * security context (conversion makes an empty one, holding the host namespace fields).
 */
export function validatePodSecurityContext(sc: unknown, host: PodHostNamespaces, at: Path): FieldError[] {
  const p = (sc ?? {}) as PodSecurityContext;
  const errs: FieldError[] = [];
  errs.push(...idErrors(p.fsGroup, at.child('fsGroup')));
  errs.push(...idErrors(p.runAsUser, at.child('runAsUser')));
  errs.push(...idErrors(p.runAsGroup, at.child('runAsGroup')));
  (p.supplementalGroups ?? []).forEach((gid, i) => {
    errs.push(...idErrors(gid, at.child('supplementalGroups').index(i)));
  });
  if (host.shareProcessNamespace === true && host.hostPID === true)
    errs.push(
      fieldError.invalid(
        at.child('shareProcessNamespace'),
        true,
        'ShareProcessNamespace and HostPID cannot both be enabled',
      ),
    );
  errs.push(...validateSysctls(p.sysctls ?? [], host, at.child('sysctls')));
  if (p.fsGroupChangePolicy !== undefined && !fsGroupChangePolicies.includes(p.fsGroupChangePolicy))
    errs.push(
      fieldError.notSupported(at.child('fsGroupChangePolicy'), p.fsGroupChangePolicy, fsGroupChangePolicies),
    );
  errs.push(...validateSeccompProfile(p.seccompProfile, at.child('seccompProfile')));
  errs.push(...validateWindowsOptions(p.windowsOptions, at.child('windowsOptions')));
  errs.push(...validateAppArmorProfile(p.appArmorProfile, at.child('appArmorProfile')));
  return errs;
}

// k8s SysctlContainSlashFmt: dot- or slash-separated segments; the message prints the anchored regex.
const SYSCTL_NAME = /^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$/;
const SYSCTL_NAME_ERROR =
  'must have at most 253 characters and match regex ^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$';

// component-helpers sysctl namespaceOf: the IPC sysctls by name, and the Net and IPC ones by prefix.
const ipcSysctls = new Set([
  'kernel.sem',
  'kernel.shmall',
  'kernel.shmmax',
  'kernel.shmmni',
  'kernel.shm_rmid_forced',
  'kernel.shm',
  'kernel.msgmax',
  'kernel.msgmnb',
  'kernel.msgmni',
  'kernel.msg',
]);

/** The kernel namespace of a sysctl, its name normalized to dots and cut at a `*` (sysctl GetNamespace). */
function sysctlNamespace(name: string): 'Net' | 'IPC' | undefined {
  const sep = name.search(/[./]/);
  // `net/ipv4/conf/eno2.100/rp_filter` is written with slashes: swap them with the dots.
  let normal = sep !== -1 && name[sep] === '/' ? name.replace(/[./]/g, (c) => (c === '.' ? '/' : '.')) : name;
  const star = normal.indexOf('*');
  if (star !== -1) normal = normal.slice(0, star);
  if (ipcSysctls.has(normal)) return 'IPC';
  if (normal.startsWith('net.')) return 'Net';
  if (normal.startsWith('fs.mqueue.')) return 'IPC';
  return undefined;
}

/** k8s validateSysctls with ValidateHostSysctl (Kruise does not set AllowNamespacedSysctlsForHostNetAndHostIPC). */
function validateSysctls(
  sysctls: readonly { name?: string }[],
  host: PodHostNamespaces,
  at: Path,
): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  sysctls.forEach((s, i) => {
    const name = s.name ?? '';
    const p = at.index(i).child('name');
    if (name === '') errs.push(fieldError.required(p, ''));
    else if (name.length > 253 || !SYSCTL_NAME.test(name))
      errs.push(fieldError.invalid(p, name, SYSCTL_NAME_ERROR));
    else if (names.has(name)) errs.push(fieldError.duplicate(p, name));
    const ns = sysctlNamespace(name);
    if (host.hostNetwork === true && ns === 'Net')
      errs.push(fieldError.invalid(p, name, "may not be specified when 'hostNetwork' is true"));
    else if (host.hostIPC === true && ns === 'IPC')
      errs.push(fieldError.invalid(p, name, "may not be specified when 'hostIPC' is true"));
    names.add(name);
  });
  return errs;
}
