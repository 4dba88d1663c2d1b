// Create-or-update of the webhook configurations (URL mode for local runs and tests). A caBundle already injected
// by cert-manager is kept when the generated object has none, so registering never breaks admission.

import { type KubeClient, NotFoundError, retryOnConflict } from '@kruise-ts/runtime';
import {
  AdmissionregistrationV1Api,
  type V1MutatingWebhookConfiguration,
  type V1ValidatingWebhookConfiguration,
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
  const api = kube.api(AdmissionregistrationV1Api);
  const mName = configs.mutating.metadata?.name ?? '';
  const vName = configs.validating.metadata?.name ?? '';
  await retryOnConflict(async () => {
    const existing = await api
      .readMutatingWebhookConfiguration({ name: mName })
      .catch((err: unknown) => (err instanceof NotFoundError ? undefined : Promise.reject(err)));
    if (existing === undefined) await api.createMutatingWebhookConfiguration({ body: configs.mutating });
    else
      await api.replaceMutatingWebhookConfiguration({
        name: mName,
        body: keepBundles(configs.mutating, existing),
      });
  });
  await retryOnConflict(async () => {
    const existing = await api
      .readValidatingWebhookConfiguration({ name: vName })
      .catch((err: unknown) => (err instanceof NotFoundError ? undefined : Promise.reject(err)));
    if (existing === undefined) await api.createValidatingWebhookConfiguration({ body: configs.validating });
    else
      await api.replaceValidatingWebhookConfiguration({
        name: vName,
        body: keepBundles(configs.validating, existing),
      });
  });
}

export async function deleteWebhookConfigurations(
  kube: KubeClient,
  names: { mutating: string; validating: string },
) {
  const api = kube.api(AdmissionregistrationV1Api);
  const ignoreMissing = (err: unknown) => (err instanceof NotFoundError ? undefined : Promise.reject(err));
  await api.deleteMutatingWebhookConfiguration({ name: names.mutating }).catch(ignoreMissing);
  await api.deleteValidatingWebhookConfiguration({ name: names.validating }).catch(ignoreMissing);
}
