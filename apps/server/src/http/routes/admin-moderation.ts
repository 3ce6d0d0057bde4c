import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';

/** Back office I: photo queue, reports, sanctions. */
export const adminModerationRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, _deps) => {};
