import type { z } from 'zod';

/** HTTP methods the API uses. */
export type CallMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * How a call's request and answer travel: `json` in and out (the default); `multipart` form data in
 * (text `fields` plus a `file` part), JSON out; `form` an url-encoded body (payment providers, the test
 * checkout's form); `beacon` JSON or text/plain from navigator.sendBeacon, answered 204; `binary` a file
 * out (image bytes, a CSV export); `html` a page out; `websocket` an upgrade to the realtime socket.
 */
export type CallKind = 'json' | 'multipart' | 'form' | 'beacon' | 'binary' | 'html' | 'websocket';

/**
 * One call of the API, shared by the server (which registers its route from it) and the client (which
 * calls it through one typed function). The path is the contract of SPEC.md 7 and never changes.
 */
export interface Call {
  method: CallMethod;
  /** The route path, e.g. `/api/search.php`; parameterised pages use Fastify's `:id`. */
  path: string;
  kind: CallKind;
  /**
   * A call that shares its method and path with another is told apart by this query parameter
   * being present (SPEC.md 7: `POST /api/user.php?push=1` beside the login's `POST /api/user.php`).
   * The server routes on it (a Fastify constraint); its `query` schema must hold the parameter.
   */
  queryFlag?: string;
  /** Query string schema (server: parsed and validated; client: the `query` input). */
  query?: z.ZodType;
  /** JSON (or form) body schema. */
  body?: z.ZodType;
  /** Text fields of a `multipart` body besides `file` (read by the route, documented here). */
  fields?: z.ZodType;
  /** The success answer: JSON schema for json kinds, a described placeholder for the others. */
  response: z.ZodType;
  /** Status of the success answer (default 200). */
  status?: 200 | 204 | 303;
  /** Error statuses the call answers with `{ error, message, data? }` (SPEC.md 8). */
  errors?: readonly number[];
  /**
   * Whether the call needs `x-request-type: client` (docs/decisions/002-client-request-header.md).
   * Undefined means the default: state-changing methods need it, GET does not.
   */
  clientHeader?: boolean;
  /**
   * A back-office call (/api/admin/): `login` is open to anyone (the password step, logout);
   * `second_factor` needs a password-stage staff session; `signed_in` a full staff session;
   * `passkey_setup` a full session or the passkey-setup session of a role that requires passkeys
   * (issue: passkeys). The request context refuses others with 403 authentication_required before validation.
   */
  staff?: 'login' | 'second_factor' | 'signed_in' | 'passkey_setup';
  /** Left out of /api/openapi.json (development pages, icons, the socket). */
  hidden?: boolean;
  /** OpenAPI tags, summary and description. */
  tags?: readonly string[];
  summary?: string;
  description?: string;
}

/** Keeps the literal types of a descriptor (method, path, schemas) for inference on both sides. */
export function defineCall<const C extends Call>(call: C): C {
  return call;
}

/**
 * `METHOD path` of a call, as the authorization matrix and the route table name operations; a call
 * told apart by a query flag is `METHOD path?flag=1`.
 */
export function callOperation(call: Pick<Call, 'method' | 'path' | 'queryFlag'>): string {
  return `${call.method} ${call.path}${call.queryFlag ? `?${call.queryFlag}=1` : ''}`;
}

/** Whether a call must carry the client header: its own flag, else every method but GET. */
export function needsClientHeader(call: Pick<Call, 'method' | 'clientHeader'>): boolean {
  return call.clientHeader ?? call.method !== 'GET';
}

/** The parsed query of a call (server side), or undefined when it has none. */
export type CallQuery<C extends Call> = C extends { query: infer Q extends z.ZodType } ? z.output<Q> : undefined;
/** The parsed body of a call (server side), or undefined when it has none. */
export type CallBody<C extends Call> = C extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
/** What the client passes as query (before coercion and defaults). */
export type CallQueryInput<C extends Call> = C extends { query: infer Q extends z.ZodType } ? z.input<Q> : undefined;
/** What the client passes as body (before defaults). */
export type CallBodyInput<C extends Call> = C extends { body: infer B extends z.ZodType } ? z.input<B> : undefined;
/** The success answer of a call. */
export type CallReply<C extends Call> = z.output<C['response']>;
