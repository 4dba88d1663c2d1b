// How a service proves who it is to NATS, from its settings: user + password (or a password file, as mounted
// from a Secret), an nkey seed file, or a .creds file (JWT + seed), and TLS (CA to verify the server, client
// certificate and key for mutual TLS). Empty settings mean an anonymous, plain connection (the local cluster).
import { readFileSync } from 'node:fs';
import {
  type Authenticator,
  type ConnectionOptions,
  credsAuthenticator,
  nkeyAuthenticator,
  type TlsOptions,
} from '@nats-io/transport-node';

export interface BusCredentials {
  user?: string;
  password?: string;
  /** File holding an nkey seed (`SU…`). */
  nkeySeedFile?: string;
  /** A NATS .creds file (user JWT and nkey seed). */
  credsFile?: string;
  tls?: { caFile?: string; certFile?: string; keyFile?: string };
  /** Prefix of this client's reply subjects, so a server permission can give each identity its own inboxes. */
  inboxPrefix?: string;
}

type Env = Record<string, string | undefined>;

const set = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === '' ? undefined : value.trim();

/**
 * KRUISE_TS_NATS_USER, KRUISE_TS_NATS_PASSWORD or KRUISE_TS_NATS_PASSWORD_FILE, KRUISE_TS_NATS_NKEY_SEED_FILE,
 * KRUISE_TS_NATS_CREDS_FILE, KRUISE_TS_NATS_TLS_CA_FILE, KRUISE_TS_NATS_TLS_CERT_FILE, KRUISE_TS_NATS_TLS_KEY_FILE,
 * KRUISE_TS_NATS_INBOX_PREFIX.
 */
export function busCredentialsFromEnv(env: Env = process.env): BusCredentials {
  const passwordFile = set(env.KRUISE_TS_NATS_PASSWORD_FILE);
  let password = set(env.KRUISE_TS_NATS_PASSWORD);
  if (password !== undefined && passwordFile !== undefined) {
    throw new Error('set KRUISE_TS_NATS_PASSWORD or KRUISE_TS_NATS_PASSWORD_FILE, not both');
  }
  if (passwordFile !== undefined) {
    try {
      password = readFileSync(passwordFile, 'utf8').trim();
    } catch (err) {
      throw new Error(`cannot read KRUISE_TS_NATS_PASSWORD_FILE ${passwordFile}`, { cause: err });
    }
  }
  const user = set(env.KRUISE_TS_NATS_USER);
  if ((user === undefined) !== (password === undefined)) {
    throw new Error('KRUISE_TS_NATS_USER and a password (KRUISE_TS_NATS_PASSWORD[_FILE]) go together');
  }
  const tls = {
    caFile: set(env.KRUISE_TS_NATS_TLS_CA_FILE),
    certFile: set(env.KRUISE_TS_NATS_TLS_CERT_FILE),
    keyFile: set(env.KRUISE_TS_NATS_TLS_KEY_FILE),
  };
  if ((tls.certFile === undefined) !== (tls.keyFile === undefined)) {
    throw new Error('KRUISE_TS_NATS_TLS_CERT_FILE and KRUISE_TS_NATS_TLS_KEY_FILE go together');
  }
  const credentials: BusCredentials = {
    user,
    password,
    nkeySeedFile: set(env.KRUISE_TS_NATS_NKEY_SEED_FILE),
    credsFile: set(env.KRUISE_TS_NATS_CREDS_FILE),
    tls: Object.values(tls).some((v) => v !== undefined) ? tls : undefined,
    inboxPrefix: set(env.KRUISE_TS_NATS_INBOX_PREFIX),
  };
  const methods = [credentials.user, credentials.nkeySeedFile, credentials.credsFile].filter(
    (m) => m !== undefined,
  );
  if (methods.length > 1) {
    throw new Error(
      'choose one of KRUISE_TS_NATS_USER, KRUISE_TS_NATS_NKEY_SEED_FILE, KRUISE_TS_NATS_CREDS_FILE',
    );
  }
  return credentials;
}

/** The connect options these credentials translate to (files are read at each (re)connect, so rotation works). */
export function connectionAuth(
  c: BusCredentials,
): Pick<ConnectionOptions, 'user' | 'pass' | 'authenticator' | 'tls' | 'inboxPrefix'> {
  const readBytes = (file: string, what: string) => () => {
    try {
      return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
    } catch (err) {
      throw new Error(`cannot read NATS ${what} ${file}`, { cause: err });
    }
  };
  let authenticator: Authenticator | undefined;
  if (c.credsFile !== undefined) authenticator = credsAuthenticator(readBytes(c.credsFile, 'creds file'));
  else if (c.nkeySeedFile !== undefined)
    authenticator = nkeyAuthenticator(readBytes(c.nkeySeedFile, 'nkey seed'));
  const tls: TlsOptions | undefined =
    c.tls === undefined
      ? undefined
      : Object.fromEntries(Object.entries(c.tls).filter(([, v]) => v !== undefined));
  return {
    ...(c.user !== undefined ? { user: c.user, pass: c.password } : {}),
    ...(authenticator !== undefined ? { authenticator } : {}),
    ...(tls !== undefined ? { tls } : {}),
    ...(c.inboxPrefix !== undefined ? { inboxPrefix: c.inboxPrefix } : {}),
  };
}
