// The apiserver connection itself: one HTTP/2 session per origin, every request a stream on it, opened on first
// use and again after the server ends it (GOAWAY, a restart, a cut connection). The apiserver serves HTTP/2, so
// one multiplexed session carries a process's whole traffic; node:http2 is all that takes (undici's HTTP/2
// client, used before, sat on it too, behind its pool and dispatcher layers: ~3 MiB of resident memory in every
// service and a share of each request's CPU; docs/adr/0043-node-http2-apiserver-session.md).
import {
  type ClientHttp2Session,
  type ClientHttp2Stream,
  connect,
  constants,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
} from 'node:http2';

export interface SessionTls {
  /** PEM of the CA that signs the server's certificate; undefined: the system's roots. */
  ca?: string;
  /** PEM of the client certificate and key. */
  cert?: string;
  key?: string;
  rejectUnauthorized: boolean;
}

export interface StreamRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Aborting it cancels the stream and rejects (or ends the body) with its reason. */
  signal?: AbortSignal;
}

/** Response headers without HTTP/2's pseudo-headers, a repeated header's values joined by ", ". */
export type ResponseHeaders = Record<string, string>;

/** A whole answer, body decoded as UTF-8 text. */
export interface BufferedResponse {
  readonly statusCode: number;
  readonly headers: ResponseHeaders;
  readonly body: string;
}

/** The body of a streamed answer: read it as chunks, as text or as JSON, or drop it. */
export interface ResponseBody extends AsyncIterable<Buffer> {
  text(): Promise<string>;
  json(): Promise<unknown>;
  /** Cancels the stream (a watch ended early); the session stays. */
  destroy(): void;
  readonly destroyed: boolean;
}

export interface ResponseData {
  readonly statusCode: number;
  readonly headers: ResponseHeaders;
  readonly body: ResponseBody;
}

// Flow-control windows: room for a list page to arrive without waiting for a window update per 64 KiB (the
// protocol's default), while a watch the watcher stops reading (its back-pressure) buffers at most this much.
const STREAM_WINDOW = 1024 * 1024;
const SESSION_WINDOW = 8 * 1024 * 1024;
const MAX_SESSION_MEMORY_MB = 32;
/** A session whose request was given up on must answer a PING this fast, or it is taken as dead. */
const DEFAULT_PROBE_TIMEOUT_MS = 5_000;
/** close() waits this long for open streams (watches) before cutting them. */
const CLOSE_GRACE_MS = 2_000;

const { NGHTTP2_CANCEL } = constants;

/** Whatever made a stream stop early, as an Error (an abort's reason may be any value). */
function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}

function flatHeaders(headers: IncomingHttpHeaders): ResponseHeaders {
  const out: ResponseHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name[0] === ':' || value === undefined) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * An answer whose headers are flattened only when read: a successful call's never are (flattening every answer's
 * was 1.2 % of statefulset-controller's samples under a 200-pod rollout).
 */
class Answer<Body> {
  readonly statusCode: number;
  readonly body: Body;
  readonly #head: IncomingHttpHeaders;
  #headers: ResponseHeaders | undefined;

  constructor(statusCode: number, head: IncomingHttpHeaders, body: Body) {
    this.statusCode = statusCode;
    this.#head = head;
    this.body = body;
  }

  get headers(): ResponseHeaders {
    this.#headers ??= flatHeaders(this.#head);
    return this.#headers;
  }
}

class StreamBody implements ResponseBody {
  readonly #stream: ClientHttp2Stream;

  constructor(stream: ClientHttp2Stream) {
    this.#stream = stream;
  }

  [Symbol.asyncIterator](): AsyncIterator<Buffer> {
    return this.#stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }

  async text(): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of this) chunks.push(chunk);
    return Buffer.concat(chunks).toString('utf8');
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  destroy(): void {
    if (!this.#stream.closed) this.#stream.close(NGHTTP2_CANCEL);
    this.#stream.destroy();
  }

  get destroyed(): boolean {
    return this.#stream.destroyed;
  }
}

export class Http2Origin {
  readonly #origin: string;
  readonly #tls: SessionTls;
  #session: ClientHttp2Session | undefined;
  /** Streams open per session: a session holds the process open only while it has some. */
  readonly #open = new WeakMap<ClientHttp2Session, number>();
  readonly #probing = new WeakSet<ClientHttp2Session>();
  readonly #probeTimeoutMs: number;

  constructor(origin: string, tls: SessionTls, options: { probeTimeoutMs?: number } = {}) {
    this.#origin = origin;
    this.#tls = tls;
    this.#probeTimeoutMs = options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
  }

  /** Sends one request and resolves with its status and headers; the body streams (watches, list pages). */
  request(url: URL, req: StreamRequest): Promise<ResponseData> {
    return new Promise<ResponseData>((resolve, reject) => {
      this.#start(url, req, reject, (stream, statusCode, head) =>
        resolve(new Answer(statusCode, head, new StreamBody(stream))),
      );
    });
  }

  /** Sends one request and reads its whole answer (unary calls: no stream machinery per body). */
  requestBuffered(url: URL, req: StreamRequest): Promise<BufferedResponse> {
    return new Promise<BufferedResponse>((resolve, reject) => {
      let settled = false;
      const fail = (err: unknown) => {
        if (settled) return;
        settled = true;
        reject(err);
      };
      this.#start(url, req, fail, (stream, statusCode, head) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.once('end', () => {
          if (settled) return;
          settled = true;
          const body =
            chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
          resolve(new Answer(statusCode, head, body));
        });
        // Reset or cut before the end: fail rather than hand out half a body. (The settled check comes
        // first: an Error captures a stack, and every answered stream closes.)
        stream.once('close', () => {
          if (!settled)
            fail(new Error(`${req.method} ${url.pathname}: the stream closed before its body ended`));
        });
      });
    });
  }

  /** Ends the session once its streams are done (cut after a short grace); a later request opens a new one. */
  async close(): Promise<void> {
    const session = this.#session;
    this.#session = undefined;
    if (session === undefined || session.destroyed) return;
    await new Promise<void>((resolve) => {
      const cut = setTimeout(() => session.destroy(), CLOSE_GRACE_MS);
      cut.unref();
      // Listened to here: close() ignores its callback on a session already closing (after a GOAWAY).
      session.once('close', () => {
        clearTimeout(cut);
        resolve();
      });
      session.close();
    });
  }

  /**
   * Opens the stream and calls `onResponse` with its head, or `fail` with why it got none. After the head,
   * `fail` is still called once the signal aborts: a caller that already settled ignores it.
   */
  #start(
    url: URL,
    req: StreamRequest,
    fail: (err: unknown) => void,
    onResponse: (stream: ClientHttp2Stream, statusCode: number, head: IncomingHttpHeaders) => void,
  ): void {
    const { signal } = req;
    if (signal?.aborted) {
      fail(signal.reason);
      return;
    }
    let session: ClientHttp2Session;
    let stream: ClientHttp2Stream;
    try {
      session = this.#current();
      const headers: OutgoingHttpHeaders = {
        ...req.headers,
        ':method': req.method,
        ':path': `${url.pathname}${url.search}`,
      };
      stream = session.request(headers, { endStream: req.body === undefined });
    } catch (err) {
      fail(
        new Error(`${req.method} ${url.pathname}: cannot open a stream to ${this.#origin}`, { cause: err }),
      );
      return;
    }
    this.#track(session, stream);
    let answered = false;
    const onAbort = () => {
      const reason: unknown = signal?.reason;
      // Before the head this rejects the request; after it, a buffered read (a streamed one gets the reason
      // from its body instead).
      fail(reason);
      // Given up on: cancel the stream, and make sure the session is still alive (a dead one would take every
      // later request with it until the kernel notices, which can be many minutes).
      if (!stream.closed) stream.close(NGHTTP2_CANCEL);
      stream.destroy(answered ? asError(reason) : undefined);
      this.#probe(session);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    // A stream error after the head also reaches whoever reads a streamed body; this listener keeps an unread,
    // failing stream from being an unhandled 'error' event.
    stream.on('error', (err) => fail(err));
    stream.once('close', () => {
      signal?.removeEventListener('abort', onAbort);
      if (!answered) fail(new Error(`${req.method} ${url.pathname}: the stream closed without an answer`));
    });
    stream.once('response', (head) => {
      answered = true;
      onResponse(stream, Number(head[':status']), head);
    });
    if (req.body !== undefined) stream.end(req.body);
  }

  #current(): ClientHttp2Session {
    const existing = this.#session;
    if (existing !== undefined && !existing.closed && !existing.destroyed) return existing;
    const { ca, cert, key, rejectUnauthorized } = this.#tls;
    const session = connect(this.#origin, {
      ...(ca === undefined ? {} : { ca }),
      ...(cert === undefined ? {} : { cert }),
      ...(key === undefined ? {} : { key }),
      rejectUnauthorized,
      settings: { enablePush: false, initialWindowSize: STREAM_WINDOW },
      // Above what the session window lets arrive unread (node refuses new streams past this bound).
      maxSessionMemory: MAX_SESSION_MEMORY_MB,
    });
    session.once('connect', () => {
      try {
        session.setLocalWindowSize(SESSION_WINDOW);
      } catch {
        // Best effort: the protocol's default window only makes large bodies slower.
      }
    });
    const forget = () => {
      if (this.#session === session) this.#session = undefined;
    };
    // A session error also fails its streams, which report it to their callers.
    session.on('error', forget);
    session.once('goaway', forget);
    session.once('close', forget);
    this.#open.set(session, 0);
    // Idle, an open session does not keep the process alive (undici's pool did not either).
    session.unref();
    this.#session = session;
    return session;
  }

  #track(session: ClientHttp2Session, stream: ClientHttp2Stream): void {
    const open = (this.#open.get(session) ?? 0) + 1;
    this.#open.set(session, open);
    if (open === 1) session.ref();
    stream.once('close', () => {
      const left = (this.#open.get(session) ?? 1) - 1;
      this.#open.set(session, left);
      if (left === 0 && !session.destroyed) session.unref();
    });
  }

  #probe(session: ClientHttp2Session): void {
    if (session.destroyed || session.closed || this.#probing.has(session)) return;
    this.#probing.add(session);
    // Also bounds a session still connecting: its PING waits for the handshake, which a dead peer never ends.
    const dead = setTimeout(() => {
      session.destroy(new Error(`${this.#origin} did not answer a PING within ${this.#probeTimeoutMs} ms`));
    }, this.#probeTimeoutMs);
    dead.unref();
    try {
      session.ping((err) => {
        clearTimeout(dead);
        this.#probing.delete(session);
        if (err !== null) session.destroy(err);
      });
    } catch {
      // Closing already: a later request opens a new session anyway.
      clearTimeout(dead);
      this.#probing.delete(session);
    }
  }
}
