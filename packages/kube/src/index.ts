export type { IntOrString } from './int-or-percent.ts';
export {
  calculatePartitionReplicas,
  getScaledValueFromIntOrPercent,
  getValueFromIntOrPercent,
  IntOrPercentError,
  intOrStringText,
  intstrScaledValueFromIntOrPercent,
} from './int-or-percent.ts';
export { asClientBody, deepCopy, plain } from './json.ts';
export type { GroupKind, GroupVersionResource, KindInfo } from './kinds.ts';
export {
  ADVANCEDCRONJOB,
  apiVersionOf,
  BROADCASTJOB,
  CLONESET,
  CONTROLLER_REVISION,
  CUSTOM_RESOURCE_DEFINITION,
  EVENT,
  groupOf,
  JOB,
  KINDS,
  KRUISE_GROUP,
  kindOf,
  LEASE,
  MUTATING_WEBHOOK_CONFIGURATION,
  NAMESPACE,
  NODE,
  POD,
  PVC,
  parseApiVersion,
  resourceOf,
  SECRET,
  SIDECARSET,
  STATEFULSET,
  sameGroupKind,
  VALIDATING_WEBHOOK_CONFIGURATION,
} from './kinds.ts';
export type {
  LabelSelector,
  LabelSelectorRequirement,
  Labels,
  Requirement,
  Selector,
  SelectorOperator,
} from './label-selector.ts';
export {
  isEmptySelector,
  LabelSelectorError,
  labelSelectorAsSelector,
  labelSelectorError,
  selectorMatches,
  selectorString,
} from './label-selector.ts';
export type { MetadataWalk } from './managed-fields.ts';
export { walkMetadata, withoutManagedFields, withoutManagedFieldsUpTo } from './managed-fields.ts';
export { isDns1123Subdomain, isLabelValue, isQualifiedName } from './names.ts';
export type { ObjectHead } from './object-head.ts';
export { parseObjectHead } from './object-head.ts';
export type { Quantity, QuantityFormat } from './quantity.ts';
export {
  addQuantities,
  canonicalQuantity,
  compareQuantities,
  defaultResourceQuantity,
  formatQuantity,
  goQuantityError,
  milliQuantity,
  milliValue,
  negateQuantity,
  parseQuantity,
  QUANTITY_FORMAT_ERROR,
  QUANTITY_SUFFIX_ERROR,
  QuantityParseError,
  roundUpQuantity,
} from './quantity.ts';
export {
  compareResourceVersions,
  isResourceVersionAtLeast,
  isResourceVersionOlder,
  parseResourceVersion,
} from './resource-version.ts';
export type { Rfc3339Error, Rfc3339Time } from './rfc3339.ts';
export { parseRfc3339, readRfc3339 } from './rfc3339.ts';
