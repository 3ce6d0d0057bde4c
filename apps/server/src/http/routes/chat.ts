import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from './deps.js';

/** Conversations, messages, gifts and the realtime WebSocket (SPEC.md 2-7, 9). */
export const chatRoutes: FastifyPluginAsyncZod<RouteDeps> = async (_app, _deps) => {};
