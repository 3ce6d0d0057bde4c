import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from './deps.js';

/** Credit packages, payments, the payment webhook and the test provider's checkout (SPEC.md 2 /credits, 6, 8). */
export const paymentRoutes: FastifyPluginAsyncZod<RouteDeps> = async (_app, _deps) => {};
