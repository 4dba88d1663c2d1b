export type { FeatureGateName, FeatureGateSpec, FeatureGateValues } from './feature-gates.ts';
export { FEATURE_GATES, parseFeatureGates } from './feature-gates.ts';
export type { Env, IntBounds } from './parse.ts';
export { ConfigError, parseBool, parseChoice, parseDuration, parseInteger, parseList } from './parse.ts';
export type { BusSettings, SettingValue } from './reader.ts';
export { leaseToken, SettingsReader } from './reader.ts';
export type { OldName, ServiceName, SettingName, SettingNameOf, SettingSpec, SettingType } from './table.ts';
export { SERVICES, SETTINGS, settingSpec } from './table.ts';
