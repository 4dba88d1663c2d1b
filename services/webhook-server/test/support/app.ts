// An in-memory webhook app (fastify.inject, no socket) with a throwaway certificate.
import { createCertificateAuthority, issueServingCertificate, type KeyPair } from '@kruise-ts/certs';
import { createLogger, createMetricsRegistry } from '@kruise-ts/telemetry';
import type { AdmissionRequest, AdmissionResponse } from '../../src/admission/review.ts';
import { buildWebhookApp, type WebhookApp } from '../../src/app.ts';
import type { ValidationContext } from '../../src/kinds.ts';
import { createWebhookMetrics } from '../../src/metrics.ts';
import type { PodMutator } from '../../src/sidecarset/injector.ts';

export async function testApp(
  extra: {
    mutatePod?: PodMutator | ((request: AdmissionRequest) => AdmissionResponse);
    validationContext?: () => ValidationContext;
    ready?: boolean;
  } = {},
): Promise<{ app: WebhookApp; ca: KeyPair; metricsText(): Promise<string> }> {
  const ca = await createCertificateAuthority();
  const pair = await issueServingCertificate(ca, { hosts: ['127.0.0.1'] });
  const registry = createMetricsRegistry({ processMetrics: false });
  const app = buildWebhookApp({
    pair,
    metrics: createWebhookMetrics(registry),
    logger: createLogger({ name: 'test', level: 'silent' }),
    ...(extra.mutatePod === undefined ? {} : { mutatePod: extra.mutatePod }),
    ...(extra.validationContext === undefined ? {} : { validationContext: extra.validationContext }),
  });
  if (extra.ready !== false) await app.fastify.ready();
  return { app, ca, metricsText: () => registry.metrics() };
}

export function admissionReview(
  kind: string,
  version: string,
  operation: string,
  object: unknown,
  oldObject?: unknown,
  group = 'apps.kruise.io',
) {
  return {
    apiVersion: 'admission.k8s.io/v1',
    kind: 'AdmissionReview',
    request: {
      uid: `uid-${Math.random().toString(36).slice(2)}`,
      kind: { group, version, kind },
      operation,
      object,
      ...(oldObject !== undefined ? { oldObject } : {}),
    },
  };
}
