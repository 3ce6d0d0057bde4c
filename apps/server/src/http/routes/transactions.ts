import { billingCalls } from '@app/contracts';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { fileComplaint, listComplaints } from '../../services/billing/file-complaint.js';
import { invoiceFor } from '../../services/billing/invoice.js';
import { listTransactions } from '../../services/billing/transactions.js';
import { requireUser } from '../context.js';
import { registerCall } from '../register-call.js';

/** Transactions, invoices and complaints (SPEC.md 2 /transactions, /complaints). */
export const transactionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock, config, mailer }) => {
  // Only routes with their own `config.rateLimit` are limited (each complaint mails the member).
  await app.register(fastifyRateLimit, { global: false });

  registerCall(app, billingCalls.transactions, async (req) => listTransactions(db, requireUser(req)));

  registerCall(app, billingCalls.invoice, async (req) =>
    invoiceFor(db, req.site, requireUser(req), req.query.payment_id),
  );

  registerCall(app, billingCalls.complaints, async (req) => listComplaints(db, requireUser(req)));

  registerCall(
    app,
    billingCalls.fileComplaint,
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour', keyGenerator: (req) => `user:${req.user?.id ?? req.ip}` } },
    },
    async (req) => fileComplaint(db, mailer, req.site, requireUser(req), req.body, clock.now()),
  );
};
