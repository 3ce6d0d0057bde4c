import { platformCalls } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { registerCall } from '../register-call.js';

/**
 * The installable app per site: `GET /manifest.webmanifest` and its icons. Registered before the
 * web client so these paths never fall back to index.html.
 */
export const appManifestRoutes: FastifyPluginAsync<AppDeps> = async (app) => {
  registerCall(app, platformCalls.webManifest, async (_req, reply) => reply.code(501).send());
  registerCall(app, platformCalls.appIcon, async (_req, reply) => reply.code(501).send());
};
