// The settings module: the one parser per type, the one feature-gate rule, and the one rule for renamed
// settings (old name works with a deprecation warning; old and new set differently is an error).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseFeatureGates } from '../../src/settings/feature-gates.ts';
import {
  ConfigError,
  parseBool,
  parseChoice,
  parseDuration,
  parseInteger,
  parseList,
} from '../../src/settings/parse.ts';
import { SettingsReader } from '../../src/settings/reader.ts';
import { SERVICES, SETTINGS, type SettingSpec } from '../../src/settings/table.ts';

const configError =
  (...parts: string[]) =>
  (err: unknown) =>
    err instanceof ConfigError && parts.every((p) => err.message.includes(p));

describe('parsers', () => {
  for (const [raw, bounds, want] of [
    ['0', { min: 0 }, 0],
    [' 42 ', { min: 1, max: 42 }, 42],
    ['-3', { min: -5 }, -3],
    ['+7', { min: 0 }, 7],
  ] as const) {
    it(`integer '${raw}' → ${want}`, () => assert.equal(parseInteger('X', raw, bounds), want));
  }
  for (const [raw, bounds] of [
    ['1.5', { min: 0 }],
    ['1e3', { min: 0 }],
    ['0x10', { min: 0 }],
    ['many', { min: 0 }],
    ['', { min: 0 }],
    ['0', { min: 1 }],
    ['43', { min: 1, max: 42 }],
    ['9007199254740993', { min: 0 }],
  ] as const) {
    it(`integer '${raw}' is refused, naming variable and value`, () =>
      assert.throws(() => parseInteger('KRUISE_TS_X', raw, bounds), configError('KRUISE_TS_X', `'${raw}'`)));
  }

  for (const [raw, want] of [
    ['0', 0],
    ['250ms', 250],
    ['10s', 10_000],
    ['5m', 300_000],
    ['1h30m', 5_400_000],
    ['1.5s', 1500],
    ['2d', 172_800_000],
  ] as const) {
    it(`duration '${raw}' → ${want} ms`, () => assert.equal(parseDuration('D', raw), want));
  }
  for (const raw of ['10', '5 parsecs', '1y', 'm5', '-1s', '']) {
    it(`duration '${raw}' is refused, naming variable and value`, () =>
      assert.throws(() => parseDuration('LEASE_DURATION', raw), configError('LEASE_DURATION', `'${raw}'`)));
  }
  it('duration bounds', () => {
    assert.throws(() => parseDuration('D', '1s', { min: 2000 }), configError('D', "'1s'"));
    assert.equal(parseDuration('D', '2s', { min: 2000, max: 2000 }), 2000);
  });

  it('bool: true/false in any case (and Go flag spellings 1/0/t/f), nothing else', () => {
    for (const raw of ['true', 'TRUE', ' True ', '1', 't']) assert.equal(parseBool('B', raw), true, raw);
    for (const raw of ['false', 'FALSE', '0', 'f']) assert.equal(parseBool('B', raw), false, raw);
    for (const raw of ['yes', 'on', ''])
      assert.throws(() => parseBool('B', raw), configError('B', `'${raw}'`));
  });

  it('list: comma-separated, blanks dropped', () => {
    assert.deepEqual(parseList('L', ' a, b ,,c '), ['a', 'b', 'c']);
    assert.deepEqual(parseList('L', ' , '), []);
  });

  it('choice: one of the words', () => {
    assert.equal(parseChoice('C', ' warn ', ['info', 'warn']), 'warn');
    assert.throws(() => parseChoice('C', 'loud', ['info', 'warn']), configError('C', "'loud'", 'info, warn'));
  });
});

describe('parseFeatureGates', () => {
  it("Kruise's Name=bool list; gates of every service are accepted", () => {
    assert.deepEqual(parseFeatureGates(' CloneSetShortHash=true , PodIndexLabel=false '), {
      CloneSetShortHash: true,
      PodIndexLabel: false,
    });
    assert.deepEqual(parseFeatureGates(undefined), {});
    assert.deepEqual(parseFeatureGates(''), {});
  });
  it('a name no service knows is refused, listing the known gates', () =>
    assert.throws(
      () => parseFeatureGates('CloneSetShortHash=true,NoSuchGate=true'),
      configError(
        "unknown feature gate 'NoSuchGate'",
        'known: ',
        'CloneSetShortHash',
        'StatefulSetAutoDeletePVC',
      ),
    ));
  it('a value other than a bool, or none, is refused naming the gate', () => {
    assert.throws(
      () => parseFeatureGates('CloneSetShortHash=yes'),
      configError('CloneSetShortHash', "'yes'"),
    );
    assert.throws(
      () => parseFeatureGates('CloneSetShortHash'),
      configError('CloneSetShortHash', '=true or =false'),
    );
  });
});

describe('SettingsReader', () => {
  it('takes defaults from the table, per service where the table says so', () => {
    assert.equal(new SettingsReader({}, 'cloneset-controller').int('KRUISE_TS_WORKERS'), 4);
    assert.equal(new SettingsReader({}, 'revision-gc').int('KRUISE_TS_WORKERS'), 2);
    assert.equal(new SettingsReader({}, 'sidecarset-controller').int('KRUISE_TS_WORKERS'), 3);
    assert.equal(new SettingsReader({}, 'watcher').int('KRUISE_TS_HTTP_PORT'), 8080);
    assert.equal(new SettingsReader({}, 'cert-manager').int('KRUISE_TS_HTTP_PORT'), 8000);
    assert.equal(new SettingsReader({}, 'webhook-server').int('KRUISE_TS_HTTP_PORT'), 8001);
    assert.equal(new SettingsReader({}, 'watcher').string('KRUISE_TS_NATS_URL'), 'nats://127.0.0.1:4222');
    assert.equal(new SettingsReader({}, 'cert-manager').string('KRUISE_TS_NATS_URL'), undefined);
    assert.equal(
      new SettingsReader({ KRUISE_TS_PARTITIONS: '  ' }, 'watcher').int('KRUISE_TS_PARTITIONS'),
      16,
    );
  });

  it('checks every setting of the service at start, read later or not', () => {
    assert.throws(
      () => new SettingsReader({ KRUISE_TS_PARTITIONS: '0' }, 'cert-manager'),
      configError('KRUISE_TS_PARTITIONS', "'0'"),
    );
    assert.throws(
      () => new SettingsReader({ CA_OVERLAP: '10' }, 'cert-manager'),
      configError('CA_OVERLAP', "'10'"),
    );
    // Another service's setting is not this one's business.
    assert.doesNotThrow(() => new SettingsReader({ CA_OVERLAP: '10' }, 'watcher'));
  });

  it('applies the bounds of the table, naming the variable', () =>
    assert.throws(
      () => new SettingsReader({ KRUISE_TS_PARTITIONS: '5000' }, 'watcher').int('KRUISE_TS_PARTITIONS'),
      configError('KRUISE_TS_PARTITIONS', "'5000'", '[1, 4096]'),
    ));

  it('refuses to read a setting the table does not list for the service (the table cannot drift)', () => {
    assert.throws(() => new SettingsReader({}, 'watcher').int('KRUISE_TS_WORKERS'), /not listed for watcher/);
    assert.throws(() => new SettingsReader({}, 'watcher').bool('KRUISE_TS_ASSIGN_BCJ_PODS_BY_SCHEDULER'));
  });

  for (const [service, oldName, newName, value] of [
    ['cert-manager', 'NATS_URL', 'KRUISE_TS_NATS_URL', 'nats://x:1'],
    ['webhook-server', 'BUS_PREFIX', 'KRUISE_TS_BUS_PREFIX', 'p1'],
    ['cert-manager', 'BUS_PARTITIONS', 'KRUISE_TS_PARTITIONS', '4'],
    ['webhook-server', 'HEALTH_HOST', 'KRUISE_TS_HTTP_HOST', '127.0.0.2'],
    ['cert-manager', 'HEALTH_PORT', 'KRUISE_TS_HTTP_PORT', '9000'],
    ['watcher', 'LOG_LEVEL', 'KRUISE_TS_LOG_LEVEL', 'warn'],
    ['cloneset-controller', 'KRUISE_TS_CLONESET_WORKERS', 'KRUISE_TS_WORKERS', '8'],
    ['statefulset-controller', 'KRUISE_TS_STATEFULSET_WORKERS', 'KRUISE_TS_WORKERS', '5'],
    ['broadcastjob-controller', 'KRUISE_TS_BROADCASTJOB_WORKERS', 'KRUISE_TS_WORKERS', '6'],
    ['advancedcronjob-controller', 'KRUISE_TS_ADVANCEDCRONJOB_WORKERS', 'KRUISE_TS_WORKERS', '7'],
  ] as const) {
    describe(`${oldName} → ${newName} (${service})`, () => {
      it('the old name alone works, with one deprecation naming old and new name', () => {
        const s = new SettingsReader({ [oldName]: value }, service);
        assert.deepEqual(s.raw(newName), { from: oldName, raw: value });
        s.raw(newName);
        assert.equal(s.deprecations.length, 1, 'logged once however often it is read');
        assert.match(s.deprecations[0] ?? '', new RegExp(`${oldName} is deprecated.*use ${newName}`));
      });
      it('old and new set to the same value: the value, with the deprecation', () => {
        const s = new SettingsReader({ [oldName]: value, [newName]: value }, service);
        assert.deepEqual(s.raw(newName), { from: newName, raw: value });
        assert.equal(s.deprecations.length, 1);
      });
      it('old and new set differently: an error naming both, even before (or without) reading it', () =>
        assert.throws(
          () => new SettingsReader({ [oldName]: value, [newName]: `${value}0` }, service),
          configError(oldName, newName, 'differ'),
        ));
      it('the deprecation is known before the setting is read', () =>
        assert.equal(new SettingsReader({ [oldName]: value }, service).deprecations.length, 1));
      it('the new name alone: no deprecation', () => {
        const s = new SettingsReader({ [newName]: value }, service);
        assert.deepEqual(s.raw(newName), { from: newName, raw: value });
        assert.deepEqual(s.deprecations, []);
      });
    });
  }

  it("an old name is read only by the services it was theirs (another service's per-kind workers are ignored)", () => {
    const s = new SettingsReader({ KRUISE_TS_CLONESET_WORKERS: '9' }, 'statefulset-controller');
    assert.equal(s.int('KRUISE_TS_WORKERS'), 3);
    assert.deepEqual(s.deprecations, []);
  });

  it('an error from an old name names the old variable', () =>
    assert.throws(
      () => new SettingsReader({ HEALTH_PORT: 'x' }, 'cert-manager').int('KRUISE_TS_HTTP_PORT'),
      configError('HEALTH_PORT', "'x'"),
    ));

  it('feature gates through the reader', () => {
    assert.deepEqual(
      new SettingsReader(
        { KRUISE_TS_FEATURE_GATES: 'PodIndexLabel=false' },
        'cloneset-controller',
      ).featureGates(),
      { PodIndexLabel: false },
    );
    assert.throws(
      () =>
        new SettingsReader({ KRUISE_TS_FEATURE_GATES: 'Nope=true' }, 'statefulset-controller').featureGates(),
      configError('KRUISE_TS_FEATURE_GATES', "'Nope'"),
    );
  });
});

describe('the settings table', () => {
  const specs = SETTINGS as readonly SettingSpec[];
  it('one entry per name; every new name of ours is KRUISE_TS_*, no old name is also a current one', () => {
    const names = specs.map((s) => s.name);
    assert.equal(new Set(names).size, names.length);
    for (const spec of specs) {
      for (const old of spec.renamedFrom ?? []) assert.ok(!names.includes(old.name), old.name);
      if (spec.renamedFrom !== undefined) assert.match(spec.name, /^KRUISE_TS_/);
    }
  });
  it('every default is within the bounds, every reader a known service, every setting read by someone', () => {
    for (const spec of specs) {
      assert.ok(spec.services.length > 0, spec.name);
      for (const service of spec.services) assert.ok(SERVICES.includes(service), `${spec.name}: ${service}`);
      if (spec.type === 'int') {
        const defaults = [spec.default, ...Object.values(spec.serviceDefaults ?? {})];
        for (const d of defaults) {
          if (d === undefined) continue;
          assert.ok(d >= spec.min && d <= (spec.max ?? Number.MAX_SAFE_INTEGER), `${spec.name} default ${d}`);
        }
      }
      if (spec.type === 'choice' && spec.default !== undefined)
        assert.ok(spec.choices.includes(spec.default));
      assert.ok(spec.meaning.length > 0, spec.name);
    }
  });
});

describe('connection settings every service reads the same way', () => {
  for (const [env, want] of [
    [{}, undefined],
    [{ KRUISE_TS_NATS_URL: ' ' }, undefined],
    [
      { KRUISE_TS_NATS_URL: 'nats://127.0.0.1:4222' },
      { url: 'nats://127.0.0.1:4222', prefix: 'kruise', partitions: 16 },
    ],
    [
      { KRUISE_TS_NATS_URL: 'nats://127.0.0.1:4222', KRUISE_TS_BUS_PREFIX: 'x', KRUISE_TS_PARTITIONS: '4' },
      { url: 'nats://127.0.0.1:4222', prefix: 'x', partitions: 4 },
    ],
  ] as const) {
    it(`optionalBus ${JSON.stringify(env)}`, () => {
      for (const service of ['cert-manager', 'webhook-server'] as const)
        assert.deepEqual(new SettingsReader(env, service).optionalBus(), want);
    });
  }
  it('kubeconfigPath: KRUISE_TS_KUBECONFIG wins over KUBECONFIG', () => {
    const reader = (env: Record<string, string>) => new SettingsReader(env, 'watcher').kubeconfigPath();
    assert.equal(reader({}), undefined);
    assert.equal(reader({ KUBECONFIG: '/a' }), '/a');
    assert.equal(reader({ KUBECONFIG: '/a', KRUISE_TS_KUBECONFIG: '/b' }), '/b');
  });
});
