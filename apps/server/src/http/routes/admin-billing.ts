import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';

/** Back office I: complaints and payments. */
export const adminBillingRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, _deps) => {};
