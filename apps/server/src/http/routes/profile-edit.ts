import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from './deps.js';

/** Own profile editing, photos and geocoding (SPEC.md 2, 3, 5, 6). */
export const profileEditRoutes: FastifyPluginAsyncZod<RouteDeps> = async (_app, _deps) => {};
