// One apiserver's connection pool and credentials: an undici Agent built once from the cluster config's TLS
// material (connections and TLS sessions are reused for the client's life) and the Authorization header,
// whose token is re-read from its file as it rotates. The KubeClient sends through one; the watcher's raw
// list/watch source (services/watcher) too.

import { bearerTokenSource, type ClusterConfig } from './kubeconfig.ts';
import {
  Agent,
  type BufferedRequestOptions,
  type BufferedResponse,
  type RequestOptions,
  type ResponseData,
  requestThrough,
  sendBuffered,
} from './undici-parts.ts';

export class ClusterConnection {
  readonly config: ClusterConfig;
  readonly #token: () => string | undefined;
  #agent: Agent | undefined;

  constructor(config: ClusterConfig) {
    this.config = config;
    this.#token = bearerTokenSource(config);
  }

  /** Base URL of the apiserver, without a trailing slash. */
  get server(): string {
    return this.config.server;
  }

  /** The pool every request of this connection goes through (created on first use). */
  #pool(): Agent {
    const { ca, cert, key, insecureSkipTlsVerify } = this.config;
    this.#agent ??= new Agent({
      connect: {
        ...(ca === undefined ? {} : { ca }),
        ...(cert === undefined ? {} : { cert }),
        ...(key === undefined ? {} : { key }),
        rejectUnauthorized: !insecureSkipTlsVerify,
      },
    });
    return this.#agent;
  }

  /** `headers` with the bearer token added (when the config has one). */
  withAuth(headers: Record<string, string>): Record<string, string> {
    const token = this.#token();
    return token === undefined ? headers : { ...headers, authorization: `Bearer ${token}` };
  }

  /** Sends one request to `url` (on this apiserver) through the pool, with the bearer token added. */
  request(url: URL, options: RequestOptions & { headers: Record<string, string> }): Promise<ResponseData> {
    return requestThrough(this.#pool(), url, { ...options, headers: this.withAuth(options.headers) });
  }

  /** Sends one request and reads its whole answer (for unary calls; `request` streams the body). */
  requestBuffered(url: URL, options: BufferedRequestOptions): Promise<BufferedResponse> {
    return sendBuffered(this.#pool(), url, { ...options, headers: this.withAuth(options.headers) });
  }

  /** Closes the pool; a later request opens a new one. */
  async close(): Promise<void> {
    const agent = this.#agent;
    this.#agent = undefined;
    await agent?.close();
  }
}
