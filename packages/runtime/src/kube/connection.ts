// One apiserver's session and credentials: an HTTP/2 session built from the cluster config's TLS material
// (reused for the client's life, reopened when the server ends it) and the Authorization header, whose token
// is re-read from its file as it rotates. The KubeClient sends through one; the watcher's raw list/watch
// source (services/watcher) too.

import {
  type BufferedResponse,
  Http2Origin,
  type ResponseData,
  type StreamRequest,
} from './http2-session.ts';
import { bearerTokenSource, type ClusterConfig } from './kubeconfig.ts';

export class ClusterConnection {
  readonly config: ClusterConfig;
  readonly #token: () => string | undefined;
  #origin: Http2Origin | undefined;

  constructor(config: ClusterConfig) {
    this.config = config;
    this.#token = bearerTokenSource(config);
  }

  /** Base URL of the apiserver, without a trailing slash. */
  get server(): string {
    return this.config.server;
  }

  /** The session every request of this connection goes through (opened on first use). */
  #session(): Http2Origin {
    const { ca, cert, key, insecureSkipTlsVerify } = this.config;
    this.#origin ??= new Http2Origin(new URL(this.config.server).origin, {
      ...(ca === undefined ? {} : { ca }),
      ...(cert === undefined ? {} : { cert }),
      ...(key === undefined ? {} : { key }),
      rejectUnauthorized: !insecureSkipTlsVerify,
    });
    return this.#origin;
  }

  /** `headers` with the bearer token added (when the config has one). */
  withAuth(headers: Record<string, string>): Record<string, string> {
    const token = this.#token();
    return token === undefined ? headers : { ...headers, authorization: `Bearer ${token}` };
  }

  /** Sends one request to `url` (on this apiserver), with the bearer token added; the body streams. */
  request(url: URL, req: StreamRequest): Promise<ResponseData> {
    return this.#session().request(url, { ...req, headers: this.withAuth(req.headers) });
  }

  /** Sends one request and reads its whole answer (for unary calls; `request` streams the body). */
  requestBuffered(url: URL, req: StreamRequest): Promise<BufferedResponse> {
    return this.#session().requestBuffered(url, { ...req, headers: this.withAuth(req.headers) });
  }

  /** Closes the session; a later request opens a new one. */
  async close(): Promise<void> {
    const origin = this.#origin;
    this.#origin = undefined;
    await origin?.close();
  }
}
