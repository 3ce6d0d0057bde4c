import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';

/** Back office II. Sites: create a site, edit its settings (SPEC.md 3 Settings), prices and its company. */
export const adminSiteRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, _deps) => {};
