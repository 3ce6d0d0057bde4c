import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from './deps.js';

/** Transactions, invoices and complaints (SPEC.md 2 /transactions, /complaints). */
export const transactionRoutes: FastifyPluginAsyncZod<RouteDeps> = async (_app, _deps) => {};
