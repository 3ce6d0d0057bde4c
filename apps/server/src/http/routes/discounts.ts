import { moneyCalls } from '@app/contracts';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { presentDiscount } from '../../presenters/discount.js';
import { checkDiscountCode } from '../../services/money/check-discount-code.js';
import { findActiveDiscount } from '../../services/money/find-active-discount.js';
import { findWelcomeDiscount } from '../../services/money/find-welcome-discount.js';
import { viewTimeBonus } from '../../services/money/view-time-bonus.js';
import { requireUser } from '../context.js';
import { rateLimitOptions } from '../rate-limit-store.js';
import { registerCall } from '../register-call.js';

/** Discount codes and the time bonus (SPEC.md 3, 5, 7 GET /api/discountcode.php, 9). */
export const discountRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // Typed codes can be guessed: checks are limited per member (routes without a config are not).
  await app.register(fastifyRateLimit, rateLimitOptions(app, deps));
  registerCall(
    app,
    moneyCalls.discountCode,
    {
      config: { rateLimit: { max: 60, timeWindow: '1 hour', keyGenerator: (req) => `user:${req.user?.id ?? req.ip}` } },
    },
    async (req) => {
      const { code, welcome, package: packageId, method } = req.query;
      if (code) {
        return presentDiscount(
          await checkDiscountCode(deps, { site: req.site, user: requireUser(req), code, packageId, method }),
        );
      }
      // Visitors have no welcome code (SPEC.md 6); the client ignores this call's errors (SPEC.md 7, 8).
      const found = !req.user
        ? null
        : welcome === 'true'
          ? await findWelcomeDiscount(deps, { site: req.site, user: req.user })
          : await findActiveDiscount(deps, { site: req.site, user: req.user });
      if (!found) throw new AppError('discount_not_found', 404);
      return presentDiscount(found);
    },
  );

  registerCall(app, moneyCalls.timeBonus, async (req) => ({
    time_bonus: await viewTimeBonus(deps, { site: req.site, user: req.user }),
  }));
};
