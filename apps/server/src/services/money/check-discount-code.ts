import type { PaymentMethod } from '@app/contracts';
import { findActivePackagePrice } from '../../db/repositories/discount-codes.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { type MemberDiscount, memberDiscount, typedCode } from './discounts.js';

type PackagePrice = { price_cents: number; currency: string };

/**
 * Checks a code the member typed (GET /api/discountcode.php?code=), against `packageId` and `method`
 * when given (SPEC.md 3, 5). Returns the code as a MemberDiscount. Input: `{ site, user, code,
 * packageId?, method? }` (minimum order values in cents); checked at `deps.clock.now()`.
 * @throws AppError not_found (404, unknown package), discount_not_found (404), discount_used (409),
 *   discount_expired (410), discount_minimum_order (400, data {amount}), discount_country (400),
 *   discount_method (400)
 */
export async function checkDiscountCode(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: {
    site: SiteRow;
    user: UserRow;
    code: string;
    packageId?: number | undefined;
    method?: PaymentMethod | undefined;
  },
): Promise<MemberDiscount> {
  const { db } = deps;
  const { site, user } = input;
  const now = deps.clock.now();
  let pkg: PackagePrice | undefined;
  if (input.packageId !== undefined) {
    pkg = (await findActivePackagePrice(db, site.id, input.packageId)) ?? undefined;
    if (!pkg) throw notFound();
  }
  const row = await typedCode(db, site, user, { code: input.code, package: pkg, method: input.method, now });
  return memberDiscount(row, user, now);
}
