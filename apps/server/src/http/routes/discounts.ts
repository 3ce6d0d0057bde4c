import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from './deps.js';

/** Discount codes and the time bonus (SPEC.md 3, 5, 7 GET /api/discountcode.php, 9). */
export const discountRoutes: FastifyPluginAsyncZod<RouteDeps> = async (_app, _deps) => {};
