// Create-or-update of the webhook configurations (URL mode for local runs and tests). A caBundle already injected
// by cert-manager is kept when the generated object has none, so registering never breaks admission.

import { type KubeClient, NotFoundError, resources, retryOnConflict } from '@kruise-ts/runtime';
import type {
  V1MutatingWebhookConfiguration,
  V1ValidatingWebhookConfiguration,
} from '@kubernetes/client-node';

type Config = V1MutatingWebhookConfiguration | V1ValidatingWebhookConfiguration;

function keepBundles<T extends Config>(desired: T, existing: T): T {
  const bundles = new Map((existing.webhooks ?? []).map((w) => [w.name, w.clientConfig.caBundle]));
  return {
    ...desired,
    metadata: { ...desired.metadata, resourceVersion: existing.metadata?.resourceVersion },
    webhooks: (desired.webhooks ?? []).map((w) => ({
      ...w,
      clientConfig: { ...w.clientConfig, caBundle: w.clientConfig.caBundle ?? bundles.get(w.name) },
    })),
  } as T;
}

export async function applyWebhookConfigurations(
  kube: KubeClient,
  configs: { mutating: V1MutatingWebhookConfiguration; validating: V1ValidatingWebhookConfiguration },
): Promise<void> {
  const mutating = kube.resource<V1MutatingWebhookConfiguration>(resources.mutatingWebhookConfigurations);
  const validating = kube.resource<V1ValidatingWebhookConfiguration>(
    resources.validatingWebhookConfigurations,
  );
  const mName = configs.mutating.metadata?.name ?? '';
  const vName = configs.validating.metadata?.name ?? '';
  await retryOnConflict(async () => {
    const existing = await mutating
      .get({ name: mName })
      .catch((err: unknown) => (err instanceof NotFoundError ? undefined : Promise.reject(err)));
    if (existing === undefined) await mutating.create({ body: configs.mutating });
    else await mutating.replace({ name: mName, body: keepBundles(configs.mutating, existing) });
  });
  await retryOnConflict(async () => {
    const existing = await validating
      .get({ name: vName })
      .catch((err: unknown) => (err instanceof NotFoundError ? undefined : Promise.reject(err)));
    if (existing === undefined) await validating.create({ body: configs.validating });
    else await validating.replace({ name: vName, body: keepBundles(configs.validating, existing) });
  });
}

export async function deleteWebhookConfigurations(
  kube: KubeClient,
  names: { mutating: string; validating: string },
) {
  const ignoreMissing = (err: unknown) => (err instanceof NotFoundError ? undefined : Promise.reject(err));
  await kube
    .resource<object>(resources.mutatingWebhookConfigurations)
    .delete({ name: names.mutating })
    .catch(ignoreMissing);
  await kube
    .resource<object>(resources.validatingWebhookConfigurations)
    .delete({ name: names.validating })
    .catch(ignoreMissing);
}
