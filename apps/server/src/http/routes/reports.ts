import { reportCalls } from '@app/contracts';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { reportProfile } from '../../services/moderation/report-profile.js';
import { requireUser } from '../context.js';
import { rateLimitOptions } from '../rate-limit-store.js';
import { registerCall } from '../register-call.js';

/** Reports a member may file in a day. */
const REPORTS_PER_DAY = 20;

/** Back office I: members report a profile or a message (DECISIONS.md). */
export const reportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // Only routes with their own `config.rateLimit` are limited, per member across every instance.
  await app.register(fastifyRateLimit, rateLimitOptions(app, deps));

  registerCall(
    app,
    reportCalls.report,
    {
      config: {
        rateLimit: {
          max: REPORTS_PER_DAY,
          timeWindow: '1 day',
          keyGenerator: (req) => `report:${req.user?.id ?? req.ip}`,
        },
      },
    },
    async (req) => reportProfile(deps, { actor: req.actor, site: req.site, user: requireUser(req), body: req.body }),
  );
};
