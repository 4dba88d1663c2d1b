// Writes the CA bundle where the apiserver reads it: every webhook of the two admission configurations and the
// conversion webhook of every CRD of the group that uses Webhook conversion (Kruise's configuration.Ensure and
// crd.Ensure). Missing configurations are reported, never created (they are installed with the webhooks).

import { sameBundle } from '@kruise-ts/certs';
import { type KubeClient, NotFoundError, resources } from '@kruise-ts/runtime';

interface ClientConfig {
  caBundle?: string;
  [key: string]: unknown;
}

interface WebhookConfiguration {
  metadata?: { name?: string };
  webhooks?: { clientConfig: ClientConfig }[];
}

interface CustomResourceDefinition {
  metadata?: { name?: string };
  spec: {
    group: string;
    conversion?: { strategy?: string; webhook?: { clientConfig?: ClientConfig } };
  };
}

export interface InjectTargets {
  mutatingConfigName: string;
  validatingConfigName: string;
  crdGroup: string;
  /** Only these CRDs; all of the group when undefined. */
  crdNames: readonly string[] | undefined;
}

export interface InjectResult {
  /** `MutatingWebhookConfiguration/name`, `CustomResourceDefinition/name`… that were rewritten. */
  updated: string[];
  /** Configurations that do not exist (yet). */
  missing: string[];
}

function decode(caBundle: string | undefined): string {
  return caBundle ? Buffer.from(caBundle, 'base64').toString('utf8') : '';
}

/** Sets caBundle on every webhook; true when something changed. */
function setBundle(config: WebhookConfiguration, bundlePem: string): boolean {
  let changed = false;
  const encoded = Buffer.from(bundlePem).toString('base64');
  for (const webhook of config.webhooks ?? []) {
    if (sameBundle(decode(webhook.clientConfig.caBundle), bundlePem)) continue;
    webhook.clientConfig.caBundle = encoded;
    changed = true;
  }
  return changed;
}

export async function injectCaBundle(
  kube: KubeClient,
  bundlePem: string,
  targets: InjectTargets,
): Promise<InjectResult> {
  const result: InjectResult = { updated: [], missing: [] };
  const mutatingApi = kube.resource<WebhookConfiguration>(resources.mutatingWebhookConfigurations);
  const validatingApi = kube.resource<WebhookConfiguration>(resources.validatingWebhookConfigurations);

  const mutating = await mutatingApi
    .get({ name: targets.mutatingConfigName })
    .catch((err: unknown) => (err instanceof NotFoundError ? undefined : Promise.reject(err)));
  if (mutating === undefined)
    result.missing.push(`MutatingWebhookConfiguration/${targets.mutatingConfigName}`);
  else if (setBundle(mutating, bundlePem)) {
    await mutatingApi.replace({ name: targets.mutatingConfigName, body: mutating });
    result.updated.push(`MutatingWebhookConfiguration/${targets.mutatingConfigName}`);
  }

  const validating = await validatingApi
    .get({ name: targets.validatingConfigName })
    .catch((err: unknown) => (err instanceof NotFoundError ? undefined : Promise.reject(err)));
  if (validating === undefined)
    result.missing.push(`ValidatingWebhookConfiguration/${targets.validatingConfigName}`);
  else if (setBundle(validating, bundlePem)) {
    await validatingApi.replace({ name: targets.validatingConfigName, body: validating });
    result.updated.push(`ValidatingWebhookConfiguration/${targets.validatingConfigName}`);
  }

  const crdApi = kube.resource<CustomResourceDefinition>(resources.customResourceDefinitions);
  const crds = await crdApi.list();
  const encoded = Buffer.from(bundlePem).toString('base64');
  for (const crd of crds.items) {
    const name = crd.metadata?.name ?? '';
    if (crd.spec.group !== targets.crdGroup) continue;
    if (targets.crdNames !== undefined && !targets.crdNames.includes(name)) continue;
    const conversion = crd.spec.conversion;
    if (conversion?.strategy !== 'Webhook' || conversion.webhook?.clientConfig === undefined) continue;
    if (sameBundle(decode(conversion.webhook.clientConfig.caBundle), bundlePem)) continue;
    // A merge patch touches only caBundle, so a concurrent edit of the schema is never overwritten.
    await crdApi.patch({
      name,
      type: 'merge',
      patch: { spec: { conversion: { webhook: { clientConfig: { caBundle: encoded } } } } },
    });
    result.updated.push(`CustomResourceDefinition/${name}`);
  }
  return result;
}
