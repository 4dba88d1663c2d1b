// The X.509 v3 (RFC 5280) pieces our certificates are made of: names, extensions, the signature algorithm of a
// signing key, and what a signed certificate is assembled from. Reading back is limited to what issuing under an
// existing CA needs: its subject exactly as encoded, and its subject key identifier.
import { createHash, type KeyObject, type X509Certificate } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import {
  bitString,
  boolean,
  type Der,
  DerTag,
  explicit,
  implicitPrimitive,
  integer,
  nullValue,
  octetString,
  oid,
  oidText,
  readElements,
  readOne,
  sequence,
  set,
  time,
  unsignedInteger,
  utf8String,
} from './der.ts';

const Oid = {
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
  basicConstraints: '2.5.29.19',
  authorityKeyIdentifier: '2.5.29.35',
  extKeyUsage: '2.5.29.37',
  serverAuth: '1.3.6.1.5.5.7.3.1',
  clientAuth: '1.3.6.1.5.5.7.3.2',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  sha256WithRsa: '1.2.840.113549.1.1.11',
} as const;

/** A Name: the common name, then an RDN per organization (Kubernetes reads those as the client's groups). */
export function distinguishedName(cn: string, organizations: readonly string[] = []): Der {
  const rdn = (type: string, value: string) => set(sequence(oid(type), utf8String(value)));
  return sequence(rdn(Oid.commonName, cn), ...organizations.map((o) => rdn(Oid.organization, o)));
}

function extension(id: string, critical: boolean, value: Der): Der {
  return critical
    ? sequence(oid(id), boolean(true), octetString(value))
    : sequence(oid(id), octetString(value));
}

/** basicConstraints, critical: a CA that may sign only end-entity certificates (pathLen 0), or not a CA. */
export function basicConstraints(isCA: boolean): Der {
  return extension(Oid.basicConstraints, true, isCA ? sequence(boolean(true), integer(0)) : sequence());
}

export const KeyUsageBit = { digitalSignature: 0, keyEncipherment: 2, keyCertSign: 5 } as const;

/** keyUsage, critical; a named BIT STRING, so trailing zero bits are dropped as DER requires. */
export function keyUsage(bits: readonly number[]): Der {
  const highest = Math.max(...bits);
  const bytes = new Uint8Array(Math.floor(highest / 8) + 1);
  for (const bit of bits)
    bytes[Math.floor(bit / 8)] = (bytes[Math.floor(bit / 8)] ?? 0) | (0x80 >> (bit % 8));
  return extension(Oid.keyUsage, true, bitString(bytes, 7 - (highest % 8)));
}

export type ExtendedUsage = 'serverAuth' | 'clientAuth';

export function extendedKeyUsage(usages: readonly ExtendedUsage[]): Der {
  return extension(Oid.extKeyUsage, false, sequence(...usages.map((u) => oid(Oid[u]))));
}

export function subjectKeyIdentifier(keyId: Uint8Array): Der {
  return extension(Oid.subjectKeyIdentifier, false, octetString(keyId));
}

export function authorityKeyIdentifier(keyId: Uint8Array): Der {
  return extension(Oid.authorityKeyIdentifier, false, sequence(implicitPrimitive(0, keyId)));
}

/** subjectAltName with a dNSName or iPAddress entry per host. */
export function subjectAltName(hosts: readonly string[]): Der {
  const names = hosts.map((host) =>
    isIPv4(host) || isIPv6(host)
      ? implicitPrimitive(7, ipBytes(host))
      : implicitPrimitive(2, Buffer.from(host, 'ascii')),
  );
  return extension(Oid.subjectAltName, false, sequence(...names));
}

/** The 4 or 16 bytes of an address `isIP` accepted (IPv6 with `::` and a dotted IPv4 tail). */
export function ipBytes(address: string): Uint8Array {
  if (isIPv4(address)) return Uint8Array.from(address.split('.').map(Number));
  const zoneless = address.split('%')[0] ?? address;
  const [head = '', tail] = zoneless.split('::');
  const groups = (part: string): number[] => {
    if (part === '') return [];
    return part.split(':').flatMap((group) => {
      if (!group.includes('.')) return [Number.parseInt(group, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
      return [a * 256 + b, c * 256 + d];
    });
  };
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  return Uint8Array.from(all.flatMap((g) => [g >> 8, g & 0xff]));
}

/** SHA-1 of the subjectPublicKey bits: RFC 5280's first method for a key identifier. */
export function keyIdentifier(publicKey: KeyObject): Uint8Array {
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const [, bits] = readElements(readOne(spki, DerTag.sequence, 'public key').contents);
  if (bits === undefined || bits.tag !== DerTag.bitString) throw new Error('public key: no key bits');
  return createHash('sha1').update(bits.contents.subarray(1)).digest();
}

/** The AlgorithmIdentifier and hash to sign with `key`: ECDSA or RSA (PKCS#1 v1.5), both over SHA-256. */
export function signatureAlgorithm(key: KeyObject): Der {
  switch (key.asymmetricKeyType) {
    case 'ec':
      return sequence(oid(Oid.ecdsaWithSha256));
    case 'rsa':
      return sequence(oid(Oid.sha256WithRsa), nullValue());
    default:
      throw new Error(
        `cannot sign with a ${key.asymmetricKeyType ?? 'secret'} key: the CA key must be ECDSA or RSA`,
      );
  }
}

export interface TbsFields {
  serial: Uint8Array;
  signature: Der;
  issuer: Der;
  notBefore: Date;
  notAfter: Date;
  subject: Der;
  publicKey: KeyObject;
  extensions: readonly Der[];
}

/** The TBSCertificate of a v3 certificate. */
export function tbsCertificate(f: TbsFields): Der {
  return sequence(
    explicit(0, integer(2)),
    unsignedInteger(f.serial),
    f.signature,
    f.issuer,
    sequence(time(f.notBefore), time(f.notAfter)),
    f.subject,
    Uint8Array.from(f.publicKey.export({ type: 'spki', format: 'der' })),
    explicit(3, sequence(...f.extensions)),
  );
}

/** The signed certificate: the TBS, the algorithm again, and the signature bits. */
export function signedCertificate(tbs: Der, signature: Der, signatureValue: Uint8Array): Der {
  return sequence(tbs, signature, bitString(signatureValue));
}

/** An issuer's subject exactly as encoded, and its subject key identifier (or one derived from its key). */
export function issuerFields(cert: X509Certificate): { subject: Der; keyId: Uint8Array } {
  const [tbs] = readElements(readOne(cert.raw, DerTag.sequence, 'CA certificate').contents);
  if (tbs === undefined) throw new Error('CA certificate: no TBSCertificate');
  const fields = readElements(tbs.contents);
  const body = fields[0]?.tag === 0xa0 ? fields.slice(1) : fields;
  const subject = body[4];
  if (subject === undefined || subject.tag !== DerTag.sequence) throw new Error('CA certificate: no subject');
  const extensions = body.find((f) => f.tag === 0xa3);
  if (extensions !== undefined) {
    for (const ext of readElements(readOne(extensions.contents, DerTag.sequence, 'extensions').contents)) {
      const [id, ...rest] = readElements(ext.contents);
      const value = rest.at(-1);
      if (id?.tag === DerTag.oid && oidText(id.contents) === Oid.subjectKeyIdentifier && value !== undefined)
        return {
          subject: subject.encoded,
          keyId: readOne(value.contents, DerTag.octetString, 'SKI').contents,
        };
    }
  }
  return { subject: subject.encoded, keyId: keyIdentifier(cert.publicKey) };
}
