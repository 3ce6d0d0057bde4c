import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';

/** Back office II. The dashboard: figures per site and period, with CSV export. */
export const adminDashboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, _deps) => {};
