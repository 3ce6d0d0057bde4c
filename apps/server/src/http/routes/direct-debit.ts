import {
  DirectDebitBodySchema,
  DirectDebitConfirmBodySchema,
  DirectDebitConfirmedSchema,
  DirectDebitPrefillSchema,
  DirectDebitStartedSchema,
  ErrorResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { confirmDirectDebit } from '../../services/money/direct-debit-confirm.js';
import { directDebitPrefill, startDirectDebit } from '../../services/money/direct-debit-start.js';
import { requireUser } from '../context.js';

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorResponseSchema]));

/** Direct-debit mandates confirmed by SMS code (SPEC.md 2 /directdebit, 3 Direct debit, 5, 8). */
export const directDebitRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/api/directdebit.php',
    {
      schema: {
        tags: ['money'],
        summary: "The member's last confirmed mandate (IBAN and phone masked) to prefill the form",
        response: { 200: DirectDebitPrefillSchema, ...errors(403) },
      },
    },
    async (req) => directDebitPrefill(deps.db, requireUser(req)),
  );

  app.post(
    '/api/directdebit.php',
    {
      schema: {
        tags: ['money'],
        summary: 'Start a direct-debit mandate for a package; the SMS code goes to the phone (SPEC.md 3, 8)',
        body: DirectDebitBodySchema,
        response: { 200: DirectDebitStartedSchema, ...errors(400, 403, 404, 429) },
      },
    },
    async (req) => startDirectDebit(deps, req.site, requireUser(req), req.body),
  );

  app.post(
    '/api/directdebit-confirm.php',
    {
      schema: {
        tags: ['money'],
        summary: 'Confirm the mandate with the SMS code ("Code ongeldig" when wrong) and pay by direct debit',
        body: DirectDebitConfirmBodySchema,
        response: { 200: DirectDebitConfirmedSchema, ...errors(400, 403, 404, 410, 502) },
      },
    },
    async (req) => confirmDirectDebit(deps, req.site, requireUser(req), req.body),
  );
};
