// The webhook configuration objects, generated from the served kinds (one source of truth): deploy/webhooks/*.yaml
// in Service mode, and URL mode (https://127.0.0.1:<port>/<path>) for local runs and tests.

import { group, versions } from '@kruise-ts/api';
import type {
  V1LabelSelector,
  V1MutatingWebhook,
  V1MutatingWebhookConfiguration,
  V1ValidatingWebhook,
  V1ValidatingWebhookConfiguration,
  AdmissionregistrationV1WebhookClientConfig as WebhookClientConfig,
} from '@kubernetes/client-node';
import { conversionPath, podMutatingPath } from './app.ts';
import { type ServedKind, servedKinds } from './kinds.ts';

export type FailurePolicy = 'Fail' | 'Ignore';

/** Namespace label that opts a namespace out of the pod webhook. */
export const podWebhookOptOutLabel = 'kruise.io/pod-webhook';

export interface WebhookManifestOptions {
  mutatingName?: string;
  validatingName?: string;
  /** URL mode: `https://host:port`; otherwise the Service below. */
  baseUrl?: string;
  service?: { namespace: string; name: string; port?: number };
  /** base64 PEM; cert-manager injects it when absent. */
  caBundle?: string;
  /** Per webhook name (e.g. `mpod.kb.io`); default Fail. */
  failurePolicy?: Partial<Record<string, FailurePolicy>>;
  /** Per webhook name; default 10 s (the apiserver allows 1–30). */
  timeoutSeconds?: Partial<Record<string, number>>;
  /** The webhook server's own namespace: never sent its pods. */
  ownNamespace?: string;
  /**
   * Restrict every webhook to objects labelled `key=value` (namespaced kinds: their namespace; cluster-scoped:
   * the object). For running beside other users of a shared cluster, as the e2e tests do.
   */
  scope?: { key: string; value: string };
}

export const webhookNames = {
  pod: 'mpod.kb.io',
  mutating: (kind: ServedKind) => `m${kind.kind.toLowerCase()}.kb.io`,
  validating: (kind: ServedKind) => `v${kind.kind.toLowerCase()}.kb.io`,
};

function clientConfig(options: WebhookManifestOptions, path: string): WebhookClientConfig {
  const config: WebhookClientConfig = {};
  if (options.baseUrl !== undefined) config.url = `${options.baseUrl.replace(/\/$/, '')}${path}`;
  else {
    const service = options.service ?? { namespace: 'kruise-system', name: 'kruise-webhook-service' };
    config.service = { namespace: service.namespace, name: service.name, path, port: service.port ?? 443 };
  }
  if (options.caBundle !== undefined) config.caBundle = options.caBundle;
  return config;
}

function scopeSelectors(options: WebhookManifestOptions, namespaced: boolean) {
  if (options.scope === undefined) return {};
  const selector: V1LabelSelector = { matchLabels: { [options.scope.key]: options.scope.value } };
  return namespaced ? { namespaceSelector: selector } : { objectSelector: selector };
}

function common(options: WebhookManifestOptions, name: string, path: string) {
  return {
    name,
    clientConfig: clientConfig(options, path),
    admissionReviewVersions: ['v1', 'v1beta1'],
    sideEffects: 'None',
    failurePolicy: options.failurePolicy?.[name] ?? 'Fail',
    timeoutSeconds: options.timeoutSeconds?.[name] ?? 10,
    matchPolicy: 'Equivalent',
  };
}

function kruiseRule(kind: ServedKind, operations: readonly string[]) {
  return {
    apiGroups: [group],
    apiVersions: [...versions],
    resources: [kind.plural],
    operations: [...operations],
    scope: kind.namespaced ? 'Namespaced' : 'Cluster',
  };
}

/** The pod webhook sees pods only outside system namespaces, its own, and namespaces that opted out. */
function podNamespaceSelector(options: WebhookManifestOptions): V1LabelSelector {
  const excluded = [
    'kube-system',
    'kube-public',
    'kube-node-lease',
    ...(options.ownNamespace ? [options.ownNamespace] : []),
  ];
  return {
    ...(options.scope ? { matchLabels: { [options.scope.key]: options.scope.value } } : {}),
    matchExpressions: [
      // Kruise's own exclusion: its namespace carries `control-plane`.
      { key: 'control-plane', operator: 'DoesNotExist' },
      { key: 'kubernetes.io/metadata.name', operator: 'NotIn', values: [...new Set(excluded)] },
      { key: podWebhookOptOutLabel, operator: 'NotIn', values: ['disabled'] },
    ],
  };
}

export function mutatingWebhookConfiguration(
  options: WebhookManifestOptions = {},
): V1MutatingWebhookConfiguration {
  const webhooks: V1MutatingWebhook[] = [
    {
      ...common(options, webhookNames.pod, podMutatingPath),
      rules: [
        {
          apiGroups: [''],
          apiVersions: ['v1'],
          resources: ['pods'],
          operations: ['CREATE'],
          scope: 'Namespaced',
        },
      ],
      namespaceSelector: podNamespaceSelector(options),
      // Pods can opt out one by one too.
      objectSelector: {
        matchExpressions: [{ key: podWebhookOptOutLabel, operator: 'NotIn', values: ['disabled'] }],
      },
      reinvocationPolicy: 'Never',
    },
    ...servedKinds.map((kind) => ({
      ...common(options, webhookNames.mutating(kind), kind.mutatingPath),
      rules: [kruiseRule(kind, ['CREATE', 'UPDATE'])],
      ...scopeSelectors(options, kind.namespaced),
      reinvocationPolicy: 'Never',
    })),
  ];
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'MutatingWebhookConfiguration',
    metadata: { name: options.mutatingName ?? 'kruise-mutating-webhook-configuration' },
    webhooks,
  };
}

export function validatingWebhookConfiguration(
  options: WebhookManifestOptions = {},
): V1ValidatingWebhookConfiguration {
  const webhooks: V1ValidatingWebhook[] = servedKinds.map((kind) => ({
    ...common(options, webhookNames.validating(kind), kind.validatingPath),
    rules: [kruiseRule(kind, kind.validatingOperations)],
    ...scopeSelectors(options, kind.namespaced),
  }));
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'ValidatingWebhookConfiguration',
    metadata: { name: options.validatingName ?? 'kruise-validating-webhook-configuration' },
    webhooks,
  };
}

/** The CRD `spec.conversion` that sends conversions to this server. */
export function conversionWebhook(options: WebhookManifestOptions = {}) {
  return {
    strategy: 'Webhook' as const,
    webhook: {
      conversionReviewVersions: ['v1', 'v1beta1'],
      clientConfig: clientConfig(options, conversionPath),
    },
  };
}
