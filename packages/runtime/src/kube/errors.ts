// apiserver failures as typed errors, after k8s.io/apimachinery/pkg/api/errors: the Status reason decides the
// type (the HTTP code when there is no reason), the Status and its causes (with field paths) are kept, and the
// HTTP answer stays attached as `cause`.

/** One reason a request failed, e.g. a validation error on `metadata.name`. */
export interface StatusCause {
  reason?: string;
  message?: string;
  /** Field path, e.g. `metadata.name` or `spec.template.spec.containers[0].image`. */
  field?: string;
}

/** The apiserver's metav1.Status body of a failed request. */
export interface KubeStatus {
  kind?: string;
  apiVersion?: string;
  status?: string;
  message?: string;
  reason?: string;
  code?: number;
  details?: {
    name?: string;
    group?: string;
    kind?: string;
    uid?: string;
    causes?: StatusCause[];
    retryAfterSeconds?: number;
  };
}

export interface KubeErrorInit {
  code: number;
  status?: KubeStatus;
  /** What was being done, e.g. `get configmaps ns/name`, for the message. */
  operation?: string;
  headers?: Record<string, string>;
  cause?: unknown;
}

export class KubeApiError extends Error {
  /** HTTP status code. */
  readonly code: number;
  /** metav1.StatusReason, e.g. `NotFound`; empty when the apiserver gave none. */
  readonly reason: string;
  readonly status: KubeStatus | undefined;
  readonly causes: readonly StatusCause[];

  constructor(init: KubeErrorInit) {
    const detail = init.status?.message ?? `HTTP ${init.code}`;
    super(init.operation === undefined ? detail : `${init.operation}: ${detail}`, { cause: init.cause });
    this.name = new.target.name;
    this.code = init.code;
    this.reason = init.status?.reason ?? '';
    this.status = init.status;
    this.causes = init.status?.details?.causes ?? [];
  }
}

export class BadRequestError extends KubeApiError {}
export class UnauthorizedError extends KubeApiError {}
export class ForbiddenError extends KubeApiError {}
export class NotFoundError extends KubeApiError {}
export class MethodNotAllowedError extends KubeApiError {}
/** 409 Conflict: the object changed since it was read (resourceVersion mismatch); re-read and retry. */
export class ConflictError extends KubeApiError {}
/** 409 AlreadyExists: a create found an object of that name. */
export class AlreadyExistsError extends KubeApiError {}
/** 410 Gone/Expired: the resourceVersion is too old (watch or list continue); relist. */
export class GoneError extends KubeApiError {}
export class RequestEntityTooLargeError extends KubeApiError {}
export class UnsupportedMediaTypeError extends KubeApiError {}
/** 422 Invalid: the object failed validation; `causes` name the fields. */
export class InvalidError extends KubeApiError {
  /** Field paths that failed validation, e.g. `['metadata.name', 'data[bad key]']`. */
  get fields(): string[] {
    return this.causes.flatMap((c) => (c.field === undefined ? [] : [c.field]));
  }
}
/** 429: the apiserver (priority and fairness, or an eviction budget) asks to slow down. */
export class TooManyRequestsError extends KubeApiError {
  /** Seconds the server asked to wait, from the Status details or the Retry-After header. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: KubeErrorInit) {
    super(init);
    const header = init.headers?.['retry-after'] ?? init.headers?.['Retry-After'];
    const fromHeader = header === undefined ? undefined : Number(header);
    this.retryAfterSeconds =
      init.status?.details?.retryAfterSeconds ??
      (fromHeader !== undefined && Number.isFinite(fromHeader) ? fromHeader : undefined);
  }
}
export class InternalError extends KubeApiError {}
export class ServiceUnavailableError extends KubeApiError {}
/** The server could not finish in time (504, or reason Timeout/ServerTimeout); the request may be retried. */
export class ServerTimeoutError extends KubeApiError {}

type KubeErrorClass = new (init: KubeErrorInit) => KubeApiError;

const byReason: Record<string, KubeErrorClass> = {
  BadRequest: BadRequestError,
  Unauthorized: UnauthorizedError,
  Forbidden: ForbiddenError,
  NotFound: NotFoundError,
  MethodNotAllowed: MethodNotAllowedError,
  Conflict: ConflictError,
  AlreadyExists: AlreadyExistsError,
  Gone: GoneError,
  Expired: GoneError,
  RequestEntityTooLarge: RequestEntityTooLargeError,
  UnsupportedMediaType: UnsupportedMediaTypeError,
  Invalid: InvalidError,
  TooManyRequests: TooManyRequestsError,
  InternalError: InternalError,
  ServiceUnavailable: ServiceUnavailableError,
  Timeout: ServerTimeoutError,
  ServerTimeout: ServerTimeoutError,
};

const byCode: Record<number, KubeErrorClass> = {
  400: BadRequestError,
  401: UnauthorizedError,
  403: ForbiddenError,
  404: NotFoundError,
  405: MethodNotAllowedError,
  409: ConflictError,
  410: GoneError,
  413: RequestEntityTooLargeError,
  415: UnsupportedMediaTypeError,
  422: InvalidError,
  429: TooManyRequestsError,
  500: InternalError,
  503: ServiceUnavailableError,
  504: ServerTimeoutError,
};

/** The Status in an error body (JSON text, a Buffer or already parsed); text that is not JSON is the message. */
export function parseStatus(body: unknown): KubeStatus | undefined {
  let value = body;
  if (Buffer.isBuffer(value)) value = value.toString('utf8');
  if (typeof value === 'string') {
    const text = value.trim();
    try {
      value = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's error page, say): keep the text as the message.
      return text === '' ? undefined : { message: text };
    }
  }
  if (typeof value !== 'object' || value === null) return undefined;
  return value as KubeStatus;
}

/** The typed error for a status code and (optional) Status body. */
export function kubeErrorFromStatus(init: KubeErrorInit): KubeApiError {
  const reasonClass = init.status?.reason === undefined ? undefined : byReason[init.status.reason];
  const ErrorClass = reasonClass ?? byCode[init.code] ?? KubeApiError;
  return new ErrorClass(init);
}

/** The HTTP answer behind a typed error (its `cause`): status code, headers and body as received. */
export class KubeHttpError extends Error {
  readonly code: number;
  readonly headers: Record<string, string>;
  readonly body: unknown;
  constructor(request: string, response: { status: number; headers: Record<string, string>; body: unknown }) {
    super(`${request}: HTTP ${response.status}`);
    this.name = 'KubeHttpError';
    this.code = response.status;
    this.headers = response.headers;
    this.body = response.body;
  }
}

/** An error that carries an HTTP answer: a KubeHttpError, or another client's exception of the same shape. */
interface HttpAnswer {
  code: number;
  body?: unknown;
  headers?: Record<string, string>;
}

function isHttpAnswer(err: unknown): err is Error & HttpAnswer {
  return err instanceof Error && typeof (err as Partial<HttpAnswer>).code === 'number' && 'body' in err;
}

/**
 * Maps an error carrying an HTTP answer (status code and body) to its typed error; anything else (network
 * failures, aborts) comes back unchanged.
 */
export function toKubeError(err: unknown, operation?: string): unknown {
  if (err instanceof KubeApiError || !isHttpAnswer(err)) return err;
  const status = parseStatus(err.body);
  const init: KubeErrorInit = {
    code: err.code,
    cause: err,
    ...(err.headers ? { headers: err.headers } : {}),
  };
  if (status !== undefined) init.status = status;
  if (operation !== undefined) init.operation = operation;
  return kubeErrorFromStatus(init);
}
