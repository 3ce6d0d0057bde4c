import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';

/** Back office II. Fictional profiles: staff create and edit them (every profile field, photos, sites and niches, the persona note). */
export const adminFictionalRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, _deps) => {};
