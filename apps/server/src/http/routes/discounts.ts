import { DiscountCodeSchema, DiscountQuerySchema, ErrorResponseSchema, TimeBonusResultSchema } from '@app/contracts';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { activeDiscountFor, checkDiscountCode, welcomeDiscountFor } from '../../services/money/discounts.js';
import { timeBonusFor } from '../../services/money/time-bonus.js';
import { requireUser } from '../context.js';

const errors = { 400: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };

/** Discount codes and the time bonus (SPEC.md 3, 5, 7 GET /api/discountcode.php, 9). */
export const discountRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  // Typed codes can be guessed: checks are limited per member (per instance; routes without a config are not).
  await app.register(fastifyRateLimit, { global: false });
  app.get(
    '/api/discountcode.php',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 hour', keyGenerator: (req) => `user:${req.user?.id ?? req.ip}` } },
      schema: {
        tags: ['money'],
        summary:
          'A discount code (SPEC.md 7): `code` checks a typed code (for `package` and `method` when given), ' +
          '`welcome=true` answers the welcome code, neither answers the active discount; 404 discount_not_found when none',
        querystring: DiscountQuerySchema,
        response: { 200: DiscountCodeSchema, 409: ErrorResponseSchema, 410: ErrorResponseSchema, ...errors },
      },
    },
    async (req) => {
      const now = clock.now();
      const { code, welcome, package: packageId, method } = req.query;
      if (code) return checkDiscountCode(db, req.site, requireUser(req), { code, packageId, method, now });
      // Visitors have no welcome code (SPEC.md 6); the client ignores this call's errors (SPEC.md 7, 8).
      const found = !req.user
        ? null
        : welcome === 'true'
          ? await welcomeDiscountFor(db, req.site, req.user, now)
          : await activeDiscountFor(db, req.site, req.user, now);
      if (!found) throw new AppError('discount_not_found', 404);
      return found;
    },
  );

  app.get(
    '/api/time-bonus.php',
    {
      schema: {
        tags: ['money'],
        summary:
          'The time bonus (SPEC.md 4, 5, 9) with seconds_left; null for visitors, paid members and once it is gone',
        response: { 200: TimeBonusResultSchema },
      },
    },
    async (req) => ({ time_bonus: await timeBonusFor(db, req.site, req.user, clock.now()) }),
  );
};
