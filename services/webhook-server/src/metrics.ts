// controller-runtime's webhook metrics, by the same names and labels, so Kruise dashboards keep working.
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

export interface WebhookMetrics {
  requests: Counter<'webhook' | 'code'>;
  latency: Histogram<'webhook'>;
  inFlight: Gauge<'webhook'>;
  certReloads: Counter<'source'>;
}

export function createWebhookMetrics(registry: Registry): WebhookMetrics {
  const registers = [registry];
  return {
    requests: new Counter({
      name: 'controller_runtime_webhook_requests_total',
      help: 'Total number of admission requests by HTTP status code.',
      labelNames: ['webhook', 'code'],
      registers,
    }),
    latency: new Histogram({
      name: 'controller_runtime_webhook_latency_seconds',
      help: 'Histogram of the latency of processing admission requests',
      labelNames: ['webhook'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    inFlight: new Gauge({
      name: 'controller_runtime_webhook_requests_in_flight',
      help: 'Current number of admission requests being served.',
      labelNames: ['webhook'],
      registers,
    }),
    certReloads: new Counter({
      name: 'kruise_webhook_certificate_reloads_total',
      help: 'Serving certificates loaded into the TLS server, by what noticed the change.',
      labelNames: ['source'],
      registers,
    }),
  };
}
