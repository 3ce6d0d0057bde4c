import { type Call, type CallBody, type CallQuery, type CallReply, ErrorResponseSchema } from '@app/contracts';
import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifyServerOptions,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';

/** A Fastify instance of any type provider (route plugins use the zod one, the icons the default). */
type App<P extends FastifyTypeProvider> = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  P
>;

/** The request a call's handler gets: query and body as the descriptor's schemas parsed them. */
export type CallRequest<C extends Call> = FastifyRequest<{ Querystring: CallQuery<C>; Body: CallBody<C> }>;

/**
 * A call's handler: answers the descriptor's success shape (JSON kinds), or the reply it sent itself
 * (images, pages, 204, redirects).
 */
export type CallHandler<C extends Call> = (
  req: CallRequest<C>,
  reply: FastifyReply,
) => Promise<CallReply<C> | FastifyReply> | CallReply<C> | FastifyReply;

/** Route options a descriptor does not carry: the per-route rate limit (`config.rateLimit`). */
export interface CallRouteOptions {
  config?: FastifyContextConfig;
}

/** A Fastify route constraint strategy (find-my-way's, as the router options take it). */
type ConstraintStrategy = NonNullable<NonNullable<FastifyServerOptions['routerOptions']>['constraints']>[string];
type RouteStore = Parameters<ReturnType<ConstraintStrategy['storage']>['set']>[1];

/** Name of the Fastify route constraint that tells calls sharing a method and path apart (Call.queryFlag). */
export const QUERY_FLAG_CONSTRAINT = 'queryFlag';

/**
 * The constraint strategy of Call.queryFlag: a request's value is the first query parameter of
 * `flags` it carries; a request with none ('') gets the route without the constraint.
 */
export function queryFlagStrategy(flags: readonly string[]): ConstraintStrategy {
  return {
    name: QUERY_FLAG_CONSTRAINT,
    storage() {
      const stores = new Map<unknown, RouteStore>();
      return {
        get: (value) => stores.get(value) ?? null,
        set: (value, store) => {
          stores.set(value, store);
        },
      };
    },
    deriveConstraint(req: { url?: string }): string {
      const query = req.url?.split('?')[1];
      if (!query) return '';
      const params = new URLSearchParams(query);
      return flags.find((flag) => params.has(flag)) ?? '';
    },
    mustMatchWhenDerived: false,
    validate(value: unknown) {
      if (typeof value !== 'string' || !flags.includes(value)) throw new Error(`unknown query flag ${String(value)}`);
    },
  };
}
/** The Fastify schema of a call: query, body, the success and error answers and its OpenAPI docs. */
export function callSchema(call: Call): FastifySchema & Record<string, unknown> {
  const response: Record<number, unknown> = { [call.status ?? 200]: call.response };
  for (const status of call.errors ?? []) response[status] = ErrorResponseSchema;
  const schema: FastifySchema & Record<string, unknown> = { response };
  if (call.query) schema.querystring = call.query;
  if (call.body) schema.body = call.body;
  if (call.kind === 'multipart') schema.consumes = ['multipart/form-data'];
  if (call.hidden) schema.hide = true;
  if (call.tags) schema.tags = [...call.tags];
  if (call.summary) schema.summary = call.summary;
  if (call.description) schema.description = call.description;
  return schema;
}

/**
 * Registers the route of one call descriptor from `@app/contracts` (method, path, schemas, docs), so
 * no route writes its path or schemas itself. `options.config` adds route config such as a rate limit.
 * The handler's request and answer are typed from the descriptor.
 */
export function registerCall<P extends FastifyTypeProvider, C extends Call>(
  app: App<P>,
  call: C,
  handler: CallHandler<C>,
): void;
export function registerCall<P extends FastifyTypeProvider, C extends Call>(
  app: App<P>,
  call: C,
  options: CallRouteOptions,
  handler: CallHandler<C>,
): void;
export function registerCall<P extends FastifyTypeProvider, C extends Call>(
  app: App<P>,
  call: C,
  optionsOrHandler: CallRouteOptions | CallHandler<C>,
  maybeHandler?: CallHandler<C>,
): void {
  const options = typeof optionsOrHandler === 'function' ? {} : optionsOrHandler;
  const handler = typeof optionsOrHandler === 'function' ? optionsOrHandler : maybeHandler;
  if (!handler) throw new Error(`registerCall ${call.method} ${call.path}: no handler`);
  app.route({
    method: call.method,
    url: call.path,
    schema: callSchema(call),
    ...(call.queryFlag ? { constraints: { [QUERY_FLAG_CONSTRAINT]: call.queryFlag } } : {}),
    ...(options.config ? { config: options.config } : {}),
    handler: handler as never,
  });
}
