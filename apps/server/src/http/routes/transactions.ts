import { billingCalls } from '@app/contracts';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { presentInvoice, presentTransactions } from '../../presenters/billing.js';
import { fileComplaint } from '../../services/billing/file-complaint.js';
import { listComplaints } from '../../services/billing/list-complaints.js';
import { listTransactions } from '../../services/billing/list-transactions.js';
import { viewInvoice } from '../../services/billing/view-invoice.js';
import { requireUser } from '../context.js';
import { rateLimitOptions } from '../rate-limit-store.js';
import { registerCall } from '../register-call.js';

/** Transactions, invoices and complaints (SPEC.md 2 /transactions, /complaints). */
export const transactionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // Only routes with their own `config.rateLimit` are limited (each complaint mails the member).
  await app.register(fastifyRateLimit, rateLimitOptions(app, deps));

  registerCall(app, billingCalls.transactions, async (req) =>
    presentTransactions(await listTransactions(deps, { user: requireUser(req) })),
  );

  registerCall(app, billingCalls.invoice, async (req) =>
    presentInvoice(
      await viewInvoice(deps, {
        user: requireUser(req),
        actor: req.actor,
        site: req.site,
        paymentId: req.query.payment_id,
      }),
    ),
  );

  registerCall(app, billingCalls.complaints, async (req) => listComplaints(deps, { user: requireUser(req) }));

  registerCall(
    app,
    billingCalls.fileComplaint,
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour', keyGenerator: (req) => `user:${req.user?.id ?? req.ip}` } },
    },
    async (req) => fileComplaint(deps, { site: req.site, user: requireUser(req), body: req.body }),
  );
};
