import {
  ComplaintBodySchema,
  ComplaintListSchema,
  ComplaintResultSchema,
  ErrorResponseSchema,
  InvoiceSchema,
  PaymentQuerySchema,
  TransactionListSchema,
} from '@app/contracts';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { fileComplaint, listComplaints } from '../../services/billing/file-complaint.js';
import { invoiceFor } from '../../services/billing/invoice.js';
import { listTransactions } from '../../services/billing/transactions.js';
import { requireUser } from '../context.js';

const errors = { 400: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };

/** Transactions, invoices and complaints (SPEC.md 2 /transactions, /complaints). */
export const transactionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock, config, mailer }) => {
  // Only routes with their own `config.rateLimit` are limited (each complaint mails the member).
  await app.register(fastifyRateLimit, { global: false });

  app.get(
    '/api/transactions.php',
    {
      schema: {
        tags: ['money'],
        summary: "The member's credit ledger and payments, newest first (SPEC.md 2 /transactions)",
        response: { 200: TransactionListSchema, 403: ErrorResponseSchema },
      },
    },
    async (req) => listTransactions(db, requireUser(req)),
  );

  app.get(
    '/api/invoice.php',
    {
      schema: {
        tags: ['money'],
        summary: "The invoice of the member's own paid payment, VAT included (SPEC.md 2 /transactions/{id}); else 404",
        querystring: PaymentQuerySchema,
        response: { 200: InvoiceSchema, ...errors },
      },
    },
    async (req) => invoiceFor(db, req.site, requireUser(req), req.query.payment_id),
  );

  app.get(
    '/api/complaints.php',
    {
      schema: {
        tags: ['money'],
        summary: "The member's complaints, newest first (SPEC.md 2 /complaints)",
        response: { 200: ComplaintListSchema, 403: ErrorResponseSchema },
      },
    },
    async (req) => listComplaints(db, requireUser(req)),
  );

  app.post(
    '/api/complaints.php',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour', keyGenerator: (req) => `user:${req.user?.id ?? req.ip}` } },
      schema: {
        tags: ['money'],
        summary:
          "File a complaint, optionally about one of the member's payments (400 validation_failed otherwise); mails a confirmation",
        body: ComplaintBodySchema,
        response: { 200: ComplaintResultSchema, ...errors, 429: ErrorResponseSchema },
      },
    },
    async (req) => fileComplaint(db, mailer, req.site, requireUser(req), req.body, clock.now()),
  );
};
