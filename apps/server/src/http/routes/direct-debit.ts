import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from './deps.js';

/** Direct-debit mandates confirmed by SMS code (SPEC.md 2 /directdebit, 3, 8). */
export const directDebitRoutes: FastifyPluginAsyncZod<RouteDeps> = async (_app, _deps) => {};
