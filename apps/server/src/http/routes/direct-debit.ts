import { billingCalls } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { presentPayment } from '../../presenters/payment.js';
import { confirmDirectDebit } from '../../services/money/confirm-direct-debit.js';
import { prefillDirectDebit } from '../../services/money/prefill-direct-debit.js';
import { startDirectDebit } from '../../services/money/start-direct-debit.js';
import { requireUser } from '../context.js';
import { registerCall } from '../register-call.js';

/** Direct-debit mandates confirmed by SMS code (SPEC.md 2 /directdebit, 3 Direct debit, 5, 8). */
export const directDebitRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerCall(app, billingCalls.directDebitPrefill, async (req) =>
    prefillDirectDebit(deps, { user: requireUser(req) }),
  );

  registerCall(app, billingCalls.startDirectDebit, async (req) =>
    startDirectDebit(deps, { site: req.site, user: requireUser(req), body: req.body }),
  );

  registerCall(app, billingCalls.confirmDirectDebit, async (req) => {
    const { payment } = await confirmDirectDebit(deps, { site: req.site, user: requireUser(req), ...req.body });
    return { payment: presentPayment(payment) };
  });
};
