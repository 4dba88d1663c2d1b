// Reversible escaping of Kubernetes strings into single NATS subject tokens. A token may not contain '.',
// '*', '>' or whitespace, but Kubernetes names (DNS subdomains, path segments) and API groups contain dots.
//
//   ''            -> '_'            (the core API group, the namespace of a cluster-scoped object)
//   '.'           -> '_'            inside a non-empty string: 'apps.kruise.io' -> 'apps_kruise_io'
//   [A-Za-z0-9-]  -> itself         so DNS labels (namespaces) are their own token
//   anything else -> '~XX' per UTF-8 byte, e.g. '_' -> '~5F', ':' -> '~3A'
//
// Because '_' and '~' never pass through, the mapping is injective and parses back; the lone string '.'
// (not a valid Kubernetes name) is written '~2E' so it cannot collide with ''.

import type { GroupKind } from '@kruise-ts/kube';

const passThrough = /^[A-Za-z0-9-]$/;
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export const EMPTY_TOKEN = '_';

export function toToken(value: string): string {
  if (value === '') return EMPTY_TOKEN;
  if (value === '.') return '~2E';
  let out = '';
  for (const ch of value) {
    if (passThrough.test(ch)) out += ch;
    else if (ch === '.') out += '_';
    else for (const byte of encoder.encode(ch)) out += `~${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export function fromToken(token: string): string {
  if (token === EMPTY_TOKEN) return '';
  const bytes: number[] = [];
  for (let i = 0; i < token.length; i++) {
    const ch = token[i]!;
    if (ch === '_') bytes.push(0x2e);
    else if (ch === '~') {
      const hex = token.slice(i + 1, i + 3);
      if (!/^[0-9A-F]{2}$/.test(hex)) throw new Error(`bad escape '~${hex}' in subject token '${token}'`);
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else if (passThrough.test(ch)) bytes.push(ch.charCodeAt(0));
    else throw new Error(`character '${ch}' cannot appear in an escaped subject token '${token}'`);
  }
  try {
    return decoder.decode(new Uint8Array(bytes));
  } catch (err) {
    throw new Error(`subject token '${token}' does not decode to UTF-8`, { cause: err });
  }
}

// A kind without its version: the object stream keeps one last value per object, whatever version it was read at.
export type { GroupKind };

const kindPattern = /^[A-Za-z][A-Za-z0-9]*$/;

/**
 * Two tokens `<Kind>.<group>`, e.g. `CloneSet.apps_kruise_io`, `Pod._`: the kind first so a filter reads
 * naturally, the group escaped by toToken.
 */
export function kindTokens({ group, kind }: GroupKind): string {
  if (!kindPattern.test(kind)) throw new Error(`kind '${kind}' is not an identifier`);
  return `${kind}.${toToken(group)}`;
}

export function parseKindTokens(kindToken: string, groupToken: string): GroupKind {
  if (!kindPattern.test(kindToken)) throw new Error(`'${kindToken}' is not a kind token`);
  return { kind: kindToken, group: fromToken(groupToken) };
}
