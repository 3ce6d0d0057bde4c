import {
  type Call,
  type CallBodyInput,
  type CallQueryInput,
  type CallReply,
  CLIENT_HEADER,
  callOperation,
  HTTP_RETRIES,
} from '@app/contracts';
import { queryClient, queryKeys } from './query-client';

/** A failed API call: HTTP status plus the `{ error, message, data? }` body (SPEC.md 8). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly data: unknown;

  constructor(status: number, code: string, message: string, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.data = data;
  }
}

/** Status 0 marks a network failure (no answer at all). */
export const NETWORK_ERROR_STATUS = 0;

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const IDEMPOTENT: ReadonlySet<Method> = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);
/** Base delay of the exponential backoff, in milliseconds. */
export const BACKOFF_BASE_MS = 300;

/** Options of the transport: a JSON body, or FormData sent as multipart/form-data. */
export interface ApiOptions {
  method?: Method;
  /** Query parameters; undefined, null and '' are left out, the rest written with String(). */
  query?: object;
  body?: unknown;
  signal?: AbortSignal;
}

/** Backoff before retry `attempt` (0-based): 300 ms · 2^attempt plus up to 25% jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = BACKOFF_BASE_MS * 2 ** attempt;
  return Math.round(base + base * 0.25 * random());
}

function isRetryableStatus(status: number): boolean {
  return status === NETWORK_ERROR_STATUS || status === 429 || status >= 500;
}

function buildUrl(path: string, query: ApiOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as [string, unknown][]) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

async function toApiError(res: Response): Promise<ApiError> {
  let body: { error?: unknown; message?: unknown; data?: unknown } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    // Not JSON (a proxy error page, say): keep the status only.
  }
  const code = typeof body.error === 'string' ? body.error : res.status >= 500 ? 'internal_error' : 'general';
  const message = typeof body.message === 'string' ? body.message : res.statusText || 'Error';
  return new ApiError(res.status, code, message, body.data);
}

/** 403 authentication_required: the session is gone; log out silently (SPEC.md 4, 8). */
function handleAuthRequired(): void {
  queryClient.setQueryData(queryKeys.user, null);
}

async function attempt(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    if (init.signal?.aborted) throw err;
    throw new ApiError(NETWORK_ERROR_STATUS, 'network', err instanceof Error ? err.message : 'Network error');
  }
}

/** The request body and its content type: FormData as it is (the browser sets the boundary), else JSON. */
function encodeBody(body: unknown): { body?: BodyInit; type?: string } {
  if (body === undefined) return {};
  if (typeof FormData !== 'undefined' && body instanceof FormData) return { body };
  return { body: JSON.stringify(body), type: 'application/json' };
}

/**
 * The transport under `call`: calls `path` and resolves with the parsed JSON answer (undefined for 204).
 * Idempotent methods are retried up to HTTP_RETRIES times (SPEC.md 7) on network errors, 5xx and 429;
 * 4xx answers and non-idempotent methods never are. Throws ApiError. Feature code uses `call`, which
 * takes the path and types from a descriptor of `@app/contracts`.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { [CLIENT_HEADER.name]: CLIENT_HEADER.value, accept: 'application/json' };
  const encoded = encodeBody(options.body);
  if (encoded.type) headers['content-type'] = encoded.type;
  const init: RequestInit = {
    method,
    headers,
    credentials: 'same-origin',
    body: encoded.body,
    signal: options.signal,
  };
  const url = buildUrl(path, options.query);
  const maxRetries = IDEMPOTENT.has(method) ? HTTP_RETRIES : 0;

  for (let retry = 0; ; retry++) {
    let error: ApiError;
    try {
      const res = await attempt(url, init);
      if (res.ok) return (res.status === 204 ? undefined : await res.json()) as T;
      error = await toApiError(res);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      error = err;
    }
    if (error.status === 403 && error.code === 'authentication_required') handleAuthRequired();
    if (retry >= maxRetries || !isRetryableStatus(error.status)) throw error;
    await sleep(backoffDelay(retry), options.signal ?? undefined);
  }
}

/** True when `err` is an ApiError with the given code. */
export function isApiError(err: unknown, code?: string): err is ApiError {
  return err instanceof ApiError && (code === undefined || err.code === code);
}

/** Replies are checked against the descriptor's schema in development and in tests, never in production. */
const VALIDATES_REPLIES = import.meta.env.DEV || import.meta.env.MODE === 'test';

/** A descriptor the client calls itself: JSON answers (a JSON or a multipart request). */
export type ClientCall = Call & { kind: 'json' | 'multipart' };

/** `{ K?: T }` when T has no required key (so the input may be left out), else `{ K: T }`; not distributed over unions. */
type OptionalWhenEmpty<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : // biome-ignore lint/complexity/noBannedTypes: `{}` asks "has no required key"
    {} extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/**
 * What `call` takes for descriptor C: `query` and `body` typed from its schemas (required when they
 * have required fields), `form` (FormData) for a multipart call, and an AbortSignal.
 */
export type CallOptions<C extends ClientCall> = { signal?: AbortSignal } & OptionalWhenEmpty<
  'query',
  CallQueryInput<C>
> &
  (C extends { kind: 'multipart' } ? { form: FormData } : OptionalWhenEmpty<'body', CallBodyInput<C>>);

type CallArgs<C extends ClientCall> =
  // biome-ignore lint/complexity/noBannedTypes: options may be left out when nothing in them is required
  {} extends CallOptions<C> ? [options?: CallOptions<C>] : [options: CallOptions<C>];

/**
 * Checks a reply against the descriptor's response schema in development and tests and answers it as
 * the descriptor's reply type (the reply itself, unchanged, so development behaves as production).
 * @throws ApiError invalid_reply when the server's answer does not match its contract.
 */
export function checkReply<C extends Call>(descriptor: C, reply: unknown, status = 200): CallReply<C> {
  if (!VALIDATES_REPLIES) return reply as CallReply<C>;
  const result = descriptor.response.safeParse(reply);
  if (!result.success) {
    const message = `${callOperation(descriptor)} answered outside its contract: ${result.error.message}`;
    throw new ApiError(status, 'invalid_reply', message, result.error.issues);
  }
  return reply as CallReply<C>;
}

/**
 * Calls one API call of `@app/contracts` (SPEC.md 7): method and path from the descriptor, `query` and
 * `body` (or `form` for multipart) typed from its schemas; resolves with its typed reply, checked in
 * development and tests. Client header, retries of idempotent methods and 403 authentication_required
 * handling as `api`. @throws ApiError with the server's `{ error, message, data? }` (SPEC.md 8).
 */
export async function call<C extends ClientCall>(descriptor: C, ...[options]: CallArgs<C>): Promise<CallReply<C>> {
  const { query, body, form, signal } = (options ?? {}) as {
    query?: object;
    body?: unknown;
    form?: FormData;
    signal?: AbortSignal;
  };
  const reply = await api<unknown>(descriptor.path, { method: descriptor.method, query, body: form ?? body, signal });
  return checkReply(descriptor, reply);
}
