import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';

/** Back office I: member search, detail, conversations, credits, notes. */
export const adminMemberRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, _deps) => {};
