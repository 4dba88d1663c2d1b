// The HTTPS webhook server: one route per admission webhook (Kruise's paths), /mutate-pod, /convert, and /healthz
// (Kruise serves it on the webhook port too). Bodies that are not what the apiserver sends get a 400 with a
// reason; the TLS certificate is swapped in place with setSecureContext, so open connections are not dropped.
import type { Server as HttpsServer } from 'node:https';
import { type DefaultingOptions, group } from '@kruise-ts/api';
import type { Logger } from '@kruise-ts/telemetry';
import { propagation, ROOT_CONTEXT, type Span, SpanKind, trace } from '@opentelemetry/api';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { ClusterReader } from './admission/cluster-reader.ts';
import { mutate } from './admission/mutating.ts';
import { mutatePod } from './admission/pod.ts';
import {
  type AdmissionRequest,
  type AdmissionResponse,
  BadRequest,
  denied,
  parseAdmissionReview,
  reviewResponse,
} from './admission/review.ts';
import { validate } from './admission/validating.ts';
import { convertReview } from './conversion.ts';
import { type ServedKind, servedKinds, type ValidationContext } from './kinds.ts';
import type { WebhookMetrics } from './metrics.ts';
import type { PodMutator } from './sidecarset/injector.ts';

export interface ServingPair {
  certPem: string;
  keyPem: string;
}

export interface WebhookApp {
  readonly fastify: FastifyInstance<HttpsServer>;
  /** Serves `pair` to new TLS connections from now on. */
  setCertificate(pair: ServingPair): void;
}

export const podMutatingPath = '/mutate-pod';
export const conversionPath = '/convert';

// AdmissionReviews carry the object twice on UPDATE; Kubernetes objects can be up to ~1.5 MiB each.
const bodyLimit = 8 * 1024 * 1024;
// Per request: when it started and its server span, for the onResponse hook.
const timings = new WeakMap<object, { start: bigint; span: Span }>();

// The apiserver forwards the W3C trace context of a traced request to its webhooks; continuing it puts
// admission (defaulting, validation, sidecar injection) inside the trace of the write that caused it.
const tracer = trace.getTracer('@kruise-ts/webhook-server');

function badRequest(reply: FastifyReply, err: unknown): FastifyReply {
  return reply.code(400).send({ code: 400, reason: 'BadRequest', message: (err as Error).message });
}

function noSchemas(): never {
  throw new Error("webhook-server routes take no JSON schemas: validation is @kruise-ts/api's");
}

export function buildWebhookApp(options: {
  pair: ServingPair;
  metrics: WebhookMetrics;
  logger: Logger;
  /** SidecarSet injection; without it pods are admitted unchanged. */
  mutatePod?: PodMutator | ((request: AdmissionRequest) => AdmissionResponse);
  /** Other objects validation may consult (SidecarSet conflicts), read at each request. */
  validationContext?: () => ValidationContext;
  /** Apiserver reads validation needs (podsToDelete pods, injection revisions, kruise-configuration). */
  clusterReader?: ClusterReader;
  /** Feature gates that change defaulting (Kruise's defaults when absent). */
  defaultingFeatures?: DefaultingOptions['features'];
}): WebhookApp {
  const { metrics, logger } = options;
  const fastify: FastifyInstance<HttpsServer> = Fastify({
    https: { cert: options.pair.certPem, key: options.pair.keyPem },
    bodyLimit,
    // A client that stops sending mid-request must not hold a socket forever.
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    logger: false,
    return503OnClosing: true,
    // No route declares a JSON schema (admission and conversion reviews are checked by @kruise-ts/api), so
    // fastify's default compilers, Ajv and fast-json-stringify (~100 modules, ~2.5 MiB resident), are never
    // loaded. A route given a schema fails at registration rather than going unchecked.
    schemaController: { compilersFactory: { buildValidator: noSchemas, buildSerializer: noSchemas } },
  });

  const label = (url: string | undefined) => url ?? 'unknown';
  fastify.addHook('onRequest', async (request) => {
    const start = process.hrtime.bigint();
    metrics.inFlight.inc({ webhook: label(request.routeOptions.url) });
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const span = tracer.startSpan(
      `webhook ${label(request.routeOptions.url)}`,
      { kind: SpanKind.SERVER, attributes: { 'http.route': label(request.routeOptions.url) } },
      parent,
    );
    timings.set(request, { start, span });
  });
  fastify.addHook('onResponse', async (request, reply) => {
    const webhook = label(request.routeOptions.url);
    metrics.inFlight.dec({ webhook });
    metrics.requests.inc({ webhook, code: String(reply.statusCode) });
    const timing = timings.get(request);
    timing?.span.setAttribute('http.response.status_code', reply.statusCode);
    timing?.span.end();
    if (timing !== undefined)
      metrics.latency.observe({ webhook }, Number(process.hrtime.bigint() - timing.start) / 1e9);
  });
  fastify.setErrorHandler((err: Error & { statusCode?: number }, _request, reply) => {
    // Parser errors (invalid JSON, wrong content type, too large) keep their 4xx; anything else is our bug.
    const code =
      err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (code === 500) logger.error({ err }, 'webhook handler failed');
    return reply.code(code).send({ code, message: err.message });
  });

  const admission = (
    path: string,
    handle: (request: AdmissionRequest) => AdmissionResponse | Promise<AdmissionResponse>,
  ) => {
    fastify.post(path, async (request, reply) => {
      let review: ReturnType<typeof parseAdmissionReview>;
      try {
        review = parseAdmissionReview(request.body);
      } catch (err) {
        if (err instanceof BadRequest) return badRequest(reply, err);
        throw err;
      }
      return reviewResponse(review.apiVersion, await handle(review.request));
    });
  };

  const forKind =
    (
      kind: ServedKind,
      handle: (k: ServedKind, r: AdmissionRequest) => AdmissionResponse | Promise<AdmissionResponse>,
    ) =>
    (request: AdmissionRequest): AdmissionResponse | Promise<AdmissionResponse> => {
      if (request.kind.group !== group || request.kind.kind !== kind.kind) {
        return denied(
          request.uid,
          400,
          'BadRequest',
          `this webhook serves ${group} ${kind.kind}, not ${request.kind.group}/${request.kind.kind}`,
        );
      }
      return handle(kind, request);
    };

  const gates = { autoResizePVC: options.defaultingFeatures?.statefulSetAutoResizePVC ?? false };
  const context = () => ({ ...(options.validationContext?.() ?? {}), ...gates });
  for (const kind of servedKinds) {
    admission(
      kind.mutatingPath,
      forKind(kind, (k, r) => mutate(k, r, options.defaultingFeatures)),
    );
    admission(
      kind.validatingPath,
      forKind(kind, (k, r) => validate(k, r, context(), options.clusterReader)),
    );
  }
  admission(podMutatingPath, options.mutatePod ?? mutatePod);
  fastify.post(conversionPath, async (request, reply) => {
    try {
      return convertReview(request.body);
    } catch (err) {
      if (err instanceof BadRequest) return badRequest(reply, err);
      throw err;
    }
  });
  fastify.get('/healthz', async () => 'ok');

  return {
    fastify,
    setCertificate(pair) {
      fastify.server.setSecureContext({ cert: pair.certPem, key: pair.keyPem });
    },
  };
}
