import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from './deps.js';

/** Signup, activation, password reset, mail change, account deletion (SPEC.md 4, 5, 8). */
export const accessRoutes: FastifyPluginAsyncZod<RouteDeps> = async (_app, _deps) => {};
