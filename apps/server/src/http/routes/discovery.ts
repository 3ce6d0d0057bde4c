import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from './deps.js';

/** Likes, matches, auto-like, swipe game, match finder, icebreakers and blocking (SPEC.md 2-7). */
export const discoveryRoutes: FastifyPluginAsyncZod<RouteDeps> = async (_app, _deps) => {};
