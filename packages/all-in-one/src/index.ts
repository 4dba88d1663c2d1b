export type { AllInOne } from './all-in-one.ts';
export { startAllInOne } from './all-in-one.ts';
export type { AllInOneConfig } from './config.ts';
export { configFromEnv, SERVICE_NAME } from './config.ts';
export type { PartName } from './part-names.ts';
export { PART_NAMES, selectParts } from './part-names.ts';
