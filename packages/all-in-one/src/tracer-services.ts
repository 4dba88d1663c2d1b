// Which service each part's spans report as: the all-in-one's spans would otherwise all carry its own name,
// and the trace UI, Jaeger searches and `kubectl kruise rollout why` look for a controller by its service name.
// Keys are the tracer names the parts use; the runtime's own tracer (kube client, plain reconciles) stays
// `all-in-one`.
import type { PartName } from './part-names.ts';

export const TRACER_SERVICES: Readonly<Record<string, PartName>> = {
  '@kruise-ts/watcher': 'watcher',
  '@kruise-ts/webhook-server': 'webhook-server',
  'cloneset-controller': 'cloneset-controller',
  'statefulset-controller': 'statefulset-controller',
  'sidecarset-controller': 'sidecarset-controller',
  'broadcastjob-controller': 'broadcastjob-controller',
  'advancedcronjob-controller': 'advancedcronjob-controller',
};
