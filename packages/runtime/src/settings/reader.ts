// Reads one service's settings from its environment through the table: the one parser per type, the
// per-service default, and the one rule for renamed settings (see table.ts): an old name still works, with a
// deprecation warning collected once; old and new both set to different values is an error.
import { type FeatureGateValues, parseFeatureGates } from './feature-gates.ts';
import {
  ConfigError,
  type Env,
  parseBool,
  parseChoice,
  parseDuration,
  parseInteger,
  parseList,
} from './parse.ts';
import {
  SETTINGS,
  type ServiceName,
  type SettingName,
  type SettingNameOf,
  type SettingSpec,
  type SettingType,
  settingSpec,
} from './table.ts';

export interface SettingValue {
  /** The variable the value came from (the new name, or a deprecated old one). */
  from: string;
  raw: string;
}

const present = (raw: string | undefined): raw is string => raw !== undefined && raw.trim() !== '';

export interface BusSettings {
  url: string;
  prefix: string;
  partitions: number;
}

export class SettingsReader {
  readonly #env: Env;
  readonly #deprecations = new Map<string, string>();
  readonly service: ServiceName;

  /**
   * Checks every setting of the service at once, whether the service reads it later or not (e.g. the bus
   * settings without a bus): a rename conflict or a value its parser refuses fails here.
   */
  constructor(env: Env, service: ServiceName) {
    this.#env = env;
    this.service = service;
    for (const spec of SETTINGS as readonly SettingSpec[]) {
      if (!spec.services.includes(service)) continue;
      const v = this.raw(spec.name as SettingName);
      if (v === undefined) continue;
      if (spec.type === 'int') parseInteger(v.from, v.raw, spec);
      else if (spec.type === 'duration') parseDuration(v.from, v.raw, spec);
      else if (spec.type === 'bool') parseBool(v.from, v.raw);
      else if (spec.type === 'choice') parseChoice(v.from, v.raw, spec.choices);
    }
  }

  /** One line per deprecated name in use, naming old and new name; the bootstrap logs them at start. */
  get deprecations(): string[] {
    return [...this.#deprecations.values()];
  }

  /** The raw value under the setting's name or one of its old names (rename rule), undefined when unset. */
  raw(name: SettingName): SettingValue | undefined {
    const spec = this.#spec(name);
    const current = this.#env[spec.name];
    for (const old of spec.renamedFrom ?? []) {
      if (old.services !== undefined && !old.services.includes(this.service)) continue;
      const oldRaw = this.#env[old.name];
      if (!present(oldRaw)) continue;
      if (present(current)) {
        if (current.trim() !== oldRaw.trim()) {
          throw new ConfigError(
            `${old.name}='${oldRaw}' and ${spec.name}='${current}' are both set and differ; ${old.name} is the deprecated name of ${spec.name}: set only ${spec.name}`,
          );
        }
      }
      this.#deprecations.set(old.name, `${old.name} is deprecated and will be removed; use ${spec.name}`);
      if (!present(current)) return { from: old.name, raw: oldRaw };
    }
    return present(current) ? { from: spec.name, raw: current } : undefined;
  }

  int(name: SettingNameOf<'int'>): number {
    const spec = this.#typed(name, 'int');
    const v = this.raw(name);
    const fallback = this.#default(spec);
    if (v === undefined) return required(spec, fallback);
    return parseInteger(v.from, v.raw, spec);
  }

  /** The value when set (under its name or an old one), else undefined whatever the table's default. */
  intIfSet(name: SettingNameOf<'int'>): number | undefined {
    const spec = this.#typed(name, 'int');
    const v = this.raw(name);
    return v === undefined ? undefined : parseInteger(v.from, v.raw, spec);
  }

  duration(name: SettingNameOf<'duration'>): number {
    const spec = this.#typed(name, 'duration');
    const v = this.raw(name);
    if (v === undefined) return required(spec, this.#default(spec));
    return parseDuration(v.from, v.raw, spec);
  }

  bool(name: SettingNameOf<'bool'>): boolean {
    const spec = this.#typed(name, 'bool');
    const v = this.raw(name);
    if (v === undefined) return required(spec, this.#default(spec));
    return parseBool(v.from, v.raw);
  }

  /** A string setting; undefined only when it has no default. */
  string(name: SettingNameOf<'string'>): string | undefined {
    const spec = this.#typed(name, 'string');
    const v = this.raw(name);
    return v === undefined ? this.#default(spec) : v.raw.trim();
  }

  choice<T extends string>(name: SettingNameOf<'choice'>): T {
    const spec = this.#typed(name, 'choice');
    const v = this.raw(name);
    const choices = spec.choices as readonly T[];
    if (v === undefined) return required(spec, this.#default(spec)) as T;
    return parseChoice(v.from, v.raw, choices);
  }

  /** A list setting; undefined only when it has no default. */
  list(name: SettingNameOf<'list'>): string[] | undefined {
    const spec = this.#typed(name, 'list');
    const v = this.raw(name);
    if (v === undefined) {
      const fallback = this.#default(spec);
      return fallback === undefined ? undefined : [...fallback];
    }
    return parseList(v.from, v.raw);
  }

  /** KRUISE_TS_FEATURE_GATES, under the project-wide rule of feature-gates.ts. */
  featureGates(): FeatureGateValues {
    const v = this.raw('KRUISE_TS_FEATURE_GATES');
    return parseFeatureGates(v?.raw, v?.from);
  }

  /** KRUISE_TS_KUBECONFIG, else the kube clients' own KUBECONFIG; undefined: in-cluster, then ~/.kube/config. */
  kubeconfigPath(): string | undefined {
    return this.string('KRUISE_TS_KUBECONFIG') ?? this.string('KUBECONFIG');
  }

  /** Where the health/metrics server listens (KRUISE_TS_HTTP_HOST, KRUISE_TS_HTTP_PORT). */
  httpServer(): { host: string; port: number } {
    return { host: this.string('KRUISE_TS_HTTP_HOST') ?? '', port: this.int('KRUISE_TS_HTTP_PORT') };
  }

  /** The bus of a service that also runs without one (cert-manager, webhook-server): none without a NATS URL. */
  optionalBus(): BusSettings | undefined {
    const url = this.string('KRUISE_TS_NATS_URL');
    if (!url) return undefined;
    return {
      url,
      prefix: this.string('KRUISE_TS_BUS_PREFIX') ?? '',
      partitions: this.int('KRUISE_TS_PARTITIONS'),
    };
  }

  #spec(name: string): SettingSpec {
    const spec = settingSpec(name);
    // Programming errors: the table is the list of what a service may read.
    if (spec === undefined) throw new Error(`setting ${name} is not in the settings table`);
    if (!spec.services.includes(this.service)) {
      throw new Error(`setting ${name} is not listed for ${this.service} in the settings table`);
    }
    return spec;
  }

  #typed<T extends SettingType>(name: string, type: T): Extract<SettingSpec, { type: T }> {
    const spec = this.#spec(name);
    if (spec.type !== type) throw new Error(`setting ${name} is a ${spec.type}, not a ${type}`);
    return spec as Extract<SettingSpec, { type: T }>;
  }

  #default<T>(spec: {
    default: T | undefined;
    serviceDefaults?: Partial<Record<ServiceName, T>>;
  }): T | undefined {
    const own = spec.serviceDefaults;
    return own !== undefined && this.service in own ? own[this.service] : spec.default;
  }
}

function required<T>(spec: SettingSpec, value: T | undefined): T {
  if (value === undefined) throw new ConfigError(`${spec.name} must be set`);
  return value;
}

/** A Kruise-compatible member id: lease keys are KV tokens, so only [A-Za-z0-9_-]. */
export function leaseToken(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, '-');
}
