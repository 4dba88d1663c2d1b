import { deepEqual } from '../json.ts';

// Inputs that decide which of Kruise's defaults apply.
export interface DefaultingOptions {
  /**
   * Inject pod-template (and PVC-template) defaults. Kruise does on CREATE, and on UPDATE only when
   * `spec.template` changed (see shouldInjectTemplateDefaults). Default: true.
   */
  injectTemplateDefaults?: boolean;
  /** Kruise feature gates that change defaulting (defaults as in Kruise's default profile). */
  features?: {
    /** StatefulSetAutoDeletePVC (beta, default true): default persistentVolumeClaimRetentionPolicy. */
    statefulSetAutoDeletePVC?: boolean;
    /** StatefulSetAutoResizePVCGate (default false): default volumeClaimUpdateStrategy.type OnDelete. */
    statefulSetAutoResizePVC?: boolean;
    /** DefaultHostNetworkHostPortsInPodTemplates (default false). */
    defaultHostNetworkHostPorts?: boolean;
  };
}

/**
 * Kruise's mutating handlers inject template defaults on CREATE, and on UPDATE only if the template differs
 * from the old object's (reflect.DeepEqual); never with the TemplateNoDefaults gate.
 */
export function shouldInjectTemplateDefaults(input: {
  operation: 'CREATE' | 'UPDATE';
  template: unknown;
  oldTemplate?: unknown;
  templateNoDefaults?: boolean;
}): boolean {
  if (input.templateNoDefaults) return false;
  if (input.operation === 'CREATE') return true;
  return !deepEqual(input.template, input.oldTemplate);
}
