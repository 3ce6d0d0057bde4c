import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from './deps.js';

/** Development-only pages (the local outbox); never in production. */
export const devRoutes: FastifyPluginAsyncZod<RouteDeps> = async (_app, _deps) => {};
