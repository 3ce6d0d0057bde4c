import { CLIENT_HEADER, HTTP_RETRIES } from '@app/contracts';
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

export interface ApiOptions {
  method?: Method;
  query?: Record<string, string | number | boolean | null | undefined>;
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
  for (const [key, value] of Object.entries(query)) {
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

/**
 * Calls the API and resolves with the parsed JSON answer.
 * Idempotent methods are retried up to HTTP_RETRIES times (SPEC.md 7) on network errors, 5xx and 429;
 * 4xx answers and non-idempotent methods never are. Throws ApiError.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { [CLIENT_HEADER.name]: CLIENT_HEADER.value, accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const init: RequestInit = {
    method,
    headers,
    credentials: 'same-origin',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
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
