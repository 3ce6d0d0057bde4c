import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';

/** Back office II. The shop of a site: credit packages, gifts, discount codes, the welcome discount and the time bonus. */
export const adminShopRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, _deps) => {};
