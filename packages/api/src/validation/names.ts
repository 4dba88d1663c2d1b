// Name and label syntax checks from k8s.io/apimachinery/pkg/util/validation, with its messages.

const dns1123LabelFmt = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const dns1123SubdomainFmt = `${dns1123LabelFmt}(\\.${dns1123LabelFmt})*`;
const dns1123Label = new RegExp(`^${dns1123LabelFmt}$`);
const dns1123Subdomain = new RegExp(`^${dns1123SubdomainFmt}$`);
const qualifiedNameFmt = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const qualifiedName = new RegExp(`^${qualifiedNameFmt}$`);
const labelValue = new RegExp(`^(${qualifiedNameFmt})?$`);

const regexHint = (fmt: string) => `regex used for validation is '${fmt}'`;

export function isDNS1123Label(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 63) errs.push('must be no more than 63 characters');
  if (!dns1123Label.test(value)) {
    errs.push(
      `a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', ${regexHint(dns1123LabelFmt)})`,
    );
  }
  return errs;
}

export function isDNS1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 253) errs.push('must be no more than 253 characters');
  if (!dns1123Subdomain.test(value)) {
    errs.push(
      `a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', ${regexHint(dns1123SubdomainFmt)})`,
    );
  }
  return errs;
}

export function isQualifiedName(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0] ?? '';
  } else if (parts.length === 2) {
    const prefix = parts[0] ?? '';
    name = parts[1] ?? '';
    if (prefix.length === 0) errs.push('prefix part must be non-empty');
    else for (const msg of isDNS1123Subdomain(prefix)) errs.push(`prefix part ${msg}`);
  } else {
    return [
      `a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', ${regexHint(qualifiedNameFmt)}) with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ];
  }
  if (name.length === 0) errs.push('name part must be non-empty');
  else if (name.length > 63) errs.push('name part must be no more than 63 characters');
  // Go checks the pattern on an empty name too: it reports both.
  if (!qualifiedName.test(name)) {
    errs.push(
      `name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', ${regexHint(qualifiedNameFmt)})`,
    );
  }
  return errs;
}

export function isValidLabelValue(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 63) errs.push('must be no more than 63 characters');
  if (!labelValue.test(value)) {
    errs.push(
      `a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', ${regexHint(`(${qualifiedNameFmt})?`)})`,
    );
  }
  return errs;
}

/** validation.RegexError as Kruise uses it for its own name rules. */
export function regexError(message: string, format: string, ...examples: string[]): string {
  if (examples.length === 0) return `${message} (regex used for validation is '${format}')`;
  return `${message} (e.g. ${examples.map((e) => `'${e}', `).join(' or ')}regex used for validation is '${format}')`;
}

/** Kruise's name rule for SidecarSet, BroadcastJob and AdvancedCronJob: `^[a-zA-Z0-9\-]+$`, at most 63 characters. */
export function kruiseNameValidator(kind: string): (name: string) => string[] {
  return (name) => {
    const errs: string[] = [];
    if (!/^[a-zA-Z0-9-]+$/.test(name)) {
      errs.push(
        regexError(
          `${kind} name must consist of alphanumeric characters or '-'`,
          '^[a-zA-Z0-9\\-]+$',
          'example-com',
        ),
      );
    }
    if (name.length > 63) errs.push('must be no more than 63 characters');
    return errs;
  };
}

/** validation.IsValidPercent. */
export function isValidPercent(value: string): string[] {
  return /^[0-9]+%$/.test(value)
    ? []
    : [
        "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
      ];
}
