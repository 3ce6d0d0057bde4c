import { platformCalls } from '@app/contracts';
/**
 * The test provider's own checkout page (DECISIONS.md: paid, failed or cancelled, plus "stays
 * pending"). It plays a third party's page, outside /api and our client, so it is plain
 * server-rendered HTML in English like a provider's sandbox page, not a catalogue screen.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TestProviderPaymentRow } from '../db/repositories/test-provider.js';
import {
  TEST_CHECKOUT_OUTCOMES,
  type TestCheckoutOutcome,
  type TestPaymentProvider,
  testCheckoutPath,
} from './test-provider.js';

const LABELS: Record<TestCheckoutOutcome, string> = {
  paid: 'Paid',
  failed: 'Failed',
  canceled: 'Cancelled',
  open: 'Stays pending',
};

/** Text for HTML content and attribute values. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(cents / 100);
}

/** The checkout page of one payment: its amount and description, and one button per outcome. */
export function renderCheckoutPage(row: TestProviderPaymentRow): string {
  const isOpen = row.status === 'open';
  const buttons = TEST_CHECKOUT_OUTCOMES.map(
    (o) => `<button type="submit" name="outcome" value="${o}" data-outcome="${o}">${LABELS[o]}</button>`,
  ).join('\n      ');
  const body = isOpen
    ? `<form method="post" action="${escapeHtml(testCheckoutPath(row.id))}">
      <p>Choose the outcome of this payment:</p>
      ${buttons}
    </form>`
    : `<p>This payment is <strong>${escapeHtml(row.status)}</strong>.</p>
    <p><a href="${escapeHtml(row.redirect_url)}">Back to the shop</a></p>`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>Test payment provider</title>
  <style>
    body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #222; }
    .notice { background: #fff3cd; border: 1px solid #e0c36a; padding: .75rem; border-radius: .5rem; }
    .amount { font-size: 2rem; font-weight: 700; margin: .5rem 0; }
    button { display: block; width: 100%; margin: .5rem 0; padding: .75rem; font-size: 1rem; border-radius: .5rem; border: 1px solid #999; cursor: pointer; }
    button[value=paid] { background: #198754; color: #fff; border-color: #198754; }
    button[value=failed], button[value=canceled] { background: #fff; color: #b02a37; border-color: #b02a37; }
  </style>
</head>
<body>
  <h1>Test payment provider</h1>
  <p class="notice">No real money moves here. This page stands in for a payment provider while none is configured (MOLLIE_API_KEY).</p>
  <p class="amount" data-testid="amount">${escapeHtml(formatAmount(row.amount_cents, row.currency))}</p>
  <p data-testid="description">${escapeHtml(row.description)}</p>
  <p>Method: ${escapeHtml(row.method)} · Payment ${escapeHtml(row.id)}</p>
  ${body}
</body>
</html>
`;
}

/**
 * GET and POST /test-provider/checkout/:id: the page, and the payer's choice (form field `outcome`),
 * which sets the status, calls the webhook (a real HTTP POST, awaited) and sends the payer back to
 * the return URL with 303. Registered only while the test provider is the active one.
 */
export const testCheckoutRoutes: FastifyPluginAsync<{ provider: TestPaymentProvider }> = async (app, { provider }) => {
  const params = (req: { params: unknown }) => (req.params as { id: string }).id;

  app.get(platformCalls.testCheckoutPage.path, { schema: { hide: true } }, async (req, reply) => {
    const row = await provider.find(params(req));
    reply.header('cache-control', 'no-store');
    if (!row) return reply.status(404).type('text/plain').send('Unknown test payment');
    return reply.type('text/html; charset=utf-8').send(renderCheckoutPage(row));
  });

  app.post(platformCalls.testCheckoutChoice.path, { schema: { hide: true } }, async (req, reply) => {
    const outcome = (req.body as { outcome?: string } | undefined)?.outcome;
    if (!TEST_CHECKOUT_OUTCOMES.includes(outcome as TestCheckoutOutcome)) {
      return reply.status(400).type('text/plain').send('Unknown outcome');
    }
    const row = await provider.checkout(params(req), outcome as TestCheckoutOutcome);
    if (!row) return reply.status(404).type('text/plain').send('Unknown test payment');
    return reply.redirect(row.redirect_url, 303);
  });
};
