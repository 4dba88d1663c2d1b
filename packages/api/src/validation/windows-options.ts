// k8s validateWindowsSecurityContextOptions (pkg/apis/core/validation/validation.go), for a pod's and a container's
// `securityContext.windowsOptions`: the GMSA credential spec's name and size, and the shape of `runAsUserName`
// ("DOMAIN\USER" or "USER", with Windows' naming rules). Lengths are Go's, in bytes.
import { type FieldError, fieldError, type Path } from './errors.ts';
import { isDNS1123Subdomain } from './names.ts';

export interface WindowsOptions {
  gmsaCredentialSpecName?: string;
  gmsaCredentialSpec?: string;
  runAsUserName?: string;
}

const GMSA_SPEC_KIB = 64;
const DOMAIN_MAX = 256;
const USER_MAX = 104;
// biome-ignore lint/suspicious/noControlCharactersInRegex: Go's [[:cntrl:]], which the user name may not hold.
const CONTROL = /[\x00-\x1f\x7f]/;
// A NetBIOS domain: 1–15 characters, none of \ / : * ? " < > |, not starting with a dot.
const NETBIOS = /^[^\\/:*?"<>|.][^\\/:*?"<>|]{0,14}$/;
const DNS_LABEL = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?';
const DNS_DOMAIN = new RegExp(`^${DNS_LABEL}(?:\\.${DNS_LABEL})*$`);
const USER_BAD_CHARS = /["/\\:;|=,+*?<>@[\]]/;
const USER_DOTS_SPACES = /^[. ]+$/;

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

export function validateWindowsOptions(options: WindowsOptions | undefined, at: Path): FieldError[] {
  if (options === undefined || options === null) return [];
  const errs: FieldError[] = [];
  const { gmsaCredentialSpecName: specName, gmsaCredentialSpec: spec, runAsUserName: userName } = options;
  if (specName !== undefined)
    for (const m of isDNS1123Subdomain(specName))
      errs.push(fieldError.invalid(at.child('gmsaCredentialSpecName'), specName, m));
  if (spec !== undefined) {
    const p = at.child('gmsaCredentialSpec');
    if (spec === '') errs.push(fieldError.invalid(p, spec, 'gmsaCredentialSpec cannot be an empty string'));
    else if (bytes(spec) > GMSA_SPEC_KIB * 1024)
      errs.push(fieldError.invalid(p, spec, `gmsaCredentialSpec size must be under ${GMSA_SPEC_KIB} KiB`));
  }
  if (userName !== undefined) errs.push(...runAsUserNameErrors(userName, at.child('runAsUserName')));
  return errs;
}

function runAsUserNameErrors(name: string, at: Path): FieldError[] {
  const invalid = (detail: string) => fieldError.invalid(at, name, detail);
  if (name === '') return [invalid('runAsUserName cannot be an empty string')];
  if (CONTROL.test(name)) return [invalid('runAsUserName cannot contain control characters')];
  const parts = name.split('\\');
  if (parts.length > 2) return [invalid('runAsUserName cannot contain more than one backslash')];
  const [domain, user] = parts.length === 1 ? ['', parts[0] ?? ''] : [parts[0] ?? '', parts[1] ?? ''];
  const errs: FieldError[] = [];
  if (bytes(domain) >= DOMAIN_MAX)
    errs.push(invalid(`runAsUserName's Domain length must be under ${DOMAIN_MAX} characters`));
  if (parts.length === 2 && !(NETBIOS.test(domain) || DNS_DOMAIN.test(domain)))
    errs.push(invalid("runAsUserName's Domain doesn't match the NetBios nor the DNS format"));
  if (user === '') errs.push(invalid("runAsUserName's User cannot be empty"));
  else if (bytes(user) > USER_MAX)
    errs.push(invalid(`runAsUserName's User length must not be longer than ${USER_MAX} characters`));
  if (USER_DOTS_SPACES.test(user))
    errs.push(invalid("runAsUserName's User cannot contain only periods or spaces"));
  if (USER_BAD_CHARS.test(user))
    errs.push(invalid(`runAsUserName's User cannot contain the following characters: "/\\:;|=,+*?<>@[]`));
  return errs;
}
