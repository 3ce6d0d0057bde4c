import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';

/** Back office I: members report a profile or a message. */
export const reportRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, _deps) => {};
