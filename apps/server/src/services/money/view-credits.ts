import type { CreditPackage, CreditsOverview, PaymentMethod } from '@app/contracts';
import { type CreditPackageRow, listActivePackages } from '../../db/repositories/credit-packages.js';
import { findLastPaidPayment } from '../../db/repositories/payments.js';
import { ownProfileOf } from '../../db/repositories/profiles.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import { chatCosts } from '../chat/chat-rules.js';
import type { MemberDiscount } from './discounts.js';
import { findActiveDiscount } from './find-active-discount.js';
import type { PaymentDeps } from './payment-deps.js';

/** A package row as the wire shape; per_credit_cents to two decimals (fractional cents). */
function presentPackage(row: CreditPackageRow): CreditPackage {
  return {
    id: row.id,
    credits: row.credits,
    price_cents: row.price_cents,
    currency: row.currency,
    per_credit_cents: Math.round((row.price_cents / row.credits) * 100) / 100,
    highlighted: row.highlighted,
  };
}

/**
 * Methods to show: the provider's for the cheapest package (providers filter by amount), then sdd,
 * which is our own mandate form. A provider that cannot be reached leaves only sdd, so the page
 * still loads.
 */
async function offeredMethods(
  deps: PaymentDeps,
  siteId: number,
  packages: CreditPackageRow[],
): Promise<PaymentMethod[]> {
  const cheapest = packages.reduce<CreditPackageRow | null>(
    (a, p) => (!a || p.price_cents < a.price_cents ? p : a),
    null,
  );
  if (!cheapest) return [];
  let methods: PaymentMethod[] = [];
  try {
    methods = await deps.payments.forSite(siteId).listMethods(cheapest.price_cents, cheapest.currency);
  } catch {
    methods = [];
  }
  return [...methods.filter((m) => m !== 'sdd'), 'sdd'];
}

/**
 * GET /api/credits.php before presenting: CreditsOverview with the member's discount as a
 * MemberDiscount (the route presents it with `presentDiscount`); prices in cents, costs in credits.
 */
export type CreditsView = Omit<CreditsOverview, 'discount'> & { discount: MemberDiscount | null };

/**
 * GET /api/credits.php (SPEC.md 2 /credits, /pricing, /premium; 5; 9): the site's active packages
 * with their price per credit, the payment methods (the provider's plus sdd), the member's active
 * discount (the time bonus if present, else the welcome code; services/money/discounts.ts), the last paid
 * package and method for a premium member's repeat order, what a message (at least the minimum of
 * the member's country), a photo and a gift cost in credits, and refund_days. Visitors get the
 * packages and methods with discount and last_order null. Input: `{ site, user }` (`user` null for a
 * visitor); prices in cents, costs in credits. Returns a CreditsView (the discount not yet presented).
 */
export async function viewCredits(
  deps: PaymentDeps,
  input: { site: SiteRow; user: UserRow | null },
): Promise<CreditsView> {
  const { db } = deps;
  const { site, user } = input;
  const rows = await listActivePackages(db, site.id);
  const [methods, discount, last, own] = await Promise.all([
    offeredMethods(deps, site.id, rows),
    user ? findActiveDiscount(deps, { site, user }) : null,
    user?.paid_user ? findLastPaidPayment(db, user.id) : null,
    user ? ownProfileOf(db, user) : null,
  ]);
  const message = own ? chatCosts(site, own.profile.country).message : site.message_credits;
  return {
    packages: rows.map(presentPackage),
    methods,
    discount,
    last_order: last ? { package: last.package_id, method: last.method as PaymentMethod } : null,
    costs: { message, photo: site.photo_credits, gift: site.gift_credits },
    refund_days: site.refund_days,
  };
}
