import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';

/** Back office II. The operator inbox: conversations of members with fictional profiles, the lock, answers, response times. */
export const adminOperatorRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, _deps) => {};
