import { discountedCents, moneyCalls, type PaymentMethod } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { type CreditPackageRow, findActivePackage } from '../../db/repositories/credit-packages.js';
import {
  findLastDirectDebitProviderId,
  findLastPaidPayment,
  findPaymentHoldingClaim,
  insertPayment,
  moveOpenPayment,
  setProviderPayment,
} from '../../db/repositories/payments.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { payments } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { PaymentProvider } from '../../payments/provider.js';
import { siteUrl } from '../sites/site-url.js';
import { resolveDiscountForPayment } from './discounts.js';
import type { PaymentDeps } from './payment-deps.js';
import { syncPayment } from './sync-payment.js';

export type PaymentRow = typeof payments.$inferSelect;

/** How a payment is started: the provider's checkout, a repeat order, or a confirmed direct-debit mandate. */
export interface StartPaymentInput {
  packageId: number;
  method: PaymentMethod;
  discountCode?: string;
  flow: 'checkout' | 'repeat' | 'direct_debit';
  /** Flow direct_debit: the confirmed mandate's account holder and IBAN, for the provider's own mandate (Mollie). */
  directDebit?: { accountHolder: string; iban: string };
}

const methodUnavailable = () => new AppError('payment_method_unavailable', 400);

/** Repeat order (SPEC.md 2 /credits/repeat-order, 6): premium members only, their last paid package and method. */
async function repeatOrder(db: Db, user: UserRow): Promise<{ packageId: number; method: PaymentMethod }> {
  if (!user.paid_user) throw new AppError('premium_required', 403, { reason: 'repeat_order' });
  const last = await findLastPaidPayment(db, user.id);
  if (!last) throw new AppError('no_previous_order', 404);
  return { packageId: last.package_id, method: last.method as PaymentMethod };
}

/**
 * Whether the method can pay this package: sdd only through the direct-debit mandate form (our
 * own), every other method only when the provider offers it for the amount.
 */
async function assertMethod(provider: PaymentProvider, pkg: CreditPackageRow, method: PaymentMethod, flow: string) {
  if (flow === 'direct_debit' || method === 'sdd') {
    if (flow !== 'direct_debit' || method !== 'sdd') throw methodUnavailable();
    return;
  }
  const offered = await provider.listMethods(pkg.price_cents, pkg.currency);
  if (!offered.includes(method)) throw methodUnavailable();
}

/**
 * Stores a new payment that holds `claim` (a once-only discount, services/money/discounts.ts discountClaim).
 * The unique index payments_discount_claim_key lets one open, pending or paid payment hold a claim,
 * so of several starts at once only the first gets the discount. When the holder is still open, it
 * is synced from the provider first (the payer may have cancelled it there) and the insert tried once more.
 * @throws AppError discount_used (409, data {payment_id} of the holding payment) while another payment holds the claim
 */
async function insertClaimingPayment(
  deps: PaymentDeps,
  claim: string | null,
  values: Parameters<typeof insertPayment>[1],
): Promise<PaymentRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await insertPayment(deps.db, values);
    } catch (err) {
      if (!claim || !isUniqueViolation(err, 'payments_discount_claim_key')) throw err;
      const holder = await findPaymentHoldingClaim(deps.db, claim);
      if (holder && attempt === 0) {
        const synced = await syncPayment(deps, { payment: holder }).catch(() => holder);
        if (synced.status !== holder.status) continue;
      }
      if (!holder && attempt === 0) continue;
      throw new AppError('discount_used', 409, holder ? { payment_id: holder.id } : undefined);
    }
  }
}

/**
 * Starts paying a credit package (SPEC.md 2 /credits/{id}/{paymentmethod}, 6 Payment states): the
 * package must be the site's and active, the method offered by the provider (sdd: direct-debit flow
 * only); applies the discount (services/money/discounts.ts; amount = discountedCents), stores the payment
 * (status open), creates it at the provider with the return URL
 * `<site origin>/credits/${package}/${method}?payment_id=${id}` and the webhook
 * `<site origin>/api/payment-webhook.php` (services/sites/site-url.ts: configured, never the request's), and returns where to send the payer. Flow `repeat` takes the
 * member's last paid package and method instead of the input's. A direct debit passes the mandate's
 * account to the provider (Mollie collects with its own mandate) and is synced at once (the provider
 * may have settled it already). Amounts in cents. Input: `{ site, user, packageId, method,
 * discountCode?, flow, directDebit? }` (StartPaymentInput plus who pays on which site).
 * @throws AppError not_found (404, package), payment_method_unavailable (400), premium_required (403,
 *   repeat by a free member), no_previous_order (404), payment_failed (502, provider refused), discount_* errors,
 *   discount_used (409) also while another unfinished payment of the member holds a once-only discount
 */
export async function startPayment(
  deps: PaymentDeps,
  input: StartPaymentInput & { site: SiteRow; user: UserRow },
): Promise<{ payment: PaymentRow; checkoutUrl: string }> {
  const { db, clock } = deps;
  const { site, user } = input;
  const order = input.flow === 'repeat' ? await repeatOrder(db, user) : input;
  const pkg = await findActivePackage(db, site.id, order.packageId);
  if (!pkg) throw notFound();
  const provider = deps.payments.forSite(site.id);
  await assertMethod(provider, pkg, order.method, input.flow);
  const now = clock.now();
  const discount = await resolveDiscountForPayment(db, site, user, {
    code: input.discountCode,
    package: { price_cents: pkg.price_cents, currency: pkg.currency },
    method: order.method,
    now,
  });
  const amount = discountedCents(pkg.price_cents, discount?.value_percentage ?? null);
  const stored = await insertClaimingPayment(deps, discount?.claim ?? null, {
    site_id: site.id,
    user_id: user.id,
    package_id: pkg.id,
    credits: pkg.credits,
    amount_cents: amount,
    original_cents: pkg.price_cents,
    currency: pkg.currency,
    discount_code_id: discount?.id ?? null,
    discount_percentage: discount?.value_percentage ?? null,
    discount_claim: discount?.claim ?? null,
    method: order.method,
    flow: input.flow,
    provider: provider.name,
    status: 'open',
    created_at: now,
    updated_at: now,
  });

  const directDebit = input.flow === 'direct_debit' &&
    input.directDebit && {
      ...input.directDebit,
      previousPaymentId: (await findLastDirectDebitProviderId(db, user.id, provider.name)) ?? undefined,
    };
  let created: { id: string; checkoutUrl: string };
  try {
    created = await provider.createPayment({
      amountCents: amount,
      currency: pkg.currency,
      // Shown by the provider and on bank statements; "credits" reads the same in every language.
      description: `${site.name}: ${pkg.credits} credits (#${stored.id})`,
      method: order.method,
      redirectUrl: siteUrl(site, deps.config, `/credits/${pkg.id}/${order.method}`, { payment_id: stored.id }),
      webhookUrl: siteUrl(site, deps.config, moneyCalls.paymentWebhook.path),
      metadata: { payment_id: stored.id, site: site.domain, user_id: user.id },
      ...(directDebit ? { directDebit } : {}),
    });
  } catch (err) {
    await moveOpenPayment(db, stored.id, 'failed', clock.now());
    // The provider's own message stays in the server log (cause), not in the member's answer.
    throw Object.assign(new AppError('payment_failed', 502), { cause: err });
  }
  const payment = await setProviderPayment(db, stored.id, created.id, created.checkoutUrl, clock.now());
  if (input.flow !== 'direct_debit') return { payment, checkoutUrl: created.checkoutUrl };
  try {
    return { payment: await syncPayment(deps, { payment }), checkoutUrl: created.checkoutUrl };
  } catch {
    // The debit exists at the provider: an unreachable provider now must not fail the member's
    // confirm (they would start a second debit); the webhook, the return page or the expiry job syncs it.
    return { payment, checkoutUrl: created.checkoutUrl };
  }
}
