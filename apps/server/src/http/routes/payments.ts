import {
  CreatePaymentBodySchema,
  CreatePaymentResultSchema,
  CreditsOverviewSchema,
  ErrorResponseSchema,
  PaymentQuerySchema,
  PaymentSchema,
} from '@app/contracts';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findPayment } from '../../db/repositories/payments.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { paymentProviderFor } from '../../payments/index.js';
import { presentPayment } from '../../payments/present-payment.js';
import { testCheckoutRoutes } from '../../payments/test-checkout.js';
import { TestPaymentProvider } from '../../payments/test-provider.js';
import { creditsOverview } from '../../services/money/credits-overview.js';
import { startPayment } from '../../services/money/start-payment.js';
import { handlePaymentWebhook, isFinalPayment, syncPayment } from '../../services/money/sync-payment.js';
import { requireUser } from '../context.js';

const errors = {
  400: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  410: ErrorResponseSchema,
  502: ErrorResponseSchema,
};

/** The webhook's body: `id=<provider id>` form-encoded (Mollie, the test provider) or JSON; anything else is ignored. */
const WebhookBodySchema = z.unknown().describe('id=<provider payment id>, form-encoded or JSON');

/** The provider payment id of a webhook body, or null. */
function webhookId(body: unknown): string | null {
  const id = typeof body === 'string' ? new URLSearchParams(body).get('id') : (body as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id.length > 0 && id.length <= 200 ? id : null;
}

/** Credit packages, payments, the payment webhook and the test provider's checkout (SPEC.md 2 /credits, 6, 8). */
export const paymentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config } = deps;
  const tags = ['money'];
  await app.register(fastifyRateLimit, { global: false });
  const provider = paymentProviderFor({ ...deps, log: (msg, err) => app.log.warn({ err }, msg) });
  if (provider.name === 'test' && config.isProduction) {
    // The demo runs like this on purpose; a real site must not: its payers could "pay" for free.
    app.log.warn('payments use the built-in test provider (no MOLLIE_API_KEY): every payer can choose "paid"');
  }
  // Providers post the webhook form-encoded; this parser only applies to the routes of this plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get(
    '/api/credits.php',
    {
      schema: {
        tags,
        summary:
          'Packages, payment methods, the active discount, last order, costs and refund_days (SPEC.md 2 /credits)',
        description: 'Visitors get the packages and methods; discount and last_order are null for them.',
        response: { 200: CreditsOverviewSchema },
      },
    },
    async (req) => creditsOverview(deps, req.site, req.user),
  );

  app.post(
    '/api/payment.php',
    {
      // Each call creates a payment at the provider: 30 an hour per member is far above real use.
      config: { rateLimit: { max: 30, timeWindow: '1 hour', keyGenerator: (req) => `user:${req.user?.id ?? req.ip}` } },
      schema: {
        tags,
        summary: 'Start paying a package; answers the provider checkout URL (SPEC.md 2 /credits/{id}/{paymentmethod})',
        description:
          '403 authentication_required for visitors; 404 not_found for a package of another site or inactive; ' +
          '400 payment_method_unavailable; repeat: 403 premium_required, 404 no_previous_order; discount_* errors.',
        body: CreatePaymentBodySchema,
        response: { 200: CreatePaymentResultSchema, ...errors },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const { payment, checkoutUrl } = await startPayment(deps, req.site, user, {
        packageId: req.body.package,
        method: req.body.method,
        ...(req.body.discount_code ? { discountCode: req.body.discount_code } : {}),
        flow: req.body.repeat ? 'repeat' : 'checkout',
      });
      return { payment: presentPayment(payment), checkout_url: checkoutUrl };
    },
  );

  app.get(
    '/api/payment.php',
    {
      schema: {
        tags,
        summary: 'One payment of the member; when not final its state is fetched from the provider first (return page)',
        querystring: PaymentQuerySchema,
        response: { 200: PaymentSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const payment = await findPayment(db, req.query.payment_id);
      if (!payment || payment.user_id !== user.id) throw notFound();
      if (isFinalPayment(payment)) return presentPayment(payment);
      try {
        return presentPayment(await syncPayment(deps, payment));
      } catch (err) {
        // The provider is unreachable: show the stored state ("being processed"); the webhook follows.
        req.log.warn({ err, payment: payment.id }, 'payment sync failed');
        return presentPayment(payment);
      }
    },
  );

  app.post(
    '/api/payment-webhook.php',
    {
      schema: {
        tags,
        summary: 'Called by the payment provider with id=<provider payment id>',
        description:
          'No client header needed. The state is fetched back from the provider; unknown ids are ignored (200). ' +
          'When the state could not be fetched or stored (provider or database unreachable) it answers 503, so ' +
          'the provider calls again later instead of considering the notification delivered.',
        body: WebhookBodySchema,
        response: { 200: z.object({ ok: z.literal(true) }), 503: ErrorResponseSchema },
      },
    },
    async (req) => {
      const id = webhookId(req.body);
      if (id) {
        try {
          await handlePaymentWebhook(deps, req.site.id, id);
        } catch (err) {
          req.log.warn({ err, id }, 'payment webhook sync failed');
          throw Object.assign(new AppError('service_unavailable', 503), { cause: err });
        }
      }
      return { ok: true as const };
    },
  );

  if (provider instanceof TestPaymentProvider) await app.register(testCheckoutRoutes, { provider });
};
