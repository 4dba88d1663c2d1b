// Bus credentials from the environment: each way to authenticate, files read as mounted from Secrets, and
// contradictory settings refused with a message naming the variables.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { busCredentialsFromEnv, connectionAuth, streamReplicasFromEnv, topology } from '../../src/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'bus-credentials-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('busCredentialsFromEnv', () => {
  test('nothing set: anonymous and plain', () => {
    assert.deepEqual(connectionAuth(busCredentialsFromEnv({})), {});
  });

  test('user and password, or a password file (trailing newline dropped)', () => {
    assert.deepEqual(
      connectionAuth(
        busCredentialsFromEnv({ KRUISE_TS_NATS_USER: 'watcher', KRUISE_TS_NATS_PASSWORD: 's3cret' }),
      ),
      {
        user: 'watcher',
        pass: 's3cret',
      },
    );
    const file = join(dir, 'password');
    writeFileSync(file, 'from-file\n');
    const c = busCredentialsFromEnv({ KRUISE_TS_NATS_USER: 'watcher', KRUISE_TS_NATS_PASSWORD_FILE: file });
    assert.equal(c.password, 'from-file');
  });

  test('nkey seed and creds files become authenticators; TLS files pass through; inbox prefix', () => {
    const seed = join(dir, 'seed');
    writeFileSync(seed, 'SUAIBDPBAUTWCWBKIO6XHQNINK5FWJW4OHLXC3HQ2KFE4PEJUA44CNHTC4\n');
    const auth = connectionAuth(
      busCredentialsFromEnv({
        KRUISE_TS_NATS_NKEY_SEED_FILE: seed,
        KRUISE_TS_NATS_TLS_CA_FILE: '/etc/nats/ca.crt',
        KRUISE_TS_NATS_INBOX_PREFIX: '_INBOX.watcher',
      }),
    );
    assert.equal(typeof auth.authenticator, 'function');
    assert.deepEqual(auth.tls, { caFile: '/etc/nats/ca.crt' });
    assert.equal(auth.inboxPrefix, '_INBOX.watcher');
  });

  const refused: [Record<string, string>, RegExp][] = [
    [{ KRUISE_TS_NATS_USER: 'u' }, /KRUISE_TS_NATS_USER and a password/],
    [{ KRUISE_TS_NATS_PASSWORD: 'p' }, /KRUISE_TS_NATS_USER and a password/],
    [
      { KRUISE_TS_NATS_USER: 'u', KRUISE_TS_NATS_PASSWORD: 'p', KRUISE_TS_NATS_PASSWORD_FILE: '/x' },
      /not both/,
    ],
    [
      { KRUISE_TS_NATS_USER: 'u', KRUISE_TS_NATS_PASSWORD: 'p', KRUISE_TS_NATS_CREDS_FILE: '/x' },
      /choose one/,
    ],
    [{ KRUISE_TS_NATS_TLS_CERT_FILE: '/c' }, /TLS_CERT_FILE and KRUISE_TS_NATS_TLS_KEY_FILE go together/],
    [
      { KRUISE_TS_NATS_USER: 'u', KRUISE_TS_NATS_PASSWORD_FILE: '/does/not/exist' },
      /cannot read KRUISE_TS_NATS_PASSWORD_FILE/,
    ],
  ];
  for (const [env, message] of refused) {
    test(`refuses ${Object.keys(env).join(' + ')}`, () => {
      assert.throws(() => busCredentialsFromEnv(env), message);
    });
  }
});

describe('streamReplicasFromEnv', () => {
  test('default 1; 3 when set; out of range refused', () => {
    assert.equal(streamReplicasFromEnv({}), 1);
    assert.equal(streamReplicasFromEnv({ KRUISE_TS_STREAM_REPLICAS: '3' }), 3);
    assert.throws(() => streamReplicasFromEnv({ KRUISE_TS_STREAM_REPLICAS: '0' }), /1\.\.5/);
  });
});

describe('topology: stream replicas from the environment', () => {
  // Declared, so the first process stores them in the bus settings that every process declares streams with
  // (undeclared, the stored settings had no replica count and every stream was made at 1).
  test('set: declared and used; unset: 1 and not declared', () => {
    const saved = process.env.KRUISE_TS_STREAM_REPLICAS;
    try {
      process.env.KRUISE_TS_STREAM_REPLICAS = '3';
      const set = topology({ partitions: 4 });
      assert.equal(set.declared.replicas, 3);
      assert.equal(set.events.config.num_replicas, 3);
      assert.equal(topology({ partitions: 4, replicas: 1 }).declared.replicas, 1, 'an option wins');
      delete process.env.KRUISE_TS_STREAM_REPLICAS;
      const unset = topology({ partitions: 4 });
      assert.equal(unset.declared.replicas, undefined);
      assert.equal(unset.events.config.num_replicas, 1);
    } finally {
      if (saved === undefined) delete process.env.KRUISE_TS_STREAM_REPLICAS;
      else process.env.KRUISE_TS_STREAM_REPLICAS = saved;
    }
  });
});
