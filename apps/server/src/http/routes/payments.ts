import { moneyCalls } from '@app/contracts';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { paymentProviderFor } from '../../payments/index.js';
import { testCheckoutRoutes } from '../../payments/test-checkout.js';
import { TestPaymentProvider } from '../../payments/test-provider.js';
import { presentDiscount } from '../../presenters/discount.js';
import { presentPayment } from '../../presenters/payment.js';
import { handlePaymentWebhook } from '../../services/money/handle-payment-webhook.js';
import { startPayment } from '../../services/money/start-payment.js';
import { isFinalPayment, syncPayment } from '../../services/money/sync-payment.js';
import { viewCredits } from '../../services/money/view-credits.js';
import { viewPayment } from '../../services/money/view-payment.js';
import { requireUser } from '../context.js';
import { rateLimitOptions } from '../rate-limit-store.js';
import { registerCall } from '../register-call.js';

/** The provider payment id of a webhook body, or null. */
function webhookId(body: unknown): string | null {
  const id = typeof body === 'string' ? new URLSearchParams(body).get('id') : (body as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id.length > 0 && id.length <= 200 ? id : null;
}

/** Credit packages, payments, the payment webhook and the test provider's checkout (SPEC.md 2 /credits, 6, 8). */
export const paymentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { config } = deps;
  await app.register(fastifyRateLimit, rateLimitOptions(app, deps));
  const provider = paymentProviderFor({ ...deps, log: (msg, err) => app.log.warn({ err }, msg) });
  if (provider.name === 'test' && config.isProduction) {
    // The demo runs like this on purpose; a real site must not: its payers could "pay" for free.
    app.log.warn('payments use the built-in test provider (no MOLLIE_API_KEY): every payer can choose "paid"');
  }
  // Providers post the webhook form-encoded; this parser only applies to the routes of this plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  registerCall(app, moneyCalls.credits, async (req) => {
    const credits = await viewCredits(deps, { site: req.site, user: req.user });
    return { ...credits, discount: credits.discount && presentDiscount(credits.discount) };
  });

  // Each call creates a payment at the provider: 30 an hour per member is far above real use.
  registerCall(
    app,
    moneyCalls.startPayment,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 hour', keyGenerator: (req) => `user:${req.user?.id ?? req.ip}` } },
    },
    async (req) => {
      const user = requireUser(req);
      const { payment, checkoutUrl } = await startPayment(deps, {
        site: req.site,
        user,
        packageId: req.body.package,
        method: req.body.method,
        ...(req.body.discount_code ? { discountCode: req.body.discount_code } : {}),
        flow: req.body.repeat ? 'repeat' : 'checkout',
      });
      return { payment: presentPayment(payment), checkout_url: checkoutUrl };
    },
  );

  registerCall(app, moneyCalls.payment, async (req) => {
    const user = requireUser(req);
    const payment = await viewPayment(deps, {
      actor: req.actor,
      site: req.site,
      user,
      paymentId: req.query.payment_id,
    });
    if (isFinalPayment(payment)) return presentPayment(payment);
    try {
      return presentPayment(await syncPayment(deps, { payment }));
    } catch (err) {
      // The provider is unreachable: show the stored state ("being processed"); the webhook follows.
      req.log.warn({ err, payment: payment.id }, 'payment sync failed');
      return presentPayment(payment);
    }
  });

  registerCall(app, moneyCalls.paymentWebhook, async (req) => {
    const id = webhookId(req.body);
    if (id) {
      try {
        await handlePaymentWebhook(deps, { siteId: req.site.id, providerId: id });
      } catch (err) {
        req.log.warn({ err, id }, 'payment webhook sync failed');
        throw Object.assign(new AppError('service_unavailable', 503), { cause: err });
      }
    }
    return { ok: true as const };
  });

  if (provider instanceof TestPaymentProvider) await app.register(testCheckoutRoutes, { provider });
};
